import { labelled } from './labelled.ts'
import { endsAccess, grantsAccess } from './orders.ts'
import type { OrderState } from './payments.ts'

/**
 * Calls for applications (editais): where a call, an application and a fee stand, and their names
 * in pt-BR. One home for each: the schema, the contracts and the screens import them from here.
 */

/** A call as its page shows it: a draft (unpublished), open to applications, or closed. */
export const { values: EDITAL_STATES, labels: EDITAL_STATE_LABELS } = labelled({
  draft: 'Rascunho',
  open: 'Inscrições abertas',
  closed: 'Inscrições encerradas',
})
export type EditalState = (typeof EDITAL_STATES)[number]

/** The state a call's two flags stand for. */
export function editalState(edital: { isPublished: boolean; isOpen: boolean }): EditalState {
  if (!edital.isPublished) return 'draft'
  return edital.isOpen ? 'open' : 'closed'
}

export const { values: APPLICATION_STATES, labels: APPLICATION_STATE_LABELS } = labelled({
  submitted: 'inscrição enviada',
  approved: 'aprovada',
  waitlisted: 'lista de espera',
  rejected: 'não aprovada',
  cancelled: 'cancelada',
})
export type ApplicationState = (typeof APPLICATION_STATES)[number]

/** What an administrator decides of an application. */
export const APPLICATION_DECISIONS = ['approved', 'waitlisted', 'rejected'] as const
export type ApplicationDecision = (typeof APPLICATION_DECISIONS)[number]

/**
 * A call's fees: the registration fee, payable once the student applies, and the monthly fees,
 * each with its due date, payable (and shown) once the application is approved.
 */
export const { values: FEE_KINDS, labels: FEE_KIND_LABELS } = labelled({
  registration: 'Taxa de inscrição',
  monthly: 'Mensalidade',
})
export type FeeKind = (typeof FEE_KINDS)[number]

/** What a student reads of the monthly fees before the approval (the call's page, Meus editais, a refusal). */
export const MONTHLY_FEES_AFTER_APPROVAL = 'As mensalidades são pagas depois que a inscrição é aprovada.'

/** Whether an application in this state sees (and may pay) a fee of this kind. */
export function feeApplies(kind: FeeKind, state: ApplicationState): boolean {
  if (state === 'rejected' || state === 'cancelled') return false
  return kind === 'registration' || state === 'approved'
}

/** Where one fee stands for one application, as the institute follows it. */
export const { values: FEE_STATES, labels: FEE_STATE_LABELS } = labelled({
  paid: 'Paga',
  pending: 'Aguardando pagamento',
  due: 'A pagar',
  late: 'Em atraso',
  refunded: 'Estornada',
})
export type FeeState = (typeof FEE_STATES)[number]

/** A fee unpaid after its due day (YYYY-MM-DD in Curitiba; the whole day counts) is late. */
export function isLate(dueOn: string | null, paid: boolean, today: string): boolean {
  return !paid && dueOn !== null && dueOn < today
}

/**
 * Where one fee stands for one application from its payments' states: paid (a payment the provider
 * confirmed, even partly refunded), waiting (a boleto, a debit challenge), refunded (every paying
 * payment given back), late (unpaid after its due day) or due.
 */
export function feeState(statuses: readonly OrderState[], dueOn: string | null, today: string): FeeState {
  if (statuses.some(grantsAccess)) return 'paid'
  if (statuses.includes('pending')) return 'pending'
  if (statuses.some(endsAccess)) return 'refunded'
  return isLate(dueOn, false, today) ? 'late' : 'due'
}
