import { DurableObject } from 'cloudflare:workers'

export const LOGIN_WINDOW_MS = 60_000
export const LOGIN_MAX_FAILURES = 5

type Failures = number[]

/**
 * Exact login throttle for one e-mail + IP (DESIGN 7: the Workers rate-limit binding is
 * approximate and per location). Calls to one object are serialised, so counting is exact;
 * attempts in flight are counted too, so concurrent guesses cannot slip past the limit.
 */
export class LoginLimiter extends DurableObject {
  private inFlight = 0

  /** Reserves an attempt; refused when 5 failures (or pending attempts) fall inside the last minute. */
  async begin(now: number): Promise<{ allowed: true } | { allowed: false; retryAfterMs: number }> {
    const failures = await this.recent(now)
    if (failures.length + this.inFlight >= LOGIN_MAX_FAILURES) {
      const oldest = failures[0] ?? now
      return { allowed: false, retryAfterMs: Math.max(1000, oldest + LOGIN_WINDOW_MS - now) }
    }
    this.inFlight += 1
    return { allowed: true }
  }

  /** Ends a reserved attempt: a failure is remembered for a minute; a success forgets them all. */
  async end(now: number, failed: boolean): Promise<void> {
    this.inFlight = Math.max(0, this.inFlight - 1)
    if (!failed) {
      await this.ctx.storage.delete('failures')
      return
    }
    const failures = await this.recent(now)
    failures.push(now)
    await this.ctx.storage.put('failures', failures)
  }

  private async recent(now: number): Promise<Failures> {
    const stored = (await this.ctx.storage.get<Failures>('failures')) ?? []
    return stored.filter((at) => at > now - LOGIN_WINDOW_MS)
  }
}
