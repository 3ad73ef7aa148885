import { createMiddleware } from 'hono/factory'
import type { AppBindings } from '../context.ts'
import { consumeLimit, type LimitName } from '../services/limits/limits.ts'

/**
 * The abuse limit a route declares (defineRoute's `limit`), counted per client address (an IPv4,
 * or an IPv6 /64) before any work.
 */
export function enforceLimit(name: LimitName) {
  return createMiddleware<AppBindings>(async (c, next) => {
    await consumeLimit(c.var.ctx, name)
    await next()
  })
}
