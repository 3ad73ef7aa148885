import { AUTH_MESSAGES } from '../../../../worker/contract/auth.ts'
import { ApiError } from '../../lib/api.ts'
import { unavailableMessage } from '../../lib/toast.ts'
import { LOGIN_MESSAGES } from './auth.messages.ts'

// The answers of the account calls as the forms show them. Apart from the texts
// (auth.messages.ts), which the user menu needs without the contract's zod schemas.

/** The messages a 422 body lists for one field. */
export function fieldMessages(body: unknown, field: string): string[] {
  if (typeof body !== 'object' || body === null) return []
  const errors = (body as { errors?: unknown }).errors
  if (typeof errors !== 'object' || errors === null) return []
  const list = (errors as Record<string, unknown>)[field]
  return Array.isArray(list)
    ? list.filter((item): item is string => typeof item === 'string' && item !== '')
    : []
}

/** SPEC section 8, login: 422 wrong credentials; 429 the server's first e-mail error; else a generic text. */
export function loginErrorMessage(error: unknown): string {
  const unavailable = unavailableMessage(error)
  if (unavailable) return unavailable
  if (error instanceof ApiError && error.status === 422) return AUTH_MESSAGES.wrongCredentials
  if (error instanceof ApiError && error.status === 429) {
    return fieldMessages(error.body, 'email')[0] ?? AUTH_MESSAGES.tooManyAttempts
  }
  return LOGIN_MESSAGES.failed
}

/** The 422 field messages, field by field (first message of each), for errors shown beside inputs. */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || error.status !== 422) return {}
  const body = error.body as { errors?: unknown } | null
  const errors = body && typeof body.errors === 'object' && body.errors !== null ? body.errors : {}
  const result: Record<string, string> = {}
  for (const field of Object.keys(errors)) {
    const first = fieldMessages(body, field)[0]
    if (first) result[field] = first
  }
  return result
}
