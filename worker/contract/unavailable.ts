/**
 * What a visitor reads when a dependency (the database, the payment provider, the e-mail API…)
 * failed or did not answer in time: the body of every 503, `{ msg }`, sent with `Retry-After`.
 * No imports, so the web app's first load can use it without pulling zod in.
 */
export const UNAVAILABLE_MESSAGE = 'Estamos com instabilidade. Tente novamente em instantes.'

/** Seconds the client is told to wait before sending the same request again. */
export const RETRY_AFTER_SECONDS = 5
