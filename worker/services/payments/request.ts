import type { BillingAddress, PaymentRequest } from '../../adapters/payments/types.ts'
import type { AppContext } from '../../context.ts'
import { CHECKOUT_MESSAGES } from '../../contract/checkout.ts'
import { AppError } from '../../errors.ts'
import { billingAddressOf, type Card, type Payment } from './ledger.ts'

// What both ledgers send the provider alike: a boleto, the card's token with its payer's address,
// and the payer.

const BOLETO_DAYS = 3

const missing = (field: 'billingAddress' | 'cardhash', message: string) =>
  new AppError('VALIDATION', message, { [field]: [message] })

/** A registered boleto names its payer's address; it is due in three days. */
export function boletoRequest(ctx: AppContext, row: Payment, instructions: string): PaymentRequest {
  const address = billingAddressOf(row)
  if (!address) throw missing('billingAddress', CHECKOUT_MESSAGES.boletoAddressRequired)
  return {
    method: 'boleto',
    dueAt: new Date(ctx.now.getTime() + BOLETO_DAYS * 86_400_000),
    instructions,
    documentNumber: row.id.replace(/\D/g, '').slice(0, 16) || '1',
    billingAddress: address,
  }
}

/** A card goes only with this submit's fresh token, and with its payer's address (the antifraud's). */
export function cardWithAddress(
  row: Payment,
  card: Card,
): { cardToken: string; billingAddress: BillingAddress } {
  const address = billingAddressOf(row)
  if (!card.token) throw missing('cardhash', CHECKOUT_MESSAGES.cardTokenRequired)
  if (!address) throw missing('billingAddress', CHECKOUT_MESSAGES.billingAddressRequired)
  return { cardToken: card.token, billingAddress: address }
}

/** The payer as the provider order names it. */
export const customerOf = (row: Payment) => ({
  name: row.payer.name,
  email: row.payer.email,
  document: row.payer.cpf,
  phone: row.payer.phone,
  address: billingAddressOf(row),
})
