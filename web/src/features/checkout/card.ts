import type { z } from 'zod'
import {
  CARD_MESSAGES,
  CHECKOUT_MESSAGES,
  type PaymentsConfig,
} from '../../../../worker/contract/checkout.ts'

/** What the buyer typed; it goes only to the gateway's tokenize URL, never to our API. */
export type CardFields = {
  number: string
  holderName: string
  /** 'MM/AA' (or 'MM/20AA', which the SPEC trims to 'MM/AA'). */
  expiry: string
  cvv: string
}

export const CARD_TOKEN_ERROR = CHECKOUT_MESSAGES.cardTokenRequired

export const cardDigits = (number: string) => number.replace(/\D/g, '')

function luhn(digits: string): boolean {
  let sum = 0
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index])
    if (index % 2 === 1) {
      digit *= 2
      if (digit > 9) digit -= 9
    }
    sum += digit
  }
  return sum % 10 === 0
}

/** SPEC section 5: '/20' is removed from the expiry, so 'MM/2031' reads as 'MM/31'. */
export function parseExpiry(expiry: string): { month: number; year: number } | null {
  const match = /^(\d{2})\/(?:20)?(\d{2})$/.exec(expiry.trim())
  if (!match) return null
  const month = Number(match[1])
  if (month < 1 || month > 12) return null
  return { month, year: 2000 + Number(match[2]) }
}

/** A card is valid through the last day of its expiry month. */
function expired({ month, year }: { month: number; year: number }, now: Date): boolean {
  return Date.UTC(year, month, 1) <= Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)
}

const HOLDER_PATTERN = /^[\p{L}][\p{L} .'-]*[\p{L}.]$/u

/**
 * SPEC section 5, before tokenising: the four checks' messages joined by ', ' as one error,
 * or null when the card may be sent to the gateway.
 */
export function checkCard(card: CardFields, now: Date): string | null {
  const failures: string[] = []
  const digits = cardDigits(card.number)
  if (digits.length < 13 || digits.length > 19 || !luhn(digits)) failures.push(CARD_MESSAGES.number)
  const holder = card.holderName.trim().replace(/\s+/g, ' ')
  if (holder.length < 3 || !HOLDER_PATTERN.test(holder)) failures.push(CARD_MESSAGES.holder)
  const expiry = parseExpiry(card.expiry)
  if (!expiry || expired(expiry, now)) failures.push(CARD_MESSAGES.expiry)
  if (!/^\d{3,4}$/.test(card.cvv.trim())) failures.push(CARD_MESSAGES.cvv)
  return failures.length > 0 ? failures.join(', ') : null
}

export class CardTokenError extends Error {
  constructor() {
    super(CARD_TOKEN_ERROR)
    this.name = 'CardTokenError'
  }
}

/**
 * Tokenizes in the browser (Pagar.me v5 shape, the sandbox gateway alike): the card number and
 * security code go to `tokenize_url` only, and our API receives the token (DESIGN section 6).
 * Any failure is a CardTokenError: the purchase is aborted.
 */
export async function tokenizeCard(
  config: z.infer<typeof PaymentsConfig>,
  card: CardFields,
): Promise<string> {
  const expiry = parseExpiry(card.expiry)
  if (!expiry) throw new CardTokenError()
  const url = `${config.tokenize_url}?appId=${encodeURIComponent(config.public_key)}`
  let response: Response
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      // Nothing of ours (cookies) goes to the provider.
      credentials: 'omit',
      body: JSON.stringify({
        type: 'card',
        card: {
          number: cardDigits(card.number),
          holder_name: card.holderName.trim().replace(/\s+/g, ' '),
          exp_month: expiry.month,
          exp_year: expiry.year % 100,
          cvv: card.cvv.trim(),
        },
      }),
    })
  } catch {
    throw new CardTokenError()
  }
  const body = (await response.json().catch(() => null)) as { id?: unknown } | null
  if (!response.ok || typeof body?.id !== 'string' || body.id === '') throw new CardTokenError()
  return body.id
}
