import type { z } from 'zod'
import type { CheckoutView } from '../../../../worker/contract/cart.ts'
import { BillingAddress, CHECKOUT_MESSAGES, type PayInput } from '../../../../worker/contract/checkout.ts'
import { ApiError } from '../../lib/api.ts'
import { errorMessage, unavailableMessage } from '../../lib/toast.ts'
import { billingAddressInput, type CheckoutFormValues, takerInput } from './checkout.form.ts'

export type PayRequest = z.input<typeof PayInput>

/** One key per checkout attempt (DESIGN section 6): a retried submit of the same attempt reuses it. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
}

/** The ids triples of SPEC section 7: course, class and coupon of each turma, then the other ids. */
export function cartIds(view: CheckoutView): NonNullable<PayRequest['ids']> {
  return {
    turmas: view.turmas.map((turma) => [turma.course_id, turma.id, turma.coupon_id]),
    produtos: view.produtos.map((produto) => produto.id),
    pacotes: view.pacotes.map((pacote) => pacote.id),
    cupons: view.cupons.map((cupom) => cupom.cupom.id),
  }
}

export function buildPayInput({
  view,
  values,
  payerId,
  idempotencyKey,
  cardToken,
  charge,
  donationCents,
}: {
  view: CheckoutView
  values: CheckoutFormValues
  payerId: number | null
  idempotencyKey: string
  cardToken: string | null
  charge: { instalments: number; total: number }
  donationCents: number
}): PayRequest {
  const payable = charge.total > 0
  const card = payable && values.payment_type === 'CREDIT_CARD'
  const address = BillingAddress.safeParse(billingAddressInput(values.billingAddress))
  return {
    hash: view.hash,
    idempotency_key: idempotencyKey,
    ids: cartIds(view),
    ...(payable && values.payment_type ? { payment_type: values.payment_type } : {}),
    ...(card ? { cardhash: cardToken, holderName: values.card.holderName.trim().replace(/\s+/g, ' ') } : {}),
    total: charge.total,
    doacao: donationCents,
    parcela: card ? charge.instalments : 1,
    gifts: values.gifts.map((gift) => ({ name: gift.name, email: gift.email })),
    billingAddress: address.success ? address.data : null,
    payer: { ...(payerId !== null ? { id: payerId } : {}), ...values.payer },
    reminders_consent: values.reminders_consent,
    // The note's taker (issue 43), only with something to pay: 'Comprar como empresa', 'Moro fora
    // do Brasil' (the API takes an address abroad from any buyer, passport flag or not).
    ...(payable ? takerInput(values) : {}),
  }
}

export type PurchaseFailure =
  /** Code 1: toast and go home. */
  | { kind: 'not-found'; message: string }
  /**
   * Everything else stays on the checkout with the message. `final`: the server answered, so
   * that attempt is over and the next submit is a new attempt with a new idempotency key; after
   * a network failure or a 5xx the outcome is unknown and the same key is sent again.
   */
  | { kind: 'message'; message: string; final: boolean; totalChanged: boolean }

type PurchaseErrorBody = { code?: unknown; msg?: unknown; errors?: unknown }

/** SPEC section 8's purchase errors: codes 1, 2 and 3, 422 field errors, else 'erro ao executar a compra'. */
export function purchaseFailure(error: unknown): PurchaseFailure {
  if (!(error instanceof ApiError)) {
    return { kind: 'message', message: CHECKOUT_MESSAGES.purchaseFailed, final: false, totalChanged: false }
  }
  const body = (typeof error.body === 'object' && error.body !== null ? error.body : {}) as PurchaseErrorBody
  const msg = typeof body.msg === 'string' && body.msg !== '' ? body.msg : null
  const final = error.status < 500
  if (body.code === 1) return { kind: 'not-found', message: msg ?? CHECKOUT_MESSAGES.productNotFound }
  if (body.code === 2 && msg) {
    return { kind: 'message', message: msg, final, totalChanged: msg === CHECKOUT_MESSAGES.totalChanged }
  }
  if (body.code === 3) {
    const list = Array.isArray(body.errors)
      ? body.errors.filter((item): item is string => typeof item === 'string' && item !== '')
      : []
    const message = list.length > 0 ? list.join(', ') : (msg ?? CHECKOUT_MESSAGES.purchaseFailed)
    return { kind: 'message', message, final, totalChanged: false }
  }
  if (error.status === 422) {
    return {
      kind: 'message',
      message: errorMessage(error, CHECKOUT_MESSAGES.purchaseFailed),
      final,
      totalChanged: false,
    }
  }
  // A dependency was away: the server's words say whether anything was charged; same key next time.
  const unavailable = unavailableMessage(error)
  if (unavailable) return { kind: 'message', message: unavailable, final: false, totalChanged: false }
  return { kind: 'message', message: CHECKOUT_MESSAGES.purchaseFailed, final, totalChanged: false }
}
