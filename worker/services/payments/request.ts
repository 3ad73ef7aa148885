import type { BillingAddress, PaymentRequest } from '../../adapters/payments/types.ts'
import type { AppContext } from '../../context.ts'
import { CHECKOUT_MESSAGES } from '../../contract/checkout-messages.ts'
import { PLAN_MESSAGES } from '../../contract/plans.ts'
import type { ProviderPaymentMethod } from '../../domain/payments.ts'
import { AppError } from '../../errors.ts'
import { settingsOf } from './gateway.ts'
import { billingAddressOf, type Card, type Payment } from './ledger.ts'

// What both ledgers send the provider alike: a boleto, a card's token with its payer's address, a
// debit's authentication, and the payer; and the one check of what a payment needs to be sent.

const BOLETO_DAYS = 3

const missing = (field: 'billingAddress' | 'cardhash' | 'tds_transaction_id', message: string) =>
  new AppError('VALIDATION', message, { [field]: [message] })

/** What a payment is sent with besides its amount: a card's token, a PSP debit's authentication, the payer's address. */
export type PaymentInputs = {
  cardToken: string
  /** A PSP account's debit: the transaction id of the browser's 3DS authentication; null on a gateway account. */
  pspAuthentication: string | null
  billingAddress: BillingAddress
}

type CardMethod = 'credit_card' | 'debit_card'
/** What a submit (or the payment's row, when it is sent) brought: the card, the payer's address. */
type Given = { card: Card; billingAddress: BillingAddress | null | undefined }

/**
 * The one check of a payment's inputs, run on the submit (before anything is written or sent) and
 * again on what is sent (a card goes only with this submit's fresh token): a card needs the
 * provider's token; a debit on a PSP account, the browser's 3-D Secure authentication
 * (worker/domain/three-ds.ts); a card (the antifraud) or a registered boleto, the payer's address.
 * A 422 names the first one missing; PIX needs none of them. `method` null: a free order.
 */
export function paymentInputs(ctx: AppContext, method: CardMethod, given: Given): PaymentInputs
export function paymentInputs(
  ctx: AppContext,
  method: 'boleto',
  given: Given,
): Pick<PaymentInputs, 'billingAddress'>
export function paymentInputs(
  ctx: AppContext,
  method: ProviderPaymentMethod | null,
  given: Given,
): Partial<PaymentInputs>
export function paymentInputs(
  ctx: AppContext,
  method: ProviderPaymentMethod | null,
  given: Given,
): Partial<PaymentInputs> {
  if (method === null || method === 'pix') return {}
  if (method === 'boleto') {
    if (!given.billingAddress) throw missing('billingAddress', CHECKOUT_MESSAGES.boletoAddressRequired)
    return { billingAddress: given.billingAddress }
  }
  if (!given.card.token) throw missing('cardhash', CHECKOUT_MESSAGES.cardTokenRequired)
  const psp = method === 'debit_card' && settingsOf(ctx).accountType === 'psp'
  if (psp && !given.card.tdsTransactionId) {
    throw missing('tds_transaction_id', PLAN_MESSAGES.debitAuthenticationRequired)
  }
  if (!given.billingAddress) throw missing('billingAddress', CHECKOUT_MESSAGES.billingAddressRequired)
  return {
    cardToken: given.card.token,
    pspAuthentication: psp ? (given.card.tdsTransactionId ?? null) : null,
    billingAddress: given.billingAddress,
  }
}

/** A registered boleto names its payer's address; it is due in three days. */
export function boletoRequest(ctx: AppContext, row: Payment, instructions: string): PaymentRequest {
  const { billingAddress } = paymentInputs(ctx, 'boleto', {
    card: { token: null },
    billingAddress: billingAddressOf(row),
  })
  return {
    method: 'boleto',
    dueAt: new Date(ctx.now.getTime() + BOLETO_DAYS * 86_400_000),
    instructions,
    documentNumber: row.id.replace(/\D/g, '').slice(0, 16) || '1',
    billingAddress,
  }
}

/** A card as it is sent: this submit's fresh token, its payer's address, a PSP debit's authentication. */
export const cardInputs = (ctx: AppContext, method: CardMethod, row: Payment, card: Card) =>
  paymentInputs(ctx, method, { card, billingAddress: billingAddressOf(row) })

/** The payer as the provider order names it. */
export const customerOf = (row: Payment) => ({
  name: row.payer.name,
  email: row.payer.email,
  document: row.payer.cpf,
  phone: row.payer.phone,
  address: billingAddressOf(row),
})
