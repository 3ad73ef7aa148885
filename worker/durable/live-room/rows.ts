import type { BoardQuestion, OwnQuestion, QueueQuestion, ServerFrame } from '../../contract/live-questions.ts'
import {
  ANONYMOUS_NAME,
  DELETED_ACCOUNT_NAME,
  type LiveRole,
  PUBLIC_STATUSES,
  type QuestionStatus,
} from '../../domain/live-questions.ts'

// The live room's rows as its storage holds them, and the frames they become for each audience.

/** What each socket carries through hibernation (a few dozen bytes; the limit is 2 KB). */
export type Attachment = { u: number; r: LiveRole; n: string }

/** A question in the room's storage (`questions`, created in room.ts). */
export type QuestionRow = {
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

/** The storage's condition for the questions the audience sees (the domain's PUBLIC_STATUSES). */
export const IS_PUBLIC_SQL = `status IN (${PUBLIC_STATUSES.map((status) => `'${status}'`).join(', ')})`

/** Close codes: 1008 for a broken rule (policy), 1007 for a frame that is not what it must be. */
export const POLICY = 1008
export const BAD_DATA = 1007

/** As the audience sees it: the first name or 'Anônimo', never the author of an anonymous one. */
export const boardQuestion = (row: QuestionRow): BoardQuestion => ({
  id: row.id,
  text: row.text,
  name: row.anonymous ? ANONYMOUS_NAME : row.author || DELETED_ACCOUNT_NAME,
  status: row.status === 'answered' ? 'answered' : 'approved',
  pinned: row.pinned === 1,
  votes: row.votes,
  asked_at: row.asked_at,
})

/** As its asker sees it: its own status (pending, hidden) and the client id it was sent with. */
export const ownQuestion = (row: QuestionRow): OwnQuestion => ({
  ...boardQuestion(row),
  status: row.status,
  cid: row.cid,
})

/** As the moderators see it: who asked, and the flags (listed words, a similar question). */
export const queueQuestion = (row: QuestionRow): QueueQuestion => ({
  ...boardQuestion(row),
  status: row.status,
  author: row.author || DELETED_ACCOUNT_NAME,
  anonymous: row.anonymous === 1,
  words: JSON.parse(row.words) as string[],
  similar_to: row.similar_to,
})

export function trySend(ws: WebSocket, text: string) {
  try {
    ws.send(text)
  } catch {
    // A socket closing meanwhile: its client reconnects from its last sequence number.
  }
}

export const send = (ws: WebSocket, frame: ServerFrame) => trySend(ws, JSON.stringify(frame))

/** Tells the socket why, then closes it (that socket only). */
export function refuse(ws: WebSocket, code: number, reason: string, msg: string) {
  send(ws, { t: 'error', code: reason, msg })
  ws.close(code, reason)
}
