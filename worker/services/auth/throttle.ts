import type { AppContext } from '../../context.ts'
import { AUTH_MESSAGES } from '../../contract/auth.ts'
import { AppError } from '../../errors.ts'

/**
 * Runs a login attempt under the exact per e-mail + IP limit: the 6th failure within a minute
 * is refused with 429 before any password is hashed.
 */
export async function throttledLogin<T>(
  ctx: AppContext,
  email: string,
  ip: string,
  attempt: () => Promise<T>,
) {
  const limiter = ctx.env.LOGIN_LIMITER.get(ctx.env.LOGIN_LIMITER.idFromName(`${email}|${ip}`))
  const started = await limiter.begin(ctx.now.getTime())
  if (!started.allowed) {
    throw new AppError('RATE_LIMITED', AUTH_MESSAGES.tooManyAttempts, {
      email: [AUTH_MESSAGES.tooManyAttempts],
    })
  }
  try {
    const result = await attempt()
    await limiter.end(ctx.now.getTime(), false)
    return result
  } catch (error) {
    const wrongCredentials = error instanceof AppError && error.code === 'VALIDATION'
    await limiter.end(ctx.now.getTime(), wrongCredentials)
    throw error
  }
}
