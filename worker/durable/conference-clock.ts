import { DurableObject } from 'cloudflare:workers'
import { type Programme, shiftProgramme, type Talk } from '../domain/conference.ts'

export type ClockSnapshot = { now: number; programme: Programme | null }

/**
 * The live conference's authority for "now" and for the talk programme (DESIGN 9). Viewers never
 * reach it directly: the Worker answers them from a cache of a couple of seconds
 * (worker/services/conference/clock.ts), so its request rate does not follow the audience.
 * It counts the requests it answers, which the benchmark reads.
 */
export class ConferenceClock extends DurableObject {
  private programme: Programme | null = null
  /** Local only: a simulated "now" is kept as an offset from the real clock, so it keeps running. */
  private simulatedOffsetMs = 0
  private served = 0

  constructor(ctx: DurableObjectState, env: Cloudflare.Env) {
    super(ctx, env)
    void ctx.blockConcurrencyWhile(async () => {
      this.programme = (await ctx.storage.get<Programme>('programme')) ?? null
      this.simulatedOffsetMs = (await ctx.storage.get<number>('simulatedOffsetMs')) ?? 0
      this.served = (await ctx.storage.get<number>('served')) ?? 0
    })
  }

  now(): number {
    return Date.now() + this.simulatedOffsetMs
  }

  /** The programme and the clock, read together. */
  snapshot(): ClockSnapshot {
    this.count()
    return { now: this.now(), programme: this.programme }
  }

  /** Kept in storage: an object evicted while idle starts again from its count. */
  private count() {
    this.served += 1
    void this.ctx.storage.put('served', this.served)
  }

  /** The first read loads the programme from the database; a programme already held wins. */
  async load(talks: Talk[]): Promise<ClockSnapshot> {
    this.count()
    if (!this.programme) {
      this.programme = { version: 1, talks }
      await this.ctx.storage.put('programme', this.programme)
    }
    return { now: this.now(), programme: this.programme }
  }

  /** An admin moves a talk and the rest of its day; null when no talk matches. */
  async shift(shift: { day: number; fromSlot: number; minutes: number }): Promise<ClockSnapshot | null> {
    this.count()
    if (!this.programme) return null
    const shifted = shiftProgramme(this.programme, shift)
    if (!shifted) return null
    this.programme = shifted
    await this.ctx.storage.put('programme', shifted)
    return { now: this.now(), programme: shifted }
  }

  /** Replaces the programme (tests and local tools); the version still only moves forward. */
  async replace(talks: Talk[]): Promise<ClockSnapshot> {
    this.programme = { version: (this.programme?.version ?? 0) + 1, talks }
    await this.ctx.storage.put('programme', this.programme)
    return { now: this.now(), programme: this.programme }
  }

  /** Local only: makes "now" the given moment from here on (null: the real clock again). */
  async simulate(at: number | null): Promise<number> {
    this.simulatedOffsetMs = at === null ? 0 : at - Date.now()
    await this.ctx.storage.put('simulatedOffsetMs', this.simulatedOffsetMs)
    return this.now()
  }

  /** How many requests it has answered (the benchmark's measure). */
  stats(): { served: number } {
    return { served: this.served }
  }
}
