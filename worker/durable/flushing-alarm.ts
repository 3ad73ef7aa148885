/** How long a failed flush waits before the alarm tries it again. */
export const FLUSH_RETRY_MS = 30_000

type FlushingAlarmOptions<Result> = {
  intervalMs: number
  /** The log line's kind when a flush fails. */
  failureKind: string
  /** Writes what is pending (and what a failed flush left); throws when the database is away. */
  send: () => Promise<Result>
  /** Whether anything waits for the next flush. */
  hasPending: () => boolean
}

/**
 * The alarm of a Durable Object that gathers counts and writes them to the database in batches
 * (the short links' clicks, the conference's attendance): one flush at a time, an alarm at most
 * `intervalMs` after something became pending, and a failed flush retried by the alarm after
 * FLUSH_RETRY_MS — `send` keeps what it could not write for the next try, so nothing is lost.
 */
export class FlushingAlarm<Result> {
  private alarmSet = false
  private flushing: Promise<Result> | null = null

  private readonly ctx: DurableObjectState
  private readonly options: FlushingAlarmOptions<Result>

  constructor(ctx: DurableObjectState, options: FlushingAlarmOptions<Result>) {
    this.ctx = ctx
    this.options = options
    void ctx.blockConcurrencyWhile(async () => {
      this.alarmSet = (await ctx.storage.getAlarm()) !== null
    })
  }

  /** Something became pending: the alarm writes it within the interval. */
  async pending(): Promise<void> {
    await this.schedule(this.options.intervalMs)
  }

  /** Writes what is pending now, after a flush already under way; a failure sets the retry. */
  async flush(): Promise<Result> {
    while (this.flushing) await this.flushing.catch(() => undefined)
    this.flushing = this.options.send().finally(() => {
      this.flushing = null
    })
    try {
      return await this.flushing
    } catch (error) {
      await this.schedule(FLUSH_RETRY_MS)
      throw error
    }
  }

  /** The object's alarm(): a flush, then the next alarm if more became pending meanwhile. */
  async ring(): Promise<void> {
    this.alarmSet = false
    try {
      await this.flush()
    } catch (error) {
      // flush() has set the retry.
      console.error(JSON.stringify({ level: 'error', kind: this.options.failureKind, error: String(error) }))
      return
    }
    if (this.options.hasPending()) await this.pending()
  }

  private async schedule(delayMs: number) {
    if (this.alarmSet) return
    this.alarmSet = true
    await this.ctx.storage.setAlarm(Date.now() + delayMs)
  }
}
