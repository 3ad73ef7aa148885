import { DurableObject } from 'cloudflare:workers'
import { createAppContext } from '../context.ts'
import {
  type BoardQuestion,
  ClientFrame,
  type LiveBoard,
  type OwnQuestion,
  type QueueQuestion,
  type RoomEvent,
  type ServerFrame,
} from '../contract/live-questions.ts'
import {
  ANONYMOUS_NAME,
  ASK_REFUSAL_MESSAGES,
  askRefusal,
  BROADCAST_INTERVAL_MS,
  boardOrder,
  DELETED_ACCOUNT_NAME,
  EVENT_LOG_SIZE,
  FRAME_MAX_CHARS,
  FRAME_WINDOW_MS,
  FRAMES_PER_WINDOW,
  flaggedWords,
  isPublic,
  LIMIT_BREAKING,
  LIVE_FLUSH_INTERVAL_MS,
  LIVE_ROOM_RETENTION_MS,
  type LiveRole,
  minuteOf,
  moderate,
  nearlySame,
  normaliseQuestion,
  type PublicStatus,
  type QuestionStatus,
  REACTION_KINDS,
  REACTION_MIN_GAP_MS,
  ROOM_CLOSED_MESSAGE,
} from '../domain/live-questions.ts'
import type { Env } from '../env.ts'
import { type LiveFlush, recordLiveFlush } from '../services/conference/live-flush.ts'
import { FLUSH_RETRY_MS } from './flushing-alarm.ts'
import type { LiveRoomStats, LiveRoomStub, LiveTalk, LiveViewer } from './stubs.ts'

/** What each socket carries through hibernation (a few dozen bytes; the limit is 2 KB). */
type Attachment = { u: number; r: LiveRole; n: string }

type QuestionRow = {
  id: string
  cid: string
  user_id: number
  author: string
  anonymous: number
  text: string
  normalised: string
  status: QuestionStatus
  pinned: number
  votes: number
  asked_at: number
  words: string
  similar_to: string | null
}

/** Close codes: 1008 for a broken rule (policy), 1007 for a frame that is not what it must be. */
const POLICY = 1008
const BAD_DATA = 1007

type Due = 'tick' | 'flush' | 'close' | 'wipe'

/**
 * A talk's live room (issue 44, DESIGN 9d): its questions, votes and reactions, and every viewer's
 * WebSocket, accepted with the Hibernation API so that an idle audience costs nothing — no timer
 * runs here: the broadcast of votes and reactions (at most once a second), the database's copy
 * (once a minute), the talk's close and the storage's wipe are all alarms. The Worker has checked
 * the session and the talk on the clock before the upgrade, and says who connects and as what;
 * the clock is never read here.
 *
 * Everything lives in the room's SQLite storage, so a room woken from hibernation resumes where it
 * was: the questions (pending and hidden ones only here), who voted for what, the sequence number
 * and the last EVENT_LOG_SIZE broadcasts, which a reconnecting client gets from its last number.
 * Only the per-socket frame counters and the reactions of the current second are in memory.
 */
