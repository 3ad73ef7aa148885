import { DurableObject } from 'cloudflare:workers'
import { createAppContext } from '../context.ts'
import { ATTENDANCE_FLUSH_INTERVAL_MS, type AttendanceRow, beatCredit } from '../domain/attendance.ts'
import type { Env } from '../env.ts'
import { recordAttendanceFlush } from '../services/conference/attendance-flush.ts'
import type { AttendanceBeat, AttendanceStats, ConferenceAttendanceStub } from './stubs.ts'

const RETRY_MS = 30_000

/**
 * The conference's attendance (DESIGN 9, issue 24), beside its clock and keyed the same way: every
 * signed-in viewer's heartbeat reaches this one object, which credits the seconds since that
 * viewer's previous beat to the live talk (the Worker has checked it is live on the clock) and
 * keeps them in its own SQLite storage — no database write, nor read, per beat. An alarm writes
 * what is pending to the database once a minute at most, in one transaction under a flush id that
 * makes a repeated flush add nothing; a failed flush is retried with the same id and rows, while
 * new beats wait for the next one. So the database's writes per minute do not follow the audience.
 *
 * A sibling of ConferenceClock rather than the clock itself: the beats' rate follows the audience
 * (a viewer every 30 s), and decision 016 keeps the clock's own rate bounded whatever the audience.
 *
 * Each viewer's last beat is held in memory only: an object restarted mid-talk credits nothing for
 * one beat per viewer (30 s at most), and never credits a gap twice.
 */
export class ConferenceAttendance extends DurableObject<Env> implements ConferenceAttendanceStub {
  private readonly lastBeat = new Map<number, number>()
  private alarmSet = false
  private flushing: Promise<{ rows: number }> | null = null
  private counters = { beats: 0, flushes: 0, rowsWritten: 0 }

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env)
    const columns = `user_id INTEGER NOT NULL, day INTEGER NOT NULL, slot INTEGER NOT NULL,
      seconds INTEGER NOT NULL, last_seen_at INTEGER NOT NULL, PRIMARY KEY (user_id, day, slot)`
    // pending: credited since the last flush; inflight: the flush being sent, kept until it lands.
    ctx.storage.sql.exec(`CREATE TABLE IF NOT EXISTS pending (${columns})`)
    ctx.storage.sql.exec(`CREATE TABLE IF NOT EXISTS inflight (${columns})`)
    ctx.storage.sql.exec('CREATE TABLE IF NOT EXISTS flush (id TEXT NOT NULL)')
    void ctx.blockConcurrencyWhile(async () => {
      this.alarmSet = (await ctx.storage.getAlarm()) !== null
    })
  }

  private context() {
    return createAppContext(this.env, {
      now: new Date(),
      requestId: 'conference-attendance',
      clientIp: 'durable-object',
      waitUntil: (promise) => this.ctx.waitUntil(promise),
    })
  }

  private count(table: 'pending' | 'inflight'): number {
    return this.ctx.storage.sql.exec<{ n: number }>(`SELECT count(*) AS n FROM ${table}`).one().n
  }

  /** A viewer's beat during the live talk: the whole seconds it credits (0 for a first beat). */
  async beat({ userId, day, slot, talkInit, now }: AttendanceBeat): Promise<{ seconds: number }> {
    this.counters.beats += 1
    const seconds = beatCredit(this.lastBeat.get(userId) ?? null, now, talkInit)
    this.lastBeat.set(userId, now)
    if (seconds > 0) {
      this.ctx.storage.sql.exec(
        `INSERT INTO pending (user_id, day, slot, seconds, last_seen_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (user_id, day, slot) DO UPDATE SET
           seconds = seconds + excluded.seconds, last_seen_at = max(last_seen_at, excluded.last_seen_at)`,
        userId,
        day,
        slot,
        seconds,
        now,
      )
      if (!this.alarmSet) {
        this.alarmSet = true
        await this.ctx.storage.setAlarm(Date.now() + ATTENDANCE_FLUSH_INTERVAL_MS)
      }
    }
    return { seconds }
  }

  /** Writes everything pending now (the certificates' issuing and the tests call it). */
  async flush(): Promise<{ rows: number }> {
    while (this.flushing) await this.flushing.catch(() => undefined)
    this.flushing = this.sendAll().finally(() => {
      this.flushing = null
    })
    try {
      return await this.flushing
    } catch (error) {
      // Nothing is lost: the rows wait in storage for the retry.
      if (!this.alarmSet) {
        this.alarmSet = true
        await this.ctx.storage.setAlarm(Date.now() + RETRY_MS)
      }
      throw error
    }
  }

  /** A flush left over from a failure first (same id, same rows), then what is pending. */
  private async sendAll(): Promise<{ rows: number }> {
    let rows = 0
    for (let round = 0; round < 2; round++) {
      if (this.count('inflight') === 0) {
        if (this.count('pending') === 0) break
        const sql = this.ctx.storage.sql
        this.ctx.storage.transactionSync(() => {
          sql.exec('INSERT INTO inflight SELECT * FROM pending')
          sql.exec('DELETE FROM pending')
          sql.exec('DELETE FROM flush')
          sql.exec('INSERT INTO flush (id) VALUES (?)', crypto.randomUUID())
        })
      }
      rows += await this.send()
    }
    return { rows }
  }

  private async send(): Promise<number> {
    const sql = this.ctx.storage.sql
    const id = sql.exec<{ id: string }>('SELECT id FROM flush').one().id
    const rows: AttendanceRow[] = sql
      .exec<{ user_id: number; day: number; slot: number; seconds: number; last_seen_at: number }>(
        'SELECT user_id, day, slot, seconds, last_seen_at FROM inflight',
      )
      .toArray()
      .map((row) => ({
        userId: row.user_id,
        day: row.day,
        slot: row.slot,
        seconds: row.seconds,
        lastSeenAt: row.last_seen_at,
      }))
    const outcome = await recordAttendanceFlush(this.context(), { id, rows })
    this.ctx.storage.transactionSync(() => {
      sql.exec('DELETE FROM inflight')
      sql.exec('DELETE FROM flush')
    })
    if (outcome === 'applied') {
      this.counters.flushes += 1
      this.counters.rowsWritten += rows.length
    }
    return rows.length
  }

  async stats(): Promise<AttendanceStats> {
    return { ...this.counters, pendingRows: this.count('pending') + this.count('inflight') }
  }

  override async alarm() {
    this.alarmSet = false
    try {
      await this.flush()
    } catch (error) {
      // flush() has set the retry.
      console.error(
        JSON.stringify({ level: 'error', kind: 'conference_attendance_flush_failed', error: String(error) }),
      )
      return
    }
    if (this.count('pending') > 0 && !this.alarmSet) {
      this.alarmSet = true
      await this.ctx.storage.setAlarm(Date.now() + ATTENDANCE_FLUSH_INTERVAL_MS)
    }
  }
}
