import { z } from 'zod'
import { emailAddress } from './auth.ts'
import { CartHash } from './cart.ts'

/** The checkbox of the checkout and of a fee plan's payment (issue 25): unticked by default. */
export const REMINDERS_CONSENT_LABEL = 'Quero receber lembretes sobre esta compra por e-mail'

export const REMINDER_MESSAGES = {
  checkoutGone: 'Este carrinho não está mais disponível. Monte o carrinho de novo para finalizar a compra.',
  badLink: 'Este link de descadastro não é válido. Use o link do e-mail mais recente que recebeu.',
  unsubscribed: 'Pronto: este endereço não receberá mais lembretes do Instituto Renalis.',
} as const

/**
 * POST /api/lembretes/checkout: the e-mail a buyer typed at the checkout, with the cart it is for.
 * `consent` false forgets that pair (the box unticked); true remembers it, or refreshes when it was seen.
 */
export const AbandonedCheckoutInput = z
  .object({
    hash: CartHash,
    email: emailAddress({ max: 254 }),
    consent: z.boolean({ error: 'Informe se quer receber lembretes.' }),
  })
  .strict()
export type AbandonedCheckoutInput = z.infer<typeof AbandonedCheckoutInput>

export const AbandonedCheckoutSaved = z.object({ saved: z.boolean() })
export type AbandonedCheckoutSaved = z.infer<typeof AbandonedCheckoutSaved>

/** An abandoned checkout's id: random, carried by the link back to it (`/checkout?retomar={id}`). */
export const CHECKOUT_ID_PATTERN = /^chk_[0-9a-f]{32}$/
export const AbandonedCheckoutId = z.string().regex(CHECKOUT_ID_PATTERN, { error: 'Link inválido.' })

/** What the link back restores in the browser: a cart hash to open the checkout with. */
export const ResumedCheckout = z.object({ hash: CartHash })
export type ResumedCheckout = z.infer<typeof ResumedCheckout>

/** The signed unsubscribe link's path (GET: the confirmation page; POST: RFC 8058's one click). */
export const UNSUBSCRIBE_PATH = '/api/lembretes/descadastrar'

/** The signed unsubscribe link's query (RFC 8058): the address and its HMAC. */
export const UnsubscribeQuery = z
  .object({
    email: emailAddress({ max: 254, invalid: REMINDER_MESSAGES.badLink }),
    token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, { error: REMINDER_MESSAGES.badLink }),
  })
  .strict()
export type UnsubscribeQuery = z.infer<typeof UnsubscribeQuery>

/** The one-click body RFC 8058 prescribes (a mail provider's POST, or the confirmation page's form). */
export const UnsubscribeBody = z.object({ 'List-Unsubscribe': z.literal('One-Click') }).strict()