export class LiveRoom extends DurableObject<Env> implements LiveRoomStub {
  private seq = 0
  private talk: LiveTalk | null = null
  private closed = false
  private due = new Map<Due, number>()
  /** Changes not yet in the database: every change takes the next number. */
  private change = 0
  /** Reactions since the last broadcast (sent in the next tick). */
  private reactionsToSend = new Map<string, number>()
  /** Per socket: frames in the current window and the last reactions frame. */
  private readonly rate = new WeakMap<WebSocket, { windowStart: number; frames: number; lastReact: number }>()
  private counters = { flushes: 0, broadcasts: 0, ticks: 0 }

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env)
    // Pings are answered without waking the room.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair('{"t":"ping"}', '{"t":"pong"}'))
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

  private setMeta(key: string, value: string) {
    this.ctx.storage.sql.exec(
      'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
      key,
      value,
    )
  }

  // ── Connecting ────────────────────────────────────────────────────────────────────────────

  /** The upgrade, forwarded by the Worker (worker/services/conference/live.ts) with who connects. */
  override async fetch(request: Request): Promise<Response> {
    const viewer = JSON.parse(request.headers.get('x-live-viewer') ?? 'null') as LiveViewer | null
    const talk = JSON.parse(request.headers.get('x-live-talk') ?? 'null') as
      | (LiveTalk & { closesIn: number })
      | null
    if (!viewer || !talk || request.headers.get('upgrade')?.toLowerCase() !== 'websocket') {
      return new Response('Esperava uma conexão WebSocket.', { status: 426 })
    }
    await this.open(talk)
    const since = Number(new URL(request.url).searchParams.get('since') ?? Number.NaN)
    const pair = new WebSocketPair()
    const [client, server] = [pair[0], pair[1]]
    this.ctx.acceptWebSocket(server, [viewer.role, `u:${viewer.userId}`])
    server.serializeAttachment({ u: viewer.userId, r: viewer.role, n: viewer.name } satisfies Attachment)
    server.send(JSON.stringify(this.welcome(viewer, Number.isSafeInteger(since) ? since : null)))
    return new Response(null, { status: 101, webSocket: client })
  }

  /** The talk as the Worker last saw it on the clock: the room closes when it ends. */
  private async open(talk: LiveTalk & { closesIn: number }) {
    const { day, slot } = talk
    if (!this.talk || this.talk.day !== day || this.talk.slot !== slot) {
      this.talk = { day, slot }
      this.setMeta('talk', JSON.stringify(this.talk))
    }
    if (this.closed) {
      this.closed = false
      this.setMeta('closed', '0')
      this.due.delete('wipe')
    }
    // Every upgrade says when the talk ends; the alarm moves only when the programme did.
    const closesAt = Date.now() + Math.max(0, talk.closesIn)
    const current = this.due.get('close')
    if (current === undefined || Math.abs(current - closesAt) > 5000) {
      await this.schedule('close', closesAt, { replace: true })
    }
  }

  private welcome(viewer: LiveViewer, since: number | null): ServerFrame {
    const sql = this.ctx.storage.sql
    const mine = sql
      .exec<QuestionRow>('SELECT * FROM questions WHERE user_id = ? ORDER BY asked_at', viewer.userId)
      .toArray()
      .map(ownQuestion)
    const voted = sql
      .exec<{ qid: string }>('SELECT qid FROM votes WHERE user_id = ?', viewer.userId)
      .toArray()
      .map((row) => row.qid)
    const oldest = sql.exec<{ seq: number | null }>('SELECT min(seq) AS seq FROM events').one().seq
    const resumable =
      since !== null && since <= this.seq && (since >= (oldest ?? this.seq + 1) - 1 || since === this.seq)
    if (resumable) {
      // A moderator missed the queue's changes too; the audience, only what is theirs.
      const missed = sql
        .exec<{ seq: number; body: string }>(
          "SELECT seq, body FROM events WHERE seq > ? AND (audience = 'all' OR ?) ORDER BY seq",
          since,
          viewer.role === 'moderator' ? 1 : 0,
        )
        .toArray()
        .map((row) => ({ seq: row.seq, e: JSON.parse(row.body) as RoomEvent }))
      return { t: 'welcome', role: viewer.role, seq: this.seq, mine, voted, missed, board: null, queue: null }
    }
    return {
      t: 'welcome',
      role: viewer.role,
      seq: this.seq,
      mine,
      voted,
      missed: null,
      board: this.boardNow(),
      queue: viewer.role === 'moderator' ? this.queue() : null,
    }
  }

  /** The public board (the snapshot the Worker serves where WebSockets cannot connect). */
  async board(): Promise<LiveBoard> {
    return this.boardNow()
  }

  private boardNow(): LiveBoard {
    const questions = this.ctx.storage.sql
      .exec<QuestionRow>("SELECT * FROM questions WHERE status IN ('approved', 'answered')")
      .toArray()
      .map(boardQuestion)
      .sort((a, b) => boardOrder({ ...a, askedAt: a.asked_at }, { ...b, askedAt: b.asked_at }))
    const reactions: Record<string, number> = {}
    for (const row of this.ctx.storage.sql
      .exec<{ kind: string; total: number }>('SELECT kind, sum(count) AS total FROM reactions GROUP BY kind')
      .toArray()) {
      reactions[row.kind] = row.total
    }
    return { seq: this.seq, questions, reactions, open: !this.closed }
  }

  private queue(): QueueQuestion[] {
    return this.ctx.storage.sql
      .exec<QuestionRow>('SELECT * FROM questions ORDER BY asked_at')
      .toArray()
      .map(queueQuestion)
  }

  // ── Frames ────────────────────────────────────────────────────────────────────────────────

  override async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    const who = ws.deserializeAttachment() as Attachment | null
    if (!who) return ws.close(POLICY, 'sem identificação')
    if (typeof message !== 'string' || message.length > FRAME_MAX_CHARS) {
      return this.refuse(ws, BAD_DATA, 'frame', 'Mensagem inválida.')
    }
    let parsed: unknown
    try {
      parsed = JSON.parse(message)
    } catch {
      return this.refuse(ws, BAD_DATA, 'frame', 'Mensagem inválida.')
    }
    const frame = ClientFrame.safeParse(parsed)
    if (!frame.success) return this.refuse(ws, BAD_DATA, 'frame', 'Mensagem inválida.')
    if (this.closed) return send(ws, { t: 'closed', msg: ROOM_CLOSED_MESSAGE })
    const now = Date.now()
    const rate = this.rate.get(ws) ?? { windowStart: now, frames: 0, lastReact: 0 }
    if (now - rate.windowStart >= FRAME_WINDOW_MS) {
      rate.windowStart = now
      rate.frames = 0
    }
    rate.frames += 1
    this.rate.set(ws, rate)
    if (rate.frames > FRAMES_PER_WINDOW) {
      return this.refuse(
        ws,
        POLICY,
        'rate',
        'Mensagens demais em pouco tempo. Recarregue a página para voltar.',
      )
    }
    const data = frame.data
    switch (data.t) {
      case 'ask':
        return this.ask(ws, who, data, now)
      case 'vote':
        return this.vote(ws, who, data)
      case 'react':
        if (now - rate.lastReact < REACTION_MIN_GAP_MS) {
          return this.refuse(ws, POLICY, 'rate', 'Reações em excesso. Recarregue a página para voltar.')
        }
        rate.lastReact = now
        return this.react(data.counts as Record<string, number | undefined>, now)
      case 'moderate':
        if (who.r !== 'moderator') {
          return this.refuse(
            ws,
            POLICY,
            'forbidden',
            'Só a moderação pode aprovar, ocultar ou marcar perguntas.',
          )
        }
        return this.moderate(ws, data)
    }
  }

  /** Tells the socket why, then closes it (that socket only). */
  private refuse(ws: WebSocket, code: number, reason: string, msg: string) {
    send(ws, { t: 'error', code: reason, msg })
    ws.close(code, reason)
  }

  private async ask(
    ws: WebSocket,
    who: Attachment,
    frame: { cid: string; text: string; anonymous: boolean },
    now: number,
  ) {
    const sql = this.ctx.storage.sql
    // The person's questions: a resend is found among them, and the limits count them.
    const theirs = sql
      .exec<{ id: string; cid: string; normalised: string; asked_at: number }>(
        'SELECT id, cid, normalised, asked_at FROM questions WHERE user_id = ?',
        who.u,
      )
      .toArray()
    const again = theirs.find((row) => row.cid === frame.cid)
    // A resend (the answer was lost): the same question, nothing new.
    if (again) return send(ws, { t: 'ack', cid: frame.cid, ok: true, id: again.id })
    const previous = theirs.map((row) => ({ normalised: row.normalised, askedAt: row.asked_at }))
    const refusal = askRefusal(frame.text, previous, now)
    if (refusal && LIMIT_BREAKING.has(refusal)) {
      return this.refuse(ws, POLICY, 'limit', ASK_REFUSAL_MESSAGES[refusal])
    }
    if (refusal) return send(ws, { t: 'ack', cid: frame.cid, ok: false, msg: ASK_REFUSAL_MESSAGES[refusal] })
    const text = frame.text.trim()
    const normalised = normaliseQuestion(text)
    // Close to a question of the last hour (anyone's): flagged to the moderator.
    const recent = sql
      .exec<{ id: string; normalised: string }>(
        "SELECT id, normalised FROM questions WHERE asked_at > ? AND status != 'hidden' ORDER BY asked_at DESC LIMIT 200",
        now - 3_600_000,
      )
      .toArray()
    const row: QuestionRow = {
      id: crypto.randomUUID(),
      cid: frame.cid,
      user_id: who.u,
      author: who.n,
      anonymous: frame.anonymous ? 1 : 0,
      text,
      normalised,
      status: 'pending',
      pinned: 0,
      votes: 0,
      asked_at: now,
      words: JSON.stringify(flaggedWords(text)),
      similar_to: recent.find((item) => nearlySame(item.normalised, normalised))?.id ?? null,
    }
    sql.exec(
      `INSERT INTO questions (id, cid, user_id, author, anonymous, text, normalised, status, asked_at, words, similar_to)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      row.id,
      row.cid,
      row.user_id,
      row.author,
      row.anonymous,
      row.text,
      row.normalised,
      row.status,
      row.asked_at,
      row.words,
      row.similar_to,
    )
    send(ws, { t: 'ack', cid: frame.cid, ok: true, id: row.id })
    this.toOwner(row)
    this.broadcast({ k: 'queue', q: queueQuestion(row) }, 'moderators')
  }

  private vote(ws: WebSocket, who: Attachment, frame: { cid: string; qid: string }) {
    const sql = this.ctx.storage.sql
    const question = this.question(frame.qid)
    if (!question || !isPublic(question.status)) {
      return send(ws, { t: 'ack', cid: frame.cid, ok: false, msg: 'Pergunta não encontrada.' })
    }
    // Once per viewer and question: a second vote (or a resend) counts nothing.
    const cast = sql.exec(
      'INSERT OR IGNORE INTO votes (user_id, qid) VALUES (?, ?)',
      who.u,
      frame.qid,
    ).rowsWritten
    if (cast > 0) {
      sql.exec(
        'UPDATE questions SET votes = votes + 1, tick_dirty = 1, db_dirty = ? WHERE id = ?',
        this.nextChange(),
        frame.qid,
      )
      void this.schedule('tick', Date.now() + BROADCAST_INTERVAL_MS)
      void this.schedule('flush', Date.now() + LIVE_FLUSH_INTERVAL_MS)
    }
    send(ws, { t: 'ack', cid: frame.cid, ok: true, id: frame.qid })
  }

  private react(counts: Record<string, number | undefined>, now: number) {
    const sent = REACTION_KINDS.filter((kind) => (counts[kind] ?? 0) > 0)
    if (sent.length === 0) return
    const minute = minuteOf(now)
    // One change number for the frame's kinds (they reach the database together).
    const change = this.nextChange()
    for (const kind of sent) {
      const count = counts[kind] as number
      this.reactionsToSend.set(kind, (this.reactionsToSend.get(kind) ?? 0) + count)
      this.ctx.storage.sql.exec(
        `INSERT INTO reactions (minute, kind, count, db_dirty) VALUES (?, ?, ?, ?)
         ON CONFLICT (minute, kind) DO UPDATE SET count = count + excluded.count, db_dirty = excluded.db_dirty`,
        minute,
        kind,
        count,
        change,
      )
    }
    void this.schedule('tick', now + BROADCAST_INTERVAL_MS)
    void this.schedule('flush', now + LIVE_FLUSH_INTERVAL_MS)
  }

  private moderate(
    ws: WebSocket,
    frame: { cid: string; qid: string; action: Parameters<typeof moderate>[1] },
  ) {
    const question = this.question(frame.qid)
    if (!question) return send(ws, { t: 'ack', cid: frame.cid, ok: false, msg: 'Pergunta não encontrada.' })
    const next = moderate({ status: question.status, pinned: question.pinned === 1 }, frame.action)
    // Already so (a resend, or another moderator was first): nothing changes.
    if (!next) return send(ws, { t: 'ack', cid: frame.cid, ok: true, id: frame.qid })
    const wasPublic = isPublic(question.status)
    this.ctx.storage.sql.exec(
      `UPDATE questions SET status = ?, pinned = ?, was_public = max(was_public, ?), db_dirty = ? WHERE id = ?`,
      next.status,
      next.pinned ? 1 : 0,
      isPublic(next.status) ? 1 : 0,
      this.nextChange(),
      frame.qid,
    )
    const row: QuestionRow = { ...question, status: next.status, pinned: next.pinned ? 1 : 0 }
    send(ws, { t: 'ack', cid: frame.cid, ok: true, id: frame.qid })
    if (isPublic(next.status)) this.broadcast({ k: 'question', q: boardQuestion(row) }, 'all')
    else if (wasPublic) this.broadcast({ k: 'removed', id: row.id }, 'all')
    this.broadcast({ k: 'queue', q: queueQuestion(row) }, 'moderators')
    this.toOwner(row)
    if (wasPublic || isPublic(next.status)) void this.schedule('flush', Date.now() + LIVE_FLUSH_INTERVAL_MS)
  }

  private question(id: string): QuestionRow | undefined {
    return this.ctx.storage.sql.exec<QuestionRow>('SELECT * FROM questions WHERE id = ?', id).toArray()[0]
  }

  private nextChange(): number {
    this.change += 1
    this.setMeta('change', String(this.change))
    return this.change
  }

  /** The asker's own tabs see their question's state (pending, hidden) as it changes. */
  private toOwner(row: QuestionRow) {
    const text = JSON.stringify({ t: 'mine', q: ownQuestion(row) } satisfies ServerFrame)
    for (const socket of this.ctx.getWebSockets(`u:${row.user_id}`)) trySend(socket, text)
  }

  /** An event with the next sequence number, logged for reconnections, to every socket it concerns. */
  private broadcast(event: RoomEvent, audience: 'all' | 'moderators') {
    this.seq += 1
    const body = JSON.stringify(event)
    const sql = this.ctx.storage.sql
    sql.exec('INSERT INTO events (seq, audience, body) VALUES (?, ?, ?)', this.seq, audience, body)
    sql.exec('DELETE FROM events WHERE seq <= ?', this.seq - EVENT_LOG_SIZE)
    this.setMeta('seq', String(this.seq))
    this.counters.broadcasts += 1
    const text = `{"t":"event","seq":${this.seq},"e":${body}}`
    const sockets = audience === 'all' ? this.ctx.getWebSockets() : this.ctx.getWebSockets('moderator')
    for (const socket of sockets) trySend(socket, text)
  }

  // ── Alarms ────────────────────────────────────────────────────────────────────────────────

  /** Sets (or brings forward; `replace`: moves) one of the room's due times, and the alarm. */
  private async schedule(kind: Due, at: number, { replace = false } = {}) {
    const current = this.due.get(kind)
    if (current !== undefined && current === at) return
    if (current !== undefined && current <= at && !replace) return
    this.due.set(kind, at)
    this.setMeta('due', JSON.stringify([...this.due]))
    const next = Math.min(...this.due.values())
    const alarm = await this.ctx.storage.getAlarm()
    if (alarm === null || next < alarm || replace) await this.ctx.storage.setAlarm(next)
  }

  override async alarm(): Promise<void> {
    const now = Date.now()
    const ready = [...this.due].filter(([, at]) => at <= now + 10).map(([kind]) => kind)
    for (const kind of ready) this.due.delete(kind)
    this.setMeta('due', JSON.stringify([...this.due]))
    if (ready.includes('tick')) this.tick()
    if (ready.includes('close')) await this.close()
    else if (ready.includes('flush')) await this.flushOrRetry()
    if (ready.includes('wipe') && this.closed) {
      await this.ctx.storage.deleteAll()
      this.due.clear()
      return
    }
    if (this.due.size) await this.ctx.storage.setAlarm(Math.min(...this.due.values()))
  }

  /** One frame with the vote totals that changed and the reactions of the last second. */
  private tick() {
    const sql = this.ctx.storage.sql
    const votes = sql
      .exec<{ id: string; votes: number }>(
        "SELECT id, votes FROM questions WHERE tick_dirty = 1 AND status IN ('approved', 'answered')",
      )
      .toArray()
      .map((row) => [row.id, row.votes] as [string, number])
    sql.exec('UPDATE questions SET tick_dirty = 0 WHERE tick_dirty = 1')
    const reactions = Object.fromEntries(this.reactionsToSend)
    this.reactionsToSend = new Map()
    if (votes.length === 0 && Object.keys(reactions).length === 0) return
    this.counters.ticks += 1
    this.broadcast({ k: 'tick', votes, reactions }, 'all')
  }

  private async flushOrRetry() {
    try {
      await this.flush()
    } catch (error) {
      console.error(JSON.stringify({ level: 'error', kind: 'live_room_flush_failed', error: String(error) }))
      await this.schedule('flush', Date.now() + FLUSH_RETRY_MS)
    }
  }

  /** Writes what changed since the last flush to the database; tests and the close call it too. */
  async flush(): Promise<{ questions: number; reactions: number }> {
    if (!this.talk) return { questions: 0, reactions: 0 }
    const sql = this.ctx.storage.sql
    const upTo = this.change
    const rows = sql
      .exec<QuestionRow & { was_public: number }>('SELECT * FROM questions WHERE db_dirty > 0')
      .toArray()
    const reactions = sql
      .exec<{ minute: number; kind: string; count: number }>(
        'SELECT minute, kind, count FROM reactions WHERE db_dirty > 0',
      )
      .toArray()
    if (rows.length === 0 && reactions.length === 0) return { questions: 0, reactions: 0 }
    const flush: LiveFlush = {
      talk: this.talk,
      questions: rows
        .filter((row) => isPublic(row.status))
        .map((row) => ({
          id: row.id,
          userId: row.user_id,
          author: row.author,
          anonymous: row.anonymous === 1,
          text: row.text,
          status: row.status as PublicStatus,
          votes: row.votes,
          askedAt: row.asked_at,
        })),
      removed: rows.filter((row) => !isPublic(row.status) && row.was_public === 1).map((row) => row.id),
      reactions,
    }
    const context = createAppContext(this.env, {
      now: new Date(),
      requestId: 'live-room',
      clientIp: 'durable-object',
      waitUntil: (promise) => this.ctx.waitUntil(promise),
    })
    await recordLiveFlush(context, flush)
    // What changed while the database answered keeps its mark for the next flush.
    sql.exec('UPDATE questions SET db_dirty = 0 WHERE db_dirty > 0 AND db_dirty <= ?', upTo)
    sql.exec('UPDATE reactions SET db_dirty = 0 WHERE db_dirty > 0 AND db_dirty <= ?', upTo)
    this.counters.flushes += 1
    return { questions: flush.questions.length + flush.removed.length, reactions: reactions.length }
  }

  /** The talk ended on the clock: the last flush, every socket told and closed; the wipe scheduled. */
  private async close() {
    this.tick()
    this.closed = true
    this.setMeta('closed', '1')
    const text = JSON.stringify({ t: 'closed', msg: ROOM_CLOSED_MESSAGE } satisfies ServerFrame)
    for (const socket of this.ctx.getWebSockets()) {
      trySend(socket, text)
      try {
        socket.close(1000, 'encerrada')
      } catch {
        // already closing
      }
    }
    await this.flushOrRetry()
    this.due.set('wipe', Date.now() + LIVE_ROOM_RETENTION_MS)
    this.setMeta('due', JSON.stringify([...this.due]))
  }

  override async webSocketClose(ws: WebSocket, code: number, reason: string) {
    try {
      ws.close(code === 1005 || code === 1006 ? 1000 : code, reason)
    } catch {
      // already closed
    }
  }

  override async webSocketError(ws: WebSocket) {
    try {
      ws.close(1011, 'erro')
    } catch {
      // already closed
    }
  }

  /**
   * An account was deleted (LGPD): its name leaves this room at once rather than at the wipe — its
   * questions keep their text under DELETED_ACCOUNT_NAME (author ''), the logged broadcasts that
   * carried the name are rewritten, who it voted for goes (the totals stay), its sockets close, and
   * everyone connected sees the question again without the name. The next flush writes no name
   * either (the database's copy already knows the account is deleted).
   */
  async forget(userId: number): Promise<{ questions: number }> {
    const sql = this.ctx.storage.sql
    for (const socket of this.ctx.getWebSockets(`u:${userId}`)) {
      try {
        socket.close(1000, 'conta excluída')
      } catch {
        // already closing
      }
    }
    sql.exec('DELETE FROM votes WHERE user_id = ?', userId)
    const named = sql
      .exec<QuestionRow>("SELECT * FROM questions WHERE user_id = ? AND author != ''", userId)
      .toArray()
    if (named.length === 0) return { questions: 0 }
    sql.exec("UPDATE questions SET author = '' WHERE user_id = ?", userId)
    const ids = new Set(named.map((row) => row.id))
    const logged = sql
      .exec<{ seq: number; body: string }>(
        "SELECT seq, body FROM events WHERE json_extract(body, '$.q.id') IN (SELECT id FROM questions WHERE user_id = ?)",
        userId,
      )
      .toArray()
    for (const { seq, body } of logged) {
      const event = JSON.parse(body) as { q: { id: string; name: string; author?: string } }
      if (!ids.has(event.q.id)) continue
      if (event.q.name !== ANONYMOUS_NAME) event.q.name = DELETED_ACCOUNT_NAME
      if (event.q.author !== undefined) event.q.author = DELETED_ACCOUNT_NAME
      sql.exec('UPDATE events SET body = ? WHERE seq = ?', JSON.stringify(event), seq)
    }
    for (const row of named) {
      const forgotten = { ...row, author: '' }
      if (isPublic(row.status) && row.anonymous === 0) {
        this.broadcast({ k: 'question', q: boardQuestion(forgotten) }, 'all')
      }
      this.broadcast({ k: 'queue', q: queueQuestion(forgotten) }, 'moderators')
    }
    return { questions: named.length }
  }

  /** For the tests and the benchmark: sockets held and what the room has done. */
  async stats(): Promise<LiveRoomStats> {
    return {
      sockets: this.ctx.getWebSockets().length,
      seq: this.seq,
      ...this.counters,
      due: Object.fromEntries(this.due),
    }
  }
}

const boardQuestion = (row: QuestionRow): BoardQuestion => ({
  id: row.id,
  text: row.text,
  name: row.anonymous ? ANONYMOUS_NAME : row.author || DELETED_ACCOUNT_NAME,
  status: row.status === 'answered' ? 'answered' : 'approved',
  pinned: row.pinned === 1,
  votes: row.votes,
  asked_at: row.asked_at,
})

const ownQuestion = (row: QuestionRow): OwnQuestion => ({
  ...boardQuestion(row),
  status: row.status,
  cid: row.cid,
})

const queueQuestion = (row: QuestionRow): QueueQuestion => ({
  ...boardQuestion(row),
  status: row.status,
  author: row.author || DELETED_ACCOUNT_NAME,
  anonymous: row.anonymous === 1,
  words: JSON.parse(row.words) as string[],
  similar_to: row.similar_to,
})

function trySend(ws: WebSocket, text: string) {
  try {
    ws.send(text)
  } catch {
    // A socket closing meanwhile: its client reconnects from its last sequence number.
  }
}

const send = (ws: WebSocket, frame: ServerFrame) => trySend(ws, JSON.stringify(frame))
