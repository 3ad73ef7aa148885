import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { RETRY_AFTER_SECONDS, UNAVAILABLE_MESSAGE } from './contract/unavailable.ts'

/** The one error vocabulary of the Worker; app.onError turns each code into a status and body. */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
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

/** 409: the change meets a state it cannot apply to (someone saved first, or it is in use). */
export const conflict = (message: string) => new AppError('CONFLICT', message)

/** A 422 naming one field, its message shown by the toast helper. */
export const invalidField = (field: string, message: string) =>
  new AppError('VALIDATION', message, { [field]: [message] })
/** 429 with `Retry-After`; `fields` gives the login's `errors.email` shape (SPEC section 8). */
export function rateLimited(message: string, retryAfterSeconds: number, fields?: Record<string, string[]>) {
  const error = new AppError('RATE_LIMITED', message, fields)
  error.retryAfterSeconds = retryAfterSeconds
  return error
}

/** 503 with Retry-After: a dependency failed; nothing was half-written, so the same request may be sent again. */
export function unavailable(message: string = UNAVAILABLE_MESSAGE, extra?: Record<string, unknown>) {
  const error = new AppError('UNAVAILABLE', message, undefined, extra)
  error.retryAfterSeconds = RETRY_AFTER_SECONDS
  return error
}

/** Everything outside the Worker that a request may wait on (README, "When a dependency fails"). */
export type Dependency =
  | 'database'
  | 'payments'
  | 'email'
  | 'oauth'
  | 'translation'
  | 'contact'
  | 'cep'
  | 'attendance'
  | 'pdf'
  | 'fiscal'

/**
 * An outside call did not answer in time, could not be reached, or answered 5xx. Thrown by the
 * deadline helper (worker/adapters/deadline.ts); app.onError answers 503 for it wherever it sits
 * in the cause chain (drizzle wraps database errors in its own).
 */
export class DependencyUnavailableError extends Error {
  readonly dependency: Dependency
  readonly reason: 'timeout' | 'unreachable' | 'error_status'
  /** What happened, for logs and admins: 'HTTP 503', 'no answer within 5000 ms'… */
  readonly detail: string

  constructor(dependency: Dependency, reason: DependencyUnavailableError['reason'], detail: string) {
    super(`${dependency} ${reason}: ${detail}`)
    this.name = 'DependencyUnavailableError'
    this.dependency = dependency
    this.reason = reason
    this.detail = detail
  }
}

/** The dependency failure behind an error, if any (it may be wrapped a few causes deep). */
export function dependencyFailure(error: unknown): DependencyUnavailableError | undefined {
  let current: unknown = error
  for (let depth = 0; depth < 8 && current instanceof Error; depth += 1) {
    if (current instanceof DependencyUnavailableError) return current
    current = current.cause
  }
  return undefined
}
