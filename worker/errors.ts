import type { ContentfulStatusCode } from 'hono/utils/http-status'

/** The one error vocabulary of the Worker; app.onError turns each code into a status and body. */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  SESSION_EXPIRED: 419,
  VALIDATION: 422,
  RATE_LIMITED: 429,
  UNAVAILABLE: 503,
} as const

/** 419 is Laravel's 'session expired', which the SPEC's client reloads on; Hono's types lack it. */
export function statusOf(code: ErrorCode): ContentfulStatusCode {
  return ERROR_STATUS[code] as ContentfulStatusCode
}

export type ErrorCode = keyof typeof ERROR_STATUS

export class AppError extends Error {
  readonly code: ErrorCode
  /** Field messages for VALIDATION (422) and RATE_LIMITED (429) answers. */
  readonly fields: Record<string, string[]> | undefined
  /** Extra fields of the body a client reads (the cart's `clear`, a purchase's `code`). */
  readonly extra: Record<string, unknown> | undefined
  /** Seconds a client should wait before trying again (429, 503): sent as `Retry-After`. */
  retryAfterSeconds: number | undefined

  constructor(
    code: ErrorCode,
    message: string,
    fields?: Record<string, string[]>,
    extra?: Record<string, unknown>,
  ) {
    super(message)
    this.name = 'AppError'
    this.code = code
    this.fields = fields
    this.extra = extra
    this.retryAfterSeconds = undefined
  }
}

export const notFound = (message: string) => new AppError('NOT_FOUND', message)

/** A 422 naming one field, its message shown by the toast helper. */
export const invalidField = (field: string, message: string) =>
  new AppError('VALIDATION', message, { [field]: [message] })
export const unavailable = (message: string) => new AppError('UNAVAILABLE', message)

/** 429 with `Retry-After`; `fields` gives the login's `errors.email` shape (SPEC section 8). */
export function rateLimited(message: string, retryAfterSeconds: number, fields?: Record<string, string[]>) {
  const error = new AppError('RATE_LIMITED', message, fields)
  error.retryAfterSeconds = retryAfterSeconds
  return error
}
