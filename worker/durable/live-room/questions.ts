import {
  ASK_REFUSAL_MESSAGES,
  askRefusal,
  BROADCAST_INTERVAL_MS,
  flaggedWords,
  isPublic,
  LIMIT_BREAKING,
  LIVE_FLUSH_INTERVAL_MS,
  minuteOf,
  moderate as moderated,
  nearlySame,
  normaliseQuestion,
  REACTION_KINDS,
} from '../../domain/live-questions.ts'
import type { Room } from './room.ts'
import {
  type Attachment,
  boardQuestion,
  POLICY,
  type QuestionRow,
  queueQuestion,
  refuse,
  send,
} from './rows.ts'

// What a valid frame does in the room: a question asked (to the moderators' queue), a vote (once
// per viewer and question), reactions added up (broadcast by the next tick), a moderator's action.
// Votes and reactions reach the audience in the once-a-second tick (alarms.ts); every change takes
// a change number, and the minute's flush (flush.ts) writes what became or stopped being public.

export async function ask(
  room: Room,
  ws: WebSocket,
  who: Attachment,
  frame: { cid: string; text: string; anonymous: boolean },
  now: number,
) {
  const sql = room.sql
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
    return refuse(ws, POLICY, 'limit', ASK_REFUSAL_MESSAGES[refusal])
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
  room.toOwner(row)
  room.broadcast({ k: 'queue', q: queueQuestion(row) }, 'moderators')
}

export function vote(room: Room, ws: WebSocket, who: Attachment, frame: { cid: string; qid: string }) {
  const sql = room.sql
  const question = room.question(frame.qid)
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
      room.nextChange(),
      frame.qid,
    )
    void room.schedule('tick', Date.now() + BROADCAST_INTERVAL_MS)
    void room.schedule('flush', Date.now() + LIVE_FLUSH_INTERVAL_MS)
  }
  send(ws, { t: 'ack', cid: frame.cid, ok: true, id: frame.qid })
}

export function react(room: Room, counts: Record<string, number | undefined>, now: number) {
  const sent = REACTION_KINDS.filter((kind) => (counts[kind] ?? 0) > 0)
  if (sent.length === 0) return
  const minute = minuteOf(now)
  // One change number for the frame's kinds (they reach the database together).
  const change = room.nextChange()
  for (const kind of sent) {
    const count = counts[kind] as number
    room.reactionsToSend.set(kind, (room.reactionsToSend.get(kind) ?? 0) + count)
    room.sql.exec(
      `INSERT INTO reactions (minute, kind, count, db_dirty) VALUES (?, ?, ?, ?)
       ON CONFLICT (minute, kind) DO UPDATE SET count = count + excluded.count, db_dirty = excluded.db_dirty`,
      minute,
      kind,
      count,
      change,
    )
  }
  void room.schedule('tick', now + BROADCAST_INTERVAL_MS)
  void room.schedule('flush', now + LIVE_FLUSH_INTERVAL_MS)
}

export function moderate(
  room: Room,
  ws: WebSocket,
  frame: { cid: string; qid: string; action: Parameters<typeof moderated>[1] },
) {
  const question = room.question(frame.qid)
  if (!question) return send(ws, { t: 'ack', cid: frame.cid, ok: false, msg: 'Pergunta não encontrada.' })
  const next = moderated({ status: question.status, pinned: question.pinned === 1 }, frame.action)
  // Already so (a resend, or another moderator was first): nothing changes.
  if (!next) return send(ws, { t: 'ack', cid: frame.cid, ok: true, id: frame.qid })
  const wasPublic = isPublic(question.status)
  room.sql.exec(
    `UPDATE questions SET status = ?, pinned = ?, was_public = max(was_public, ?), db_dirty = ? WHERE id = ?`,
    next.status,
    next.pinned ? 1 : 0,
    isPublic(next.status) ? 1 : 0,
    room.nextChange(),
    frame.qid,
  )
  const row: QuestionRow = { ...question, status: next.status, pinned: next.pinned ? 1 : 0 }
  send(ws, { t: 'ack', cid: frame.cid, ok: true, id: frame.qid })
  if (isPublic(next.status)) room.broadcast({ k: 'question', q: boardQuestion(row) }, 'all')
  else if (wasPublic) room.broadcast({ k: 'removed', id: row.id }, 'all')
  room.broadcast({ k: 'queue', q: queueQuestion(row) }, 'moderators')
  room.toOwner(row)
  if (wasPublic || isPublic(next.status)) void room.schedule('flush', Date.now() + LIVE_FLUSH_INTERVAL_MS)
}
