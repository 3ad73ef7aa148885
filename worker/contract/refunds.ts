import { z } from 'zod'
import { DISPUTE_STATES } from '../domain/orders.ts'
import { ORDER_STATES } from '../domain/payments.ts'
import { Reason } from './admin.ts'
import { Cents } from './money.ts'
import { WITHDRAWAL_MESSAGES } from './student.ts'

// Refunds asked from our side (POST /api/admin/pedidos/{id}/estorno): a module of their own, so the
// admin's enrollments screen shares nothing with the checkout's bundle.

/** Where a refunded boleto's money goes (a paid boleto goes back by bank transfer). */
export const RefundBankAccount = z
  .object({
    holder_name: z.string().trim().min(3).max(120),
    holder_type: z.enum(['individual', 'company']).default('individual'),
    holder_document: z.string().regex(/^\d{11}$|^\d{14}$/, { error: 'CPF ou CNPJ só com números.' }),
    bank: z.string().regex(/^\d{3}$/, { error: 'Código do banco com 3 dígitos.' }),
    branch_number: z.string().regex(/^\d{1,5}$/),
    branch_check_digit: z.string().regex(/^\w?$/).optional(),
    account_number: z.string().regex(/^\d{1,13}$/),
    account_check_digit: z.string().regex(/^\w{1,2}$/),
    type: z.enum(['checking', 'savings']),
  })
  .strict()

/** POST /api/admin/pedidos/{id}/estorno: all that is left by default, or part of it. */
export const RefundOrderInput = z
  .object({
    amount_cents: Cents.min(1, { error: 'Informe um valor a estornar.' }).optional(),
    bank_account: RefundBankAccount.optional(),
  })
  .strict()
export type RefundOrderInput = z.infer<typeof RefundOrderInput>

/** POST /api/admin/pedidos/{id}/estorno-externo: why, for the audit log. */
export const OutsideRefundInput = z
  .object({
    motivo: Reason('Diga como o valor foi devolvido.'),
  })
  .strict()

/** Where a refund through the provider stands, for an order or a plan payment. */
export const RefundOutcome = {
  status: z.enum(ORDER_STATES),
  refunded_cents: Cents,
  /** true while the provider has not confirmed: the order changes when it does (webhook). */
  awaiting_provider: z.boolean(),
  message: z.string(),
}

export const RefundOrderResult = z.object({ order_id: z.string(), ...RefundOutcome })
export type RefundOrderResult = z.infer<typeof RefundOrderResult>

/**
 * POST /api/admin/pedidos/{id}/reembolso-solicitado: the institute's answer to a buyer's request to
 * give a purchase up (an in-person class, a product, a boleto): approve (the refund goes to the
 * provider; a boleto's to `bank_account`) or refuse with an answer the buyer reads.
 */
export const WithdrawalDecisionInput = z
  .object({
    decisao: z.enum(['aprovar', 'recusar'], { error: 'Escolha aprovar ou recusar.' }),
    resposta: z.string().trim().max(1000, { error: 'No máximo 1.000 caracteres.' }).optional(),
    bank_account: RefundBankAccount.optional(),
  })
  .strict()
  .refine((value) => value.decisao === 'aprovar' || (value.resposta?.length ?? 0) >= 3, {
    path: ['resposta'],
    error: WITHDRAWAL_MESSAGES.answer,
  })
export type WithdrawalDecisionInput = z.infer<typeof WithdrawalDecisionInput>

/** What the institute's acts on a chargeback's dispute say (decision 023). */
export const CHARGEBACK_MESSAGES = {
  action: 'Escolha consultar o Pagar.me ou registrar a contestação como perdida.',
  note: 'Diga como soube que a contestação foi perdida (ex.: e-mail do Pagar.me de 10/03).',
  notDisputed: 'Este pedido não tem contestação em aberto.',
  noCharge: 'Este pedido não tem cobrança no Pagar.me para consultar.',
  won: 'O Pagar.me informa a contestação ganha: o pedido vale de novo, e as matrículas e os certificados foram restabelecidos.',
  stillOpen:
    'O Pagar.me ainda não informa contestação ganha: ela continua em aberto, e os certificados do pedido, suspensos.',
  lost: 'Contestação registrada como perdida: os certificados que o pedido pagou foram revogados.',
  alreadyLost: 'A contestação deste pedido já foi registrada como perdida.',
} as const

/**
 * POST /api/admin/pedidos/{id}/contestacao: re-read an open chargeback at Pagar.me now (a dispute
 * won shows only there), or record it lost, with how the institute learned it.
 */
export const ChargebackInput = z
  .object({
    acao: z.enum(['consultar', 'perdida'], { error: CHARGEBACK_MESSAGES.action }),
    observacao: z.string().trim().max(500, { error: 'No máximo 500 caracteres.' }).optional(),
  })
  .strict()
  .refine((value) => value.acao === 'consultar' || (value.observacao?.length ?? 0) >= 3, {
    path: ['observacao'],
    error: CHARGEBACK_MESSAGES.note,
  })
export type ChargebackInput = z.infer<typeof ChargebackInput>

export const ChargebackResult = z.object({
  order_id: z.string(),
  status: z.enum(ORDER_STATES),
  dispute: z.enum(DISPUTE_STATES).nullable(),
  message: z.string(),
})
export type ChargebackResult = z.infer<typeof ChargebackResult>

// ── A boleto paid short (issue 40, item 5) ──

export const UNDERPAID_MESSAGES = {
  note: 'Diga por que o valor recebido é aceito (ex.: diferença de tarifa bancária, combinado com o aluno).',
  notUnderpaid: 'Este pedido não está pago a menor.',
  accepted: 'Valor recebido aceito: o pedido está pago e as matrículas foram abertas.',
} as const

/** POST /api/admin/pedidos/{id}/valor-recebido: the institute accepts what arrived, and says why. */
export const AcceptUnderpaidInput = z
  .object({
    observacao: Reason(UNDERPAID_MESSAGES.note),
  })
  .strict()
export type AcceptUnderpaidInput = z.infer<typeof AcceptUnderpaidInput>

export const AcceptUnderpaidResult = z.object({
  order_id: z.string(),
  status: z.enum(ORDER_STATES),
  message: z.string(),
})
export type AcceptUnderpaidResult = z.infer<typeof AcceptUnderpaidResult>
