import { DurableObject } from 'cloudflare:workers'

type Failures = number[]
export type LoginWindow = { maxFailures: number; windowSeconds: number }

/**
 * Exact login throttle for one key (an e-mail + IP, or an IP over all e-mails; DESIGN 7: the
 * Workers rate-limit binding is approximate and per location). Calls to one object are
 * serialised, so counting is exact; attempts in flight count too, so concurrent guesses cannot
 * slip past the limit.
 */
export class LoginLimiter extends DurableObject {
  private inFlight = 0

  /** Reserves an attempt; refused when the failures (and pending attempts) of the window reach the maximum. */
  async begin(
    now: number,
    window: LoginWindow,
  ): Promise<{ allowed: true } | { allowed: false; retryAfterMs: number }> {
    const failures = await this.recent(now, window)
    if (failures.length + this.inFlight >= window.maxFailures) {
      const oldest = failures[0] ?? now
      return { allowed: false, retryAfterMs: Math.max(1000, oldest + window.windowSeconds * 1000 - now) }
    }
    this.inFlight += 1
    return { allowed: true }
  }

  /**
   * Ends a reserved attempt: a failure is remembered for the window; a success forgets them when
   * `forgetOnSuccess` (per account: the owner got in), not per IP, where one good login among many
   * guesses must not reset the count.
   */
  async end(now: number, window: LoginWindow, failed: boolean, forgetOnSuccess: boolean): Promise<void> {
    this.inFlight = Math.max(0, this.inFlight - 1)
    if (!failed) {
      if (forgetOnSuccess) await this.ctx.storage.delete('failures')
      return
    }
    const failures = await this.recent(now, window)
    failures.push(now)
    await this.ctx.storage.put('failures', failures)
    await this.ctx.storage.setAlarm(now + window.windowSeconds * 1000)
  }

  override async alarm() {
    if (this.inFlight === 0) await this.ctx.storage.deleteAll()
  }

  private async recent(now: number, window: LoginWindow): Promise<Failures> {
    const stored = (await this.ctx.storage.get<Failures>('failures')) ?? []
    return stored.filter((at) => at > now - window.windowSeconds * 1000)
  }
}
