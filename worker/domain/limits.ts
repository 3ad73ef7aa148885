import { INSTITUTE } from '../contract/institute.ts'

/**
 * Abuse limits per client IP (and per account where the target is one person). Each is far above
 * what a person does by hand, so only scripts meet them. `exact` limits are counted by a Durable
 * Object (worker/durable/rate-limiter.ts); the others by the Workers rate-limiting binding of the
 * same name, approximate and per location, whose numbers live in wrangler.toml.
 */
export const LIMITS = {
  signUp: { exact: true, limit: 30, windowSeconds: 3600, what: 'contas criadas' },
  passwordResetPerAccount: { exact: true, limit: 3, windowSeconds: 3600, what: 'e-mails de redefinição' },
  passwordResetPerIp: { exact: true, limit: 10, windowSeconds: 3600, what: 'e-mails de redefinição' },
  passwordSet: { exact: true, limit: 20, windowSeconds: 600, what: 'redefinições de senha' },
  cartWrite: { exact: true, limit: 120, windowSeconds: 600, what: 'alterações de carrinho' },
  coupon: { exact: true, limit: 30, windowSeconds: 600, what: 'cupons tentados' },
  studentDocument: { exact: true, limit: 10, windowSeconds: 600, what: 'documentos enviados' },
  checkout: { exact: true, limit: 20, windowSeconds: 600, what: 'pagamentos' },
  logout: { exact: true, limit: 60, windowSeconds: 600, what: 'saídas' },
  sandboxConsent: { exact: true, limit: 30, windowSeconds: 600, what: 'logins de teste' },
  webhook: { exact: true, limit: 1200, windowSeconds: 600, what: 'avisos do meio de pagamento' },
  contact: {
    exact: true,
    limit: 20,
    windowSeconds: 3600,
    what: 'mensagens de contato',
    // A person who meets it is told so, with another way to reach the institute: nothing is lost silently.
    message: `Recebemos muitas mensagens seguidas deste endereço. Tente de novo em alguns minutos ou escreva para ${INSTITUTE.emails.contact}.`,
  },
  devTools: { exact: true, limit: 600, windowSeconds: 600, what: 'ferramentas locais' },
  search: { exact: false, binding: 'SEARCH_RATE_LIMIT', what: 'pesquisas' },
  translation: { exact: false, binding: 'TRANSLATION_RATE_LIMIT', what: 'traduções' },
} as const

export type LimitName = keyof typeof LIMITS

/** Login (DESIGN 7): 5 failures a minute per e-mail + IP, and a ceiling per IP over all e-mails. */
export const LOGIN_LIMITS = {
  perAccount: { maxFailures: 5, windowSeconds: 60 },
  perIp: { maxFailures: 30, windowSeconds: 600 },
} as const

export const LIMIT_MESSAGE = 'Muitas solicitações seguidas. Aguarde alguns minutos e tente de novo.'

export type LimitVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number }

/**
 * A sliding window over the times of earlier hits: allowed while fewer than `limit` fall inside
 * the window; refused hits are not counted, so a blocked client is free again one window later.
 */
export function slidingWindow(
  hits: readonly number[],
  now: number,
  limit: number,
  windowSeconds: number,
): { verdict: LimitVerdict; hits: number[] } {
  const windowMs = windowSeconds * 1000
  const recent = hits.filter((at) => at > now - windowMs)
  if (recent.length >= limit) {
    const oldest = recent[0] ?? now
    return {
      verdict: {
        allowed: false,
        retryAfterSeconds: Math.max(1, Math.ceil((oldest + windowMs - now) / 1000)),
      },
      hits: recent,
    }
  }
  return { verdict: { allowed: true }, hits: [...recent, now] }
}
