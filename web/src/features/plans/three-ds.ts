import { CHECKOUT_MESSAGES } from '../../../../worker/contract/checkout.ts'
import { declineReason } from '../../../../worker/domain/payment-errors.ts'
import { isThreeDsStatus, REFUSED_STATUSES, type ThreeDsStatus } from '../../../../worker/domain/three-ds.ts'
import { type CardFields, cardDigits, parseExpiry } from '../checkout/card.ts'
import { threeDsToken } from './plans.queries.ts'

/**
 * A PSP account's debit card (issue 30, item 5): before the payment, the card is authenticated in
 * the browser with Pagar.me's 3DS library, loaded from the provider's origin (the sandbox's
 * stand-in locally) only on this step. The library's surface, as the stand-in serves it:
 * `PagarmeTds.init({ token, order, challengeContainer })` resolves the EMV status and the
 * authentication's `transaction_id`; a challenge shows the issuer's page inside the container.
 */
type Library = {
  init(options: {
    token: string
    order: {
      amount: number
      card: { number: string; holder_name: string; exp_month: number; exp_year: number }
    }
    challengeContainer: HTMLElement
  }): Promise<{ trans_status?: unknown; transaction_id?: unknown }>
}

declare global {
  interface Window {
    PagarmeTds?: Library
  }
}

/** The same words the gateway flow shows when the issuer refuses the authentication. */
export const AUTHENTICATION_REFUSED = `${CHECKOUT_MESSAGES.declinedBecause}${declineReason({
  code: 'authentication',
  message: null,
  gatewayErrors: [],
})}`

/** The library could not run (not loaded, the provider away): nothing was charged. */
export class DebitAuthenticationError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'DebitAuthenticationError'
  }
}

const UNAVAILABLE =
  'Não foi possível falar com o seu banco para autenticar o cartão. Nada foi cobrado; tente novamente.'

const loading = new Map<string, Promise<Library>>()

/** Loads the library once per address: a script from the provider's origin. */
function loadLibrary(src: string): Promise<Library> {
  let found = loading.get(src)
  if (!found) {
    found = new Promise<Library>((resolve, reject) => {
      const script = document.createElement('script')
      script.src = src
      script.async = true
      script.addEventListener('load', () =>
        window.PagarmeTds ? resolve(window.PagarmeTds) : reject(new Error('biblioteca 3DS ausente')),
      )
      script.addEventListener('error', () => reject(new Error('biblioteca 3DS não carregou')))
      document.head.appendChild(script)
    })
    found.catch(() => loading.delete(src))
    loading.set(src, found)
  }
  return found
}

/**
 * Authenticates the card for this amount: the transaction id to send with the payment, or an
 * error whose message the step shows (a refusal by the issuer, or the authentication unavailable).
 */
export async function authenticateDebit({
  amount,
  card,
  challengeContainer,
}: {
  amount: number
  card: CardFields
  challengeContainer: HTMLElement
}): Promise<{ status: ThreeDsStatus; transactionId: string }> {
  // Errors of our own endpoint (503, 409) keep their pt-BR words: the caller shows them.
  const { tds_token, script_url } = await threeDsToken()
  const expiry = parseExpiry(card.expiry)
  let answer: Awaited<ReturnType<Library['init']>>
  try {
    const library = await loadLibrary(script_url)
    answer = await library.init({
      token: tds_token,
      order: {
        amount,
        card: {
          number: cardDigits(card.number),
          holder_name: card.holderName.trim().replace(/\s+/g, ' '),
          exp_month: expiry?.month ?? 0,
          exp_year: expiry?.year ?? 0,
        },
      },
      challengeContainer,
    })
  } catch {
    throw new DebitAuthenticationError(UNAVAILABLE)
  }
  const status = answer.trans_status
  if (!isThreeDsStatus(status) || typeof answer.transaction_id !== 'string') {
    throw new DebitAuthenticationError(UNAVAILABLE)
  }
  if (REFUSED_STATUSES.includes(status)) throw new DebitAuthenticationError(AUTHENTICATION_REFUSED)
  // Y and A are authenticated; U and I go on too: the provider decides on the order.
  return { status, transactionId: answer.transaction_id }
}
