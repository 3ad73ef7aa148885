import { DurableObject } from 'cloudflare:workers'
import { createAppContext } from '../context.ts'
import type { ShortLinkConfig } from '../domain/short-links.ts'
import type { Env } from '../env.ts'
import { type ClickFlush, loadShortLink, recordClickFlush } from '../services/short-links/clicks.ts'
import { FlushingAlarm } from './flushing-alarm.ts'
import type { LinkClicksStub } from './stubs.ts'

/** How long clicks wait in the counter before they are written to the database. */
export const FLUSH_INTERVAL_MS = 60_000
/** How long the counter trusts what it read of its link (an edit also tells it at once). */
export const CONFIG_TTL_MS = 60_000

/**
 * One short link /l/{code}: where it goes and how often it was followed. Every click reaches this
 * one object (calls to it are serialised, and its storage write is durable before the click
 * answers), so no click is lost however many arrive at once, and none writes to the database. The
 * link itself is read from the database once a minute at most, by one request while the others
 * wait for it. An alarm writes the pending clicks to the database, under a flush id that makes a
 * repeated flush add nothing: every click is counted exactly once.
 */
export class LinkClicks extends DurableObject<Env> implements LinkClicksStub {
  private config: { link: ShortLinkConfig | null; readAt: number } | null = null
  private loading: Promise<ShortLinkConfig | null> | null = null
  private linkId: number | null = null
  private pending: Record<string, number> = {}
  private inflight: ClickFlush | null = null
  private readonly flusher = new FlushingAlarm(this.ctx, {
    intervalMs: FLUSH_INTERVAL_MS,
    failureKind: 'link_clicks_flush_failed',
    send: () => this.send(),
    hasPending: () => Object.keys(this.pending).length > 0,
  })

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env)
    void ctx.blockConcurrencyWhile(async () => {
      const stored = await ctx.storage.get(['linkId', 'pending', 'inflight'])
      this.linkId = (stored.get('linkId') as number | undefined) ?? null
      this.pending = (stored.get('pending') as Record<string, number> | undefined) ?? {}
      this.inflight = (stored.get('inflight') as ClickFlush | null | undefined) ?? null
    })
  }

  private context() {
    return createAppContext(this.env, {
      now: new Date(),
      requestId: `link-${this.ctx.id.toString().slice(0, 12)}`,
      clientIp: 'durable-object',
      waitUntil: (promise) => this.ctx.waitUntil(promise),
    })
  }

  /** The link, as read at most CONFIG_TTL_MS ago; while the database is away, the last one read. */
  private async link(code: string): Promise<ShortLinkConfig | null> {
    if (this.config && Date.now() - this.config.readAt < CONFIG_TTL_MS) return this.config.link
    this.loading ??= loadShortLink(this.context(), code)
      .then((link) => {
        this.config = { link, readAt: Date.now() }
        return link
      })
      .catch((error: unknown) => {
        if (this.config) return this.config.link
        throw error
      })
      .finally(() => {
        this.loading = null
      })
    return this.loading
  }

  /** A click on the link: its destination, counted on `day` (Curitiba); null when disabled or unknown. */
  async follow(code: string, day: string): Promise<string | null> {
    const link = await this.link(code)
    if (!link?.enabled) return null
    this.linkId = link.id
    this.pending[day] = (this.pending[day] ?? 0) + 1
    await this.ctx.storage.put({ linkId: link.id, pending: this.pending })
    await this.flusher.pending()
    return link.target
  }

  /** An administrator changed the link: follow the new destination (or stop) at once. */
  async configure(link: ShortLinkConfig): Promise<void> {
    this.config = { link, readAt: Date.now() }
  }

  /** Writes what is pending now (the admin's click counts call it before reading the database). */
  flush(): Promise<void> {
    return this.flusher.flush()
  }

  private async send() {
    if (!this.inflight) {
      if (this.linkId === null || Object.keys(this.pending).length === 0) return
      this.inflight = { id: crypto.randomUUID(), linkId: this.linkId, days: this.pending }
      this.pending = {}
      await this.ctx.storage.put({ inflight: this.inflight, pending: this.pending })
    }
    await recordClickFlush(this.context(), this.inflight)
    this.inflight = null
    await this.ctx.storage.put('inflight', null)
  }

  override async alarm() {
    await this.flusher.ring()
  }
}
