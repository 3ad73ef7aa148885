import { z } from 'zod'
import { BillingAddress, Payer } from '../../../../worker/contract/checkout.ts'
import {
  PLAN_MESSAGES,
  type Plan,
  type PlanPaymentResult,
  type PlanPurchaseInput,
} from '../../../../worker/contract/plans.ts'
import { grantsAccess } from '../../../../worker/domain/orders.ts'
import { PLAN_PAYMENT_METHODS, type PlanPaymentMethod } from '../../../../worker/domain/payments.ts'
import { ApiError } from '../../lib/api.ts'
import { errorMessage, unavailableMessage } from '../../lib/toast.ts'
import {
  addressAndCardFields,
  billingAddressInput,
  checkBillingAddress,
  checkTaker,
  emptyAddressAndCard,
  emptyTaker,
  takerFields,
  takerInput,
} from '../checkout/checkout.form.ts'

export const METHOD_REQUIRED = 'Escolha a forma de pagamento.'

/**
 * The payment-plan screen's form (SPEC sections 2 and 4): the payer (the contract's Payer, CPF
 * check digits included), the method, the instalments, the card, and the billing address (a card's
 * and a boleto's). SPEC section 5's card check runs on its own, with its joined message.
 */
export const planFormSchema = z
  .object({
    payer: Payer.omit({ id: true }),
    payment_method: z.enum(PLAN_PAYMENT_METHODS).nullable(),
    parcela: z.string(),
    /** Reminders of this application's fees by e-mail (issue 25): unticked by default. */
    reminders_consent: z.boolean(),
    /** 'Comprar como empresa' and 'Moro fora do Brasil' (issue 43): the fee's NFS-e taker. */
    ...takerFields,
    ...addressAndCardFields,
  })
  .superRefine((value, ctx) => {
    checkTaker(value, ctx)
    if (value.payment_method === null) {
      ctx.addIssue({ code: 'custom', path: ['payment_method'], message: METHOD_REQUIRED })
      return
    }
    // Every method names the payer's address: a card's antifraud, a registered boleto (issue 30).
    checkBillingAddress(value.billingAddress, ctx)
  })

/** What step 2 checks before it moves on: the payer, and who the fee's note goes to (issue 43). */
export const PAYER_STEP_FIELDS = [
  'payer.name',
  'payer.email',
  'payer.cpf',
  'payer.phone',
  'company',
  'foreign',
] as const

export type PlanFormInput = z.input<typeof planFormSchema>
export type PlanFormValues = z.output<typeof planFormSchema>

export const emptyPlanForm = (
  user: { name: string; email: string; phone: string | null },
  methods: PlanPaymentMethod[],
): PlanFormInput => ({
  payer: { name: user.name, email: user.email, cpf: '', phone: user.phone ?? '' },
  // One method only: already chosen.
  payment_method: methods.length === 1 ? methods[0]! : null,
  parcela: '1',
  reminders_consent: false,
  ...emptyTaker(),
  ...emptyAddressAndCard(),
})

const same = (a: string | null | undefined, b: string | null | undefined) =>
  (a ?? '').trim().toLowerCase() === (b ?? '').trim().toLowerCase()
const sameDigits = (a: string | null | undefined, b: string | null | undefined) =>
  (a ?? '').replace(/\D/g, '') === (b ?? '').replace(/\D/g, '')

/**
 * SPEC section 3: a payer with an id is an existing user. The payer carries the student's id when
 * it is the student's own record as it stands; a payer whose data differ goes without it, and the
 * success screen offers to bring the record up to date (SPEC 4: the user record needs updating).
 */
export function payerId(
  user: { id: number; name: string; email: string; phone: string | null },
  payer: { name: string; email: string; phone: string },
): number | undefined {
  return same(user.name, payer.name) && same(user.email, payer.email) && sameDigits(user.phone, payer.phone)
    ? user.id
    : undefined
}

export function buildPlanPurchase({
  plan,
  applicationId,
  values,
  user,
  idempotencyKey,
  cardToken,
  tdsTransactionId = null,
}: {
  plan: Plan
  applicationId: number
  values: PlanFormValues
  user: { id: number; name: string; email: string; phone: string | null }
  idempotencyKey: string
  cardToken: string | null
  /** A PSP account's debit: the browser's 3-D Secure authentication. */
  tdsTransactionId?: string | null
}): PlanPurchaseInput {
  const method = values.payment_method!
  const card = method !== 'boleto'
  const id = payerId(user, values.payer)
  const address = BillingAddress.safeParse(billingAddressInput(values.billingAddress))
  return {
    plan_id: plan.id,
    inscricao_id: applicationId,
    idempotency_key: idempotencyKey,
    ...(id !== undefined ? { id } : {}),
    name: values.payer.name,
    email: values.payer.email,
    cpf: values.payer.cpf,
    phone: values.payer.phone,
    payment_method: method,
    parcela: method === 'credit_card' ? Number(values.parcela) || 1 : 1,
    ...(card ? { cardhash: cardToken, holderName: values.card.holderName.trim().replace(/\s+/g, ' ') } : {}),
    total: plan.amount,
    billingAddress: address.success ? address.data : null,
    ...(method === 'debit_card' && tdsTransactionId ? { tds_transaction_id: tdsTransactionId } : {}),
    reminders_consent: values.reminders_consent,
    ...takerInput(values),
  }
}

export type PlanFailure = {
  message: string
  /** Code 1 and outages are also toasted (SPEC 8: a generic server error toast). */
  toast: boolean
  /** The server answered: the next submit is a new attempt with a new key. */
  final: boolean
}

type FailureBody = { code?: unknown; msg?: unknown; errors?: unknown }

/** SPEC section 8 on the plan purchase: code 1 a server error toast, 2 and 3 the errors joined. */
export function planPurchaseFailure(error: unknown): PlanFailure {
  if (!(error instanceof ApiError)) {
    return { message: PLAN_MESSAGES.serverError, toast: true, final: false }
  }
  const body = (typeof error.body === 'object' && error.body !== null ? error.body : {}) as FailureBody
  const final = error.status < 500
  const list = Array.isArray(body.errors)
    ? body.errors.filter((item): item is string => typeof item === 'string' && item !== '')
    : []
  const msg = typeof body.msg === 'string' && body.msg !== '' ? body.msg : null
  if (body.code === 1) return { message: PLAN_MESSAGES.serverError, toast: true, final }
  if (body.code === 2 || body.code === 3) {
    const message = list.length ? list.join(', ') : (msg ?? PLAN_MESSAGES.serverError)
    const unavailable = unavailableMessage(error)
    return { message: unavailable && !list.length ? unavailable : message, toast: !final, final }
  }
  const unavailable = unavailableMessage(error)
  if (unavailable) return { message: unavailable, toast: true, final: false }
  return { message: errorMessage(error, PLAN_MESSAGES.serverError), toast: false, final }
}

/** 'Pagamento aprovado', 'Boleto gerado'… the success step's words for a result. */
export function resultHeading(result: PlanPaymentResult): string {
  if (grantsAccess(result.status)) return 'Pagamento aprovado'
  if (result.payment_method === 'boleto') return 'Boleto gerado'
  if (result.status === 'pending') return 'Pagamento em andamento'
  return 'Pagamento não concluído'
}
