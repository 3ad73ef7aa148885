import { publicOrigin } from '../../config.ts'
import type { Env } from '../../env.ts'
import { brl, firstName, message } from '../email/templates.ts'
import type { PlanPaymentRow } from './payments.ts'

// The payer's e-mails about a fee plan's payment, in pt-BR (escaped by the outbox's template).

export type PlanNames = { plan: string; edital: string }

const editais = (env: Env) => ({ href: `${publicOrigin(env)}/usuario/editais`, label: 'Meus editais' })

export function planPaidEmail(env: Env, payment: PlanPaymentRow, names: PlanNames) {
  const split =
    payment.instalments > 1
      ? ` em ${payment.instalments}x de ${brl(Math.round(payment.amountCents / payment.instalments))}`
      : ''
  return message(
    payment.payer.email,
    `Pagamento confirmado — ${names.plan}`,
    [
      `Olá, ${firstName(payment.payer.name)}!`,
      `Recebemos o pagamento de "${names.plan}" (${brl(payment.amountCents)}${split}) da sua inscrição no edital ${names.edital}.`,
      `Comprovante: ${payment.id}.`,
    ],
    editais(env),
  )
}

export function planRefundEmail(env: Env, payment: PlanPaymentRow, names: PlanNames, chargedBack: boolean) {
  return message(
    payment.payer.email,
    `${chargedBack ? 'Pagamento contestado' : 'Estorno'} — ${names.plan}`,
    [
      `Olá, ${firstName(payment.payer.name)}!`,
      chargedBack
        ? `O pagamento de "${names.plan}" (edital ${names.edital}) foi contestado junto à operadora do cartão e o valor foi devolvido: o plano volta a constar como a pagar.`
        : `O pagamento de "${names.plan}" (edital ${names.edital}) foi estornado (${brl(payment.refundedCents || payment.amountCents)}).`,
    ],
    editais(env),
  )
}

/** A chargeback the institute won: the fee counts as paid again (as an order's, decision 023). */
export function planDisputeWonEmail(env: Env, payment: PlanPaymentRow, names: PlanNames) {
  return message(
    payment.payer.email,
    `Contestação encerrada — ${names.plan}`,
    [
      `Olá, ${firstName(payment.payer.name)}!`,
      `A contestação do pagamento de "${names.plan}" (${brl(payment.amountCents)}, edital ${names.edital}) junto à operadora do cartão terminou a favor do instituto: o pagamento vale de novo e o plano volta a constar como pago.`,
      `Comprovante: ${payment.id}.`,
    ],
    editais(env),
  )
}
