import { DurableObject } from 'cloudflare:workers'
import { type LimitVerdict, slidingWindow } from '../domain/limits.ts'

/**
 * One exact counter per limit and key (an IP, an account): calls to one object are serialised,
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

  override async alarm() {
    await this.ctx.storage.deleteAll()
  }
}
