import { createAppContext } from '../../context.ts'
import { isPublic, type PublicStatus } from '../../domain/live-questions.ts'
import { type LiveFlush, recordLiveFlush } from '../../services/conference/live-flush.ts'
import { FLUSH_RETRY_MS } from '../flushing-alarm.ts'
import type { Room } from './room.ts'
import type { QuestionRow } from './rows.ts'

// What reaches the database, from the alarm once a minute and at the talk's close: the questions
// that are public (approved, answered) or stopped being so, and the reactions per minute, each
// marked by the change number it last took — idempotent by question id (services/conference/live-flush.ts).

/** Writes what changed since the last flush to the database; tests and the close call it too. */
export async function flush(room: Room): Promise<{ questions: number; reactions: number }> {
  if (!room.talk) return { questions: 0, reactions: 0 }
  const sql = room.sql
  const upTo = room.change
  const rows = sql
    .exec<QuestionRow & { was_public: number }>('SELECT * FROM questions WHERE db_dirty > 0')
    .toArray()
  const reactions = sql
    .exec<{ minute: number; kind: string; count: number }>(
      'SELECT minute, kind, count FROM reactions WHERE db_dirty > 0',
    )
    .toArray()
  if (rows.length === 0 && reactions.length === 0) return { questions: 0, reactions: 0 }
  const record: LiveFlush = {
    talk: room.talk,
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
  const context = createAppContext(room.env, {
    now: new Date(),
    requestId: 'live-room',
    clientIp: 'durable-object',
    waitUntil: (promise) => room.ctx.waitUntil(promise),
  })
  await recordLiveFlush(context, record)
  // What changed while the database answered keeps its mark for the next flush.
  sql.exec('UPDATE questions SET db_dirty = 0 WHERE db_dirty > 0 AND db_dirty <= ?', upTo)
  sql.exec('UPDATE reactions SET db_dirty = 0 WHERE db_dirty > 0 AND db_dirty <= ?', upTo)
  room.counters.flushes += 1
  return { questions: record.questions.length + record.removed.length, reactions: reactions.length }
}

/** The alarm's flush: a failure is logged and tried again after FLUSH_RETRY_MS, nothing lost. */
export async function flushOrRetry(room: Room) {
  try {
    await flush(room)
  } catch (error) {
    console.error(JSON.stringify({ level: 'error', kind: 'live_room_flush_failed', error: String(error) }))
    await room.schedule('flush', Date.now() + FLUSH_RETRY_MS)
  }
}
