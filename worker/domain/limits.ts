import { INSTITUTE } from './institute.ts'

/** The 429 of an abuse limit, unless the limit words its own. */
export const LIMIT_MESSAGE = 'Muitas solicitações seguidas. Aguarde alguns minutos e tente de novo.'

/**
 * Abuse limits per client IP (and per account where the target is one person). Each is far above
 * what a person does by hand, so only scripts meet them. `exact` limits are counted by a Durable
 * Object (worker/durable/rate-limiter.ts); `isolate` ones in the isolate's memory, with no call at
 * all (services/limits/isolate.ts); the others by the Workers rate-limiting binding of the same
 * name, approximate and per location, whose numbers live in wrangler.toml.
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
  // Each is a call to the CEP service: a person fills a few addresses, a script many.
  cep: { exact: true, limit: 60, windowSeconds: 600, what: 'consultas de CEP' },
  // Per account (decision 010): far above a person's use, and no "does this e-mail exist?" oracle.
  profileUpdate: { exact: true, limit: 20, windowSeconds: 600, what: 'alterações de perfil' },
  passwordChange: { exact: true, limit: 10, windowSeconds: 600, what: 'trocas de senha' },
  emailCode: { exact: true, limit: 5, windowSeconds: 3600, what: 'códigos enviados' },
  emailChange: { exact: true, limit: 5, windowSeconds: 3600, what: 'trocas de e-mail' },
  emailLink: { exact: true, limit: 5, windowSeconds: 3600, what: 'links de confirmação' },
  providerLink: { exact: true, limit: 10, windowSeconds: 600, what: 'vínculos de rede social' },
  // Per address: links and codes opened, right or wrong.
  emailProof: { exact: true, limit: 30, windowSeconds: 600, what: 'confirmações de e-mail' },
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
  // The checkout sends the typed e-mail once it is valid (debounced): a person sends a few.
  abandonedCheckout: { exact: true, limit: 60, windowSeconds: 600, what: 'e-mails de checkout' },
  unsubscribe: { exact: true, limit: 30, windowSeconds: 600, what: 'descadastros' },
  devTools: { exact: true, limit: 600, windowSeconds: 600, what: 'ferramentas locais' },
  search: { exact: false, binding: 'SEARCH_RATE_LIMIT', what: 'pesquisas' },
  translation: { exact: false, binding: 'TRANSLATION_RATE_LIMIT', what: 'traduções' },
  // Per viewer (the conference page beats twice a minute while a talk plays): a script is stopped
  // at two a second. In memory (decision 018): a beat is the site's most frequent call, and a beat
  // more credits nothing (the aggregator counts the time since the viewer's previous one).
  heartbeat: { exact: false, isolate: true, limit: 120, windowSeconds: 60, what: 'sinais de presença' },
  // Per student (issue 39): a lesson's player sends every 15 s and at each pause, end or hidden
  // page. In memory as the heartbeat: a beat more gains nothing (a playback's credit is bounded by
  // its wall time, counted by the database).
  playback: {
    exact: false,
    isolate: true,
    limit: 30,
    windowSeconds: 60,
    what: 'envios do player',
    message: 'Muitos envios do player em pouco tempo. Aguarde um minuto: a reprodução segue normalmente.',
  },
} as const

export type LimitName = keyof typeof LIMITS

/**
 * Amounts spent over a window rather than requests counted: the characters sent to the
 * translation service (what it bills), per address an hour and for the whole site a day. Only
 * texts the site itself shows are ever sent, each once per language until its cached copy
 * expires, so these bound a mistake (a catalogue grown by megabytes), not a stranger's text.
 */
export const QUOTAS = {
  translationPerAddress: {
    amount: 100_000,
    windowSeconds: 3600,
    message: LIMIT_MESSAGE,
  },
  translationSite: {
    amount: 1_000_000,
    windowSeconds: 86_400,
    message: 'A tradução automática chegou ao limite de hoje. O texto segue em português; tente amanhã.',
  },
} as const

export type QuotaName = keyof typeof QUOTAS

/**
 * Password guessing (DESIGN 7, issue 28), counted by worker/durable/login-limiter.ts. An address is
 * an IPv4, or an IPv6 /64 (domain/address.ts).
 * - `perAccountAndAddress`: 5 failures a minute for one e-mail from one address; a person who
 *   mistypes is stopped here first, for a minute.
 * - `perIp`: 30 failures in 10 minutes from one address over every e-mail (credential stuffing).
 * - `perAccount`: 10 failures in 15 minutes for one e-mail from all addresses together, then a
 *   lock: password logins to that e-mail are refused for 15 minutes, doubled for each further
 *   lock that starts within a day of the last one's end (30, 60, 120 minutes), at most 4 hours.
 *   Never permanent: each lock ends by itself. 10 is twice what one address may try a minute, so
 *   the owner typing alone never meets it; an attacker with any number of addresses gets 10
 *   guesses per lock (about 100 a day once locks are 4 hours, not 960 with a fixed 15 minutes).
 *   The owner is e-mailed when a lock starts (once per lock), and can always reset the password.
 */
export const LOGIN_LIMITS = {
  perAccountAndAddress: { maxFailures: 5, windowSeconds: 60 },
  perIp: { maxFailures: 30, windowSeconds: 600 },
  perAccount: {
    maxFailures: 10,
    windowSeconds: 900,
    lock: { seconds: 900, maxSeconds: 4 * 3600, memorySeconds: 24 * 3600 },
  },
} as const

/** How long, in words: '15 minutos', '1 hora', '2 horas e 30 minutos'. */
export function durationInWords(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60))
  const hours = Math.floor(minutes / 60)
  const rest = minutes % 60
  const minuteWords = `${rest} ${rest === 1 ? 'minuto' : 'minutos'}`
  if (hours === 0) return minuteWords
  const hourWords = `${hours} ${hours === 1 ? 'hora' : 'horas'}`
  return rest === 0 ? hourWords : `${hourWords} e ${minuteWords}`
}

/** The 429 of a locked account (`perAccount`): how long is left, and the way out. */
export const accountLockedMessage = (retryAfterSeconds: number) =>
  `Muitas tentativas de senha para esta conta. Por segurança, o acesso com senha está pausado: tente de novo em ${durationInWords(retryAfterSeconds)} ou use 'Esqueceu sua senha?'.`

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

/** What a quota has spent in its current window (a fixed window from its first use). */
export type QuotaWindow = { start: number; spent: number }

/**
 * Spends `amount` of a quota of `budget` per `windowSeconds`: refused when it would pass the
 * budget (nothing spent), allowed otherwise; a window over starts afresh at the next spending.
 */
export function spendQuota(
  window: QuotaWindow | null,
  now: number,
  amount: number,
  budget: number,
  windowSeconds: number,
): { verdict: LimitVerdict; window: QuotaWindow } {
  const windowMs = windowSeconds * 1000
  const current =
    window && now >= window.start && now < window.start + windowMs ? window : { start: now, spent: 0 }
  if (current.spent + amount > budget) {
    return {
      verdict: {
        allowed: false,
        retryAfterSeconds: Math.max(1, Math.ceil((current.start + windowMs - now) / 1000)),
      },
      window: current,
    }
  }
  return { verdict: { allowed: true }, window: { start: current.start, spent: current.spent + amount } }
}
