import { DurableObject } from 'cloudflare:workers'
import { type LimitVerdict, type QuotaWindow, slidingWindow, spendQuota } from '../domain/limits.ts'

/**
 * One exact counter per limit and key (an IP, an account), or one quota's spending: calls to one object are serialised,
 * so concurrent requests cannot slip past the limit. Its storage is dropped one window after the
 * last hit, so idle keys cost nothing.
 */
export class RateLimiter extends DurableObject {
  async hit(now: number, limit: number, windowSeconds: number): Promise<LimitVerdict> {
    const stored = (await this.ctx.storage.get<number[]>('hits')) ?? []
    const { verdict, hits } = slidingWindow(stored, now, limit, windowSeconds)
    if (verdict.allowed) {
      await this.ctx.storage.put('hits', hits)
      await this.ctx.storage.setAlarm(now + windowSeconds * 1000)
    }
    return verdict
  }

  /** Spends `amount` of a quota (domain/limits.ts QUOTAS); the window's storage goes when it ends. */
  async spend(now: number, amount: number, budget: number, windowSeconds: number): Promise<LimitVerdict> {
    const stored = (await this.ctx.storage.get<QuotaWindow>('quota')) ?? null
    const { verdict, window } = spendQuota(stored, now, amount, budget, windowSeconds)
    if (verdict.allowed) {
      await this.ctx.storage.put('quota', window)
      if (window.start !== stored?.start) await this.ctx.storage.setAlarm(window.start + windowSeconds * 1000)
    }
    return verdict
  }

  override async alarm() {
    await this.ctx.storage.deleteAll()
  }
}
