import type { AppContext } from '../../context.ts'
import { AUTH_MESSAGES } from '../../contract/auth.ts'
import { LOGIN_LIMITS } from '../../domain/limits.ts'
import { AppError, rateLimited } from '../../errors.ts'

const limiter = (ctx: AppContext, key: string) =>
  ctx.env.LOGIN_LIMITER.get(ctx.env.LOGIN_LIMITER.idFromName(key))

/**
 * Runs a login attempt under the exact limits: 5 failures a minute per e-mail + IP, and a ceiling
 * per IP over every e-mail (credential stuffing). Over either, 429 before any password is hashed.
 */
export async function throttledLogin<T>(ctx: AppContext, email: string, attempt: () => Promise<T>) {
  const now = ctx.now.getTime()
  const gates = [
    { object: limiter(ctx, `ip|${ctx.clientIp}`), window: LOGIN_LIMITS.perIp, forget: false },
    { object: limiter(ctx, `${email}|${ctx.clientIp}`), window: LOGIN_LIMITS.perAccount, forget: true },
  ]
  const opened: typeof gates = []
  for (const gate of gates) {
    const started = await gate.object.begin(now, gate.window)
    if (!started.allowed) {
      await Promise.all(opened.map((g) => g.object.end(now, g.window, false, false)))
      throw rateLimited(AUTH_MESSAGES.tooManyAttempts, Math.ceil(started.retryAfterMs / 1000), {
        email: [AUTH_MESSAGES.tooManyAttempts],
      })
    }
    opened.push(gate)
  }
  const finish = (failed: boolean) =>
    Promise.all(opened.map((g) => g.object.end(ctx.now.getTime(), g.window, failed, g.forget)))
  try {
    const result = await attempt()
    await finish(false)
    return result
  } catch (error) {
    await finish(error instanceof AppError && error.code === 'VALIDATION')
    throw error
  }
}
