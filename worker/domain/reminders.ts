import { labelled } from './labelled.ts'

/**
 * The e-mails that bring a buyer back (issue 25), each sent at most once per subject: an abandoned
 * checkout (after 1 hour, again after 24), a boleto the day before it falls due, a boleto or PIX
 * that expired unpaid, an edital's monthly fee due in 3 days, and one overdue.
 */
export const REMINDER_KIND = labelled({
  abandoned_first: 'Carrinho abandonado (1º lembrete)',
  abandoned_second: 'Carrinho abandonado (2º lembrete)',
  boleto_due: 'Boleto vence amanhã',
  boleto_expired: 'Boleto vencido',
  pix_expired: 'PIX expirado',
  fee_due: 'Mensalidade a vencer',
  fee_overdue: 'Mensalidade em atraso',
})
export const REMINDER_KINDS = REMINDER_KIND.values
export type ReminderKind = (typeof REMINDER_KINDS)[number]

/**
 * Anyone may type any address at a checkout, so an address gets at most this many abandoned-checkout
 * sequences (a first e-mail and its second) a day and a week, whatever the carts (issue 40).
 */
export const ABANDONED_SEQUENCES_PER_ADDRESS = { day: 1, week: 3 } as const

/** Why an address receives no reminder: it asked (one click), or mail to it bounced. */
export const SUPPRESSION = labelled({
  unsubscribed: 'descadastrado',
  bounced: 'devolvido',
})
export const SUPPRESSION_REASONS = SUPPRESSION.values
export type SuppressionReason = (typeof SUPPRESSION_REASONS)[number]
