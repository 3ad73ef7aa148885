import { DurableObject } from 'cloudflare:workers'

type Failures = number[]
/** A lock after `maxFailures`: `seconds`, doubled per further lock within `memorySeconds`, at most `maxSeconds`. */
export type LoginLock = { seconds: number; maxSeconds: number; memorySeconds: number }
export type LoginWindow = { maxFailures: number; windowSeconds: number; lock?: LoginLock }
export type LoginVerdict = { allowed: true } | { allowed: false; retryAfterMs: number; locked: boolean }
/** What ending an attempt did: `lockStarted` once per lock, for the owner's e-mail. */
export type LoginOutcome =
  | { lockStarted: false }
  | { lockStarted: true; lockedUntil: number; lockSeconds: number }

/** The current (or last) lock: until when, and how many followed each other within the memory. */
type Lock = { until: number; count: number }

/**
 * Exact login throttle for one key (an e-mail + address, an address over all e-mails, or an
 * e-mail over all addresses; DESIGN 7: the Workers rate-limit binding is approximate and per
 * location). Calls to one object are serialised, so counting is exact; attempts in flight count
 * too, so concurrent guesses cannot slip past the limit. A window with a `lock` refuses every
 * attempt for a while once its failures reach the maximum, then forgets them.
 */
export class LoginLimiter extends DurableObject {
  private inFlight = 0

  /** Reserves an attempt; refused while locked, or when the failures (and pending attempts) reach the maximum. */
  async begin(now: number, window: LoginWindow): Promise<LoginVerdict> {
    const lock = await this.ctx.storage.get<Lock>('lock')
    if (lock && now < lock.until) return { allowed: false, retryAfterMs: lock.until - now, locked: true }
    const failures = await this.recent(now, window)
    if (failures.length >= window.maxFailures) {
      const oldest = failures[0] ?? now
      return {
        allowed: false,
        retryAfterMs: Math.max(1000, oldest + window.windowSeconds * 1000 - now),
        locked: false,
      }
    }
    // Only attempts in flight fill the window: one of them decides in a moment.
    if (failures.length + this.inFlight >= window.maxFailures) {
      return { allowed: false, retryAfterMs: 1000, locked: false }
    }
    this.inFlight += 1
    return { allowed: true }
  }

  /**
   * Ends a reserved attempt: a failure is remembered for the window; a success forgets them when
   * `forgetOnSuccess` (per e-mail + address: the owner got in), not per address or per account,
   * where one good login among many guesses must not reset the count. The failure that reaches
   * the maximum of a window with a `lock` starts the lock, and says so (once per lock).
   */
  async end(
    now: number,
    window: LoginWindow,
    failed: boolean,
    forgetOnSuccess: boolean,
  ): Promise<LoginOutcome> {
    this.inFlight = Math.max(0, this.inFlight - 1)
    if (!failed) {
      if (forgetOnSuccess) await this.ctx.storage.delete('failures')
      return { lockStarted: false }
    }
    const previous = await this.ctx.storage.get<Lock>('lock')
    // An attempt that began before the lock started: the lock already covers it.
    if (previous && now < previous.until) return { lockStarted: false }
    const failures = await this.recent(now, window)
    failures.push(now)
    if (window.lock && failures.length >= window.maxFailures) {
      const { seconds, maxSeconds, memorySeconds } = window.lock
      const count = previous && now < previous.until + memorySeconds * 1000 ? previous.count + 1 : 1
      const lockSeconds = Math.min(seconds * 2 ** (count - 1), maxSeconds)
      const lockedUntil = now + lockSeconds * 1000
      await this.ctx.storage.put<Lock>('lock', { until: lockedUntil, count })
      await this.ctx.storage.delete('failures')
      await this.cleanUpAt(lockedUntil + memorySeconds * 1000)
      return { lockStarted: true, lockedUntil, lockSeconds }
    }
    await this.ctx.storage.put('failures', failures)
    await this.cleanUpAt(now + window.windowSeconds * 1000)
    return { lockStarted: false }
  }

  /** Forgets the failures and any lock (the owner proved who they are another way). */
  async forget(): Promise<void> {
    await this.ctx.storage.deleteAll()
  }

  override async alarm() {
    if (this.inFlight === 0) await this.ctx.storage.deleteAll()
  }

  /** The alarm drops everything, so it goes off only after the last thing worth keeping expires. */
  private async cleanUpAt(at: number) {
    const current = await this.ctx.storage.getAlarm()
    if (current === null || current < at) await this.ctx.storage.setAlarm(at)
  }

  private async recent(now: number, window: LoginWindow): Promise<Failures> {
    const stored = (await this.ctx.storage.get<Failures>('failures')) ?? []
    return stored.filter((at) => at > now - window.windowSeconds * 1000)
  }
}
