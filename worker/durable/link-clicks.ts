import { DurableObject } from 'cloudflare:workers'
import { createAppContext } from '../context.ts'
import type { Env } from '../env.ts'
import { type ClickFlush, recordClickFlush } from '../services/short-links/clicks.ts'

/** How long clicks wait in the counter before they are written to the database. */
export const FLUSH_INTERVAL_MS = 60_000
const RETRY_MS = 30_000

type Stored = { linkId?: number; pending?: Record<string, number>; inflight?: ClickFlush | null }

/**
 * The click counter of one short link. A hit is a counter step in the object's own storage (calls
 * to one object are serialised and its writes are durable before the hit answers), so no click is
 * lost when many arrive at once and no click writes to the database. An alarm flushes the pending
 * clicks to the database every minute at most, under a flush id that makes a repeated flush add
 * nothing: every click is counted exactly once.
 */
export class LinkClicks extends DurableObject<Env> {
  private linkId: number | null = null
  private pending: Record<string, number> = {}
  private inflight: ClickFlush | null = null
  private alarmSet = false
  private flushing: Promise<void> | null = null

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env)
    void ctx.blockConcurrencyWhile(async () => {
      const stored = (await ctx.storage.get(['linkId', 'pending', 'inflight'])) as Map<keyof Stored, unknown>
      this.linkId = (stored.get('linkId') as number | undefined) ?? null
      this.pending = (stored.get('pending') as Record<string, number> | undefined) ?? {}
      this.inflight = (stored.get('inflight') as ClickFlush | null | undefined) ?? null
      this.alarmSet = (await ctx.storage.getAlarm()) !== null
    })
  }

  /** One click on `day` (YYYY-MM-DD in Curitiba). */
  async hit(linkId: number, day: string): Promise<void> {
    this.linkId = linkId
    this.pending[day] = (this.pending[day] ?? 0) + 1
    await this.ctx.storage.put({ linkId, pending: this.pending })
    if (!this.alarmSet) {
      this.alarmSet = true
      await this.ctx.storage.setAlarm(Date.now() + FLUSH_INTERVAL_MS)
    }
  }

  /** Clicks not yet in the database. */
  async pendingClicks(): Promise<number> {
    const count = (days: Record<string, number>) => Object.values(days).reduce((sum, n) => sum + n, 0)
    return count(this.pending) + (this.inflight ? count(this.inflight.days) : 0)
  }

  /** Writes what is pending now (the admin's click counts call it before reading the database). */
  async flush(): Promise<void> {
    while (this.flushing) await this.flushing
    if (!this.inflight && Object.keys(this.pending).length === 0) return
    this.flushing = this.send().finally(() => {
      this.flushing = null
    })
    await this.flushing
  }

  private async send() {
    if (!this.inflight) {
      if (this.linkId === null) return
      this.inflight = { id: crypto.randomUUID(), linkId: this.linkId, days: this.pending }
      this.pending = {}
      await this.ctx.storage.put({ inflight: this.inflight, pending: this.pending })
    }
    const ctx = createAppContext(this.env, {
      now: new Date(),
      requestId: `link-clicks-${this.inflight.linkId}`,
      clientIp: 'durable-object',
      waitUntil: (promise) => this.ctx.waitUntil(promise),
    })
    await recordClickFlush(ctx, this.inflight)
    this.inflight = null
    await this.ctx.storage.put('inflight', null)
  }

  override async alarm() {
    this.alarmSet = false
    try {
      await this.flush()
    } catch (error) {
      console.error(
        JSON.stringify({ level: 'error', kind: 'link_clicks_flush_failed', error: String(error) }),
      )
      this.alarmSet = true
      await this.ctx.storage.setAlarm(Date.now() + RETRY_MS)
      return
    }
    if (Object.keys(this.pending).length > 0) {
      this.alarmSet = true
      await this.ctx.storage.setAlarm(Date.now() + FLUSH_INTERVAL_MS)
    }
  }
}
