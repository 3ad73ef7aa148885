import { DurableObject } from 'cloudflare:workers'
import { createAppContext } from '../context.ts'
import {
  ATTENDANCE_FLUSH_INTERVAL_MS,
  type AttendanceFlush,
  type AttendanceRow,
  beatCredit,
} from '../domain/attendance.ts'
import type { Env } from '../env.ts'
import { recordAttendanceFlush } from '../services/conference/attendance-flush.ts'
import { FlushingAlarm } from './flushing-alarm.ts'
import type { AttendanceBeat, AttendanceStats, ConferenceAttendanceStub } from './stubs.ts'

type StoredRow = { user_id: number; day: number; slot: number; seconds: number; last_seen_at: number }

const rowKey = (userId: number, day: number, slot: number) => `${userId}:${day}:${slot}`

/**
 * The conference's attendance (DESIGN 9, issue 24), beside its clock and keyed the same way: every
 * signed-in viewer's heartbeat reaches this one object — each Worker isolate hands its beats over
 * in one call a second (services/conference/attendance.ts) — which credits the seconds since that
 * viewer's previous beat to the live talk (the Worker has checked it is live on the clock) and
 * adds them up in memory: no storage write, nor database read or write, per beat. An alarm writes
 * what is pending to the database once a minute at most: first into its own storage, in one
 * transaction under a flush id, then to the database in one transaction under that id, which
 * makes a repeated flush add nothing; a failed flush is retried with the same id and rows, while
 * new beats wait for the next one. So the database's writes per minute do not follow the audience.
 *
 * A sibling of ConferenceClock rather than the clock itself: the beats' rate follows the audience
 * (a viewer every 30 s), and decision 016 keeps the clock's own rate bounded whatever the audience.
 *
 * What is held in memory only — each viewer's last beat, and the seconds credited since the last
 * alarm (a minute at most) — is lost if the object restarts mid-talk (a deploy): each viewer is
 * then credited nothing for that minute and the next beat, and never credited a gap twice.
 */
export class ConferenceAttendance extends DurableObject<Env> implements ConferenceAttendanceStub {
  private readonly lastBeat = new Map<number, number>()
  /** Credited since the last flush, by viewer and talk. */
  private pending = new Map<string, AttendanceRow>()
  /** The flush being sent, kept in storage until it lands. */
  private inflight: AttendanceFlush | null = null
  private counters = { calls: 0, beats: 0, flushes: 0, rowsWritten: 0 }
  private readonly flusher = new FlushingAlarm(this.ctx, {
    intervalMs: ATTENDANCE_FLUSH_INTERVAL_MS,
    failureKind: 'conference_attendance_flush_failed',
    send: () => this.sendAll(),
    hasPending: () => this.pending.size > 0,
  })

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env)
    const sql = ctx.storage.sql
    sql.exec(`CREATE TABLE IF NOT EXISTS inflight (user_id INTEGER NOT NULL, day INTEGER NOT NULL,
      slot INTEGER NOT NULL, seconds INTEGER NOT NULL, last_seen_at INTEGER NOT NULL,
      PRIMARY KEY (user_id, day, slot))`)
    sql.exec('CREATE TABLE IF NOT EXISTS flush (id TEXT NOT NULL)')
    const id = sql.exec<{ id: string }>('SELECT id FROM flush').toArray()[0]?.id
    if (id) {
      const rows = sql.exec<StoredRow>('SELECT * FROM inflight').toArray().map(fromStored)
      this.inflight = { id, rows }
    }
    // Before this object kept its pending seconds in memory, a storage table held them.
    const legacy = sql.exec<{ n: number }>(
      "SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name = 'pending'",
    )
    if (legacy.one().n > 0) {
      for (const row of sql.exec<StoredRow>('SELECT * FROM pending').toArray().map(fromStored)) {
        this.add(row)
      }
    }
  }

  private context() {
    return createAppContext(this.env, {
      now: new Date(),
      requestId: 'conference-attendance',
      clientIp: 'durable-object',
      waitUntil: (promise) => this.ctx.waitUntil(promise),
    })
  }

  private add(row: AttendanceRow) {
    const key = rowKey(row.userId, row.day, row.slot)
    const held = this.pending.get(key)
    if (held) {
      held.seconds += row.seconds
      held.lastSeenAt = Math.max(held.lastSeenAt, row.lastSeenAt)
    } else {
      this.pending.set(key, { ...row })
    }
  }

  /**
   * An isolate's beats of the last second, in the order they came: each credits the seconds since
   * that viewer's previous beat. A beat no later than the viewer's last one (a batch sent again
   * after its answer was lost, or overtaken by another isolate's) credits nothing and moves nothing.
   */
  async beats(beats: AttendanceBeat[]): Promise<void> {
    this.counters.calls += 1
    this.counters.beats += beats.length
    let credited = false
    for (const { userId, day, slot, talkInit, now } of beats) {
      const previous = this.lastBeat.get(userId) ?? null
      if (previous !== null && now <= previous) continue
      this.lastBeat.set(userId, now)
      const seconds = beatCredit(previous, now, talkInit)
      if (seconds > 0) {
        this.add({ userId, day, slot, seconds, lastSeenAt: now })
        credited = true
      }
    }
    if (credited) await this.flusher.pending()
  }

  /** Writes everything pending now (the certificates' issuing and the tests call it). */
  flush(): Promise<{ rows: number }> {
    return this.flusher.flush()
  }

  /** A flush left over from a failure first (same id, same rows), then what is pending. */
  private async sendAll(): Promise<{ rows: number }> {
    let rows = 0
    for (let round = 0; round < 2; round++) {
      if (!this.inflight) {
        if (this.pending.size === 0) break
        this.inflight = { id: crypto.randomUUID(), rows: [...this.pending.values()] }
        this.pending = new Map()
        this.persist(this.inflight)
      }
      rows += await this.send(this.inflight)
    }
    return { rows }
  }

  /** The flush about to be sent, in storage (one transaction) until the database has it. */
  private persist(flush: AttendanceFlush) {
    const sql = this.ctx.storage.sql
    this.ctx.storage.transactionSync(() => {
      sql.exec('DELETE FROM inflight')
      sql.exec('DELETE FROM flush')
      sql.exec('DROP TABLE IF EXISTS pending')
      sql.exec('INSERT INTO flush (id) VALUES (?)', flush.id)
      for (const row of flush.rows) {
        sql.exec(
          'INSERT INTO inflight (user_id, day, slot, seconds, last_seen_at) VALUES (?, ?, ?, ?, ?)',
          row.userId,
          row.day,
          row.slot,
          row.seconds,
          row.lastSeenAt,
        )
      }
    })
  }

  private async send(flush: AttendanceFlush): Promise<number> {
    const outcome = await recordAttendanceFlush(this.context(), flush)
    this.inflight = null
    const sql = this.ctx.storage.sql
    this.ctx.storage.transactionSync(() => {
      sql.exec('DELETE FROM inflight')
      sql.exec('DELETE FROM flush')
    })
    if (outcome === 'applied') {
      this.counters.flushes += 1
      this.counters.rowsWritten += flush.rows.length
    }
    return flush.rows.length
  }

  async stats(): Promise<AttendanceStats> {
    return { ...this.counters, pendingRows: this.pending.size + (this.inflight?.rows.length ?? 0) }
  }

  override async alarm() {
    await this.flusher.ring()
  }
}

const fromStored = (row: StoredRow): AttendanceRow => ({
  userId: row.user_id,
  day: row.day,
  slot: row.slot,
  seconds: row.seconds,
  lastSeenAt: row.last_seen_at,
})
