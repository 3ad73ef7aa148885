import type { RoomEvent, ServerFrame } from '../../contract/live-questions.ts'
import { EVENT_LOG_SIZE } from '../../domain/live-questions.ts'
import type { Env } from '../../env.ts'
import type { LiveTalk } from '../stubs.ts'
import { ownQuestion, type QuestionRow, trySend } from './rows.ts'

/** The room's due times, all served by its one alarm (alarms.ts). */
export type Due = 'tick' | 'flush' | 'close' | 'wipe'

/**
 * What every part of a talk's room shares (the Durable Object in ../live-room.ts holds one): its
 * storage, the few figures it keeps in `meta` (the sequence number, the change number, the talk,
 * whether it is closed, the due times) read once when the room wakes, and the steps each part takes
 * — a change numbered for the database, an event broadcast and logged, an alarm set.
 *
 * Only the per-socket frame counters (`rate`) and the reactions of the current second
 * (`reactionsToSend`) live in memory alone.
 */
export class Room {
  seq = 0
  talk: LiveTalk | null = null
  closed = false
  due = new Map<Due, number>()
  /** Changes not yet in the database: every change takes the next number. */
  change = 0
  /** Reactions since the last broadcast (sent in the next tick). */
  reactionsToSend = new Map<string, number>()
  /** Per socket: frames in the current window and the last reactions frame. */
  readonly rate = new WeakMap<WebSocket, { windowStart: number; frames: number; lastReact: number }>()
  readonly counters = { flushes: 0, broadcasts: 0, ticks: 0 }

  readonly ctx: DurableObjectState
  readonly env: Env

  constructor(ctx: DurableObjectState, env: Env) {
    this.ctx = ctx
    this.env = env
    const sql = ctx.storage.sql
    sql.exec(`CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)`)
    sql.exec(`CREATE TABLE IF NOT EXISTS questions (id TEXT PRIMARY KEY, cid TEXT NOT NULL,
      user_id INTEGER NOT NULL, author TEXT NOT NULL, anonymous INTEGER NOT NULL, text TEXT NOT NULL,
      normalised TEXT NOT NULL, status TEXT NOT NULL, pinned INTEGER NOT NULL DEFAULT 0,
      votes INTEGER NOT NULL DEFAULT 0, asked_at INTEGER NOT NULL, words TEXT NOT NULL,
      similar_to TEXT, was_public INTEGER NOT NULL DEFAULT 0, tick_dirty INTEGER NOT NULL DEFAULT 0,
      db_dirty INTEGER NOT NULL DEFAULT 0, UNIQUE (user_id, cid))`)
    sql.exec('CREATE INDEX IF NOT EXISTS questions_user ON questions (user_id)')
    sql.exec(`CREATE TABLE IF NOT EXISTS votes (user_id INTEGER NOT NULL, qid TEXT NOT NULL,
      PRIMARY KEY (user_id, qid))`)
    sql.exec(
      'CREATE TABLE IF NOT EXISTS events (seq INTEGER PRIMARY KEY, audience TEXT NOT NULL, body TEXT NOT NULL)',
    )
    sql.exec(`CREATE TABLE IF NOT EXISTS reactions (minute INTEGER NOT NULL, kind TEXT NOT NULL,
      count INTEGER NOT NULL, db_dirty INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (minute, kind))`)
    const meta = new Map(
      sql
        .exec<{ key: string; value: string }>('SELECT key, value FROM meta')
        .toArray()
        .map((row) => [row.key, row.value]),
    )
    this.seq = Number(meta.get('seq') ?? 0)
    this.change = Number(meta.get('change') ?? 0)
    this.closed = meta.get('closed') === '1'
    this.talk = meta.has('talk') ? (JSON.parse(meta.get('talk') as string) as LiveTalk) : null
    this.due = new Map(JSON.parse(meta.get('due') ?? '[]') as [Due, number][])
  }

  get sql(): SqlStorage {
    return this.ctx.storage.sql
  }

  setMeta(key: string, value: string) {
    this.sql.exec(
      'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
      key,
      value,
    )
  }

  saveDue() {
    this.setMeta('due', JSON.stringify([...this.due]))
  }

  question(id: string): QuestionRow | undefined {
    return this.sql.exec<QuestionRow>('SELECT * FROM questions WHERE id = ?', id).toArray()[0]
  }

  nextChange(): number {
    this.change += 1
    this.setMeta('change', String(this.change))
    return this.change
  }

  /** The asker's own tabs see their question's state (pending, hidden) as it changes. */
  toOwner(row: QuestionRow) {
    const text = JSON.stringify({ t: 'mine', q: ownQuestion(row) } satisfies ServerFrame)
    for (const socket of this.ctx.getWebSockets(`u:${row.user_id}`)) trySend(socket, text)
  }

  /** An event with the next sequence number, logged for reconnections, to every socket it concerns. */
  broadcast(event: RoomEvent, audience: 'all' | 'moderators') {
    this.seq += 1
    const body = JSON.stringify(event)
    const sql = this.sql
    sql.exec('INSERT INTO events (seq, audience, body) VALUES (?, ?, ?)', this.seq, audience, body)
    sql.exec('DELETE FROM events WHERE seq <= ?', this.seq - EVENT_LOG_SIZE)
    this.setMeta('seq', String(this.seq))
    this.counters.broadcasts += 1
    const text = `{"t":"event","seq":${this.seq},"e":${body}}`
    const sockets = audience === 'all' ? this.ctx.getWebSockets() : this.ctx.getWebSockets('moderator')
    for (const socket of sockets) trySend(socket, text)
  }

  /** Sets (or brings forward; `replace`: moves) one of the room's due times, and the alarm. */
  async schedule(kind: Due, at: number, { replace = false } = {}) {
    const current = this.due.get(kind)
    if (current !== undefined && current === at) return
    if (current !== undefined && current <= at && !replace) return
    this.due.set(kind, at)
    this.saveDue()
    const next = Math.min(...this.due.values())
    const alarm = await this.ctx.storage.getAlarm()
    if (alarm === null || next < alarm || replace) await this.ctx.storage.setAlarm(next)
  }
}
