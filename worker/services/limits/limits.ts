import type { AppContext } from '../../context.ts'
import { addressKey } from '../../domain/address.ts'
import { LIMIT_MESSAGE, LIMITS, type LimitName, QUOTAS, type QuotaName } from '../../domain/limits.ts'
import { rateLimited } from '../../errors.ts'
import { IsolateWindows } from './isolate.ts'

export type { LimitName }

/** The `isolate` limits' counts: this isolate's, for as long as it lives. */
const isolateWindows = new IsolateWindows()

/**
 * Counts one use of `name` for `key` and refuses it with 429 over the limit. Without a key, the
 * client's address: its IPv4, or its IPv6 /64 (domain/address.ts), whose many addresses are one client.
 */
export async function consumeLimit(ctx: AppContext, name: LimitName, key: string = addressKey(ctx.clientIp)) {
  const policy = LIMITS[name]
  const message = 'message' in policy ? policy.message : LIMIT_MESSAGE
  if ('isolate' in policy) {
    const retryAfterSeconds = isolateWindows.hit(name, key, ctx.now.getTime(), policy)
    if (retryAfterSeconds !== null) throw rateLimited(message, retryAfterSeconds)
    return
  }
  if (!policy.exact) {
    const { success } = await ctx.env[policy.binding].limit({ key: `${name}|${key}` })
    if (!success) throw rateLimited(message, 60)
    return
  }
  const limiter = ctx.env.RATE_LIMITER.get(ctx.env.RATE_LIMITER.idFromName(`${name}|${key}`))
  const verdict = await limiter.hit(ctx.now.getTime(), policy.limit, policy.windowSeconds)
  if (!verdict.allowed) throw rateLimited(message, verdict.retryAfterSeconds)
}

/**
 * Spends `amount` of the quota `name` for `key` (the client's address by default), or refuses
 * with 429 when it would pass the quota; counted by the same Durable Object class as the limits.
 */
export async function spendQuota(
  ctx: AppContext,
  name: QuotaName,
  amount: number,
  key: string = addressKey(ctx.clientIp),
) {
  const quota = QUOTAS[name]
  const counter = ctx.env.RATE_LIMITER.get(ctx.env.RATE_LIMITER.idFromName(`quota:${name}|${key}`))
  const verdict = await counter.spend(ctx.now.getTime(), amount, quota.amount, quota.windowSeconds)
  if (!verdict.allowed) throw rateLimited(quota.message, verdict.retryAfterSeconds)
}
