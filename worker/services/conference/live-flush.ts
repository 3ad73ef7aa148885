import { sql } from 'drizzle-orm'
import type { Db } from '../../../db/client.ts'
import type { PublicStatus } from '../../domain/live-questions.ts'

/** What a talk's room writes: only what is public, as absolute values (so a resend changes nothing). */
export type LiveFlush = {
  talk: { day: number; slot: number }
  /** Approved or answered questions, as they are now. */
  questions: {
    id: string
    userId: number
    author: string
    anonymous: boolean
    text: string
    status: PublicStatus
    votes: number
    askedAt: number
  }[]
  /** Questions once public and hidden since: removed. */
  removed: string[]
  /** Reactions per minute and kind, the minute's whole count so far. */
  reactions: { minute: number; kind: string; count: number }[]
}

/** What the room's flush needs of a context: the database and the clock (as the attendance's). */
type FlushContext = { db: Db; now: Date }

/**
 * Writes a room's public state in one transaction whatever its size: the questions upserted by
 * their id (the rows travel as one JSON parameter; the talk is found by its session pair), the
 * hidden ones deleted, the reactions' minutes upserted with their whole count, and one line in
 * `live_flushes`. The same flush sent twice leaves the same rows. A question of an account deleted
 * since is kept without its name.
 */
export async function recordLiveFlush(ctx: FlushContext, flush: LiveFlush): Promise<void> {
  const { db } = ctx
  const { day, slot } = flush.talk
  const questions = JSON.stringify(
    flush.questions.map((q) => [
      q.id,
      q.userId,
      q.author,
      q.anonymous ? 1 : 0,
      q.text,
      q.status,
      q.votes,
      q.askedAt,
    ]),
  )
  const reactions = JSON.stringify(flush.reactions.map((r) => [r.minute, r.kind, r.count]))
  const now = ctx.now.getTime()
  await db.batch([
    db.run(sql`INSERT INTO live_questions
        (id, talk_id, user_id, author_name, anonymous, text, status, votes, asked_at, updated_at)
      SELECT row.value ->> 0, conference_talks.id,
        CASE WHEN users.deleted_at IS NULL THEN users.id END,
        CASE WHEN users.deleted_at IS NULL THEN row.value ->> 2 END,
        row.value ->> 3, row.value ->> 4, row.value ->> 5, row.value ->> 6, row.value ->> 7, ${now}
      FROM json_each(${questions}) AS row
      JOIN conference_talks ON conference_talks.day = ${day} AND conference_talks.slot = ${slot}
      LEFT JOIN users ON users.id = row.value ->> 1
      WHERE true
      ON CONFLICT (id) DO UPDATE SET status = excluded.status, votes = excluded.votes,
        updated_at = excluded.updated_at`),
    db.run(
      sql`DELETE FROM live_questions WHERE id IN (SELECT value FROM json_each(${JSON.stringify(flush.removed)}))`,
    ),
    db.run(sql`INSERT INTO live_reactions (talk_id, minute, kind, count)
      SELECT conference_talks.id, row.value ->> 0, row.value ->> 1, row.value ->> 2
      FROM json_each(${reactions}) AS row
      JOIN conference_talks ON conference_talks.day = ${day} AND conference_talks.slot = ${slot}
      WHERE true
      ON CONFLICT (talk_id, minute, kind) DO UPDATE SET count = excluded.count`),
    db.run(sql`INSERT INTO live_flushes (talk_id, questions, at)
      SELECT conference_talks.id, ${flush.questions.length}, ${now} FROM conference_talks
      WHERE conference_talks.day = ${day} AND conference_talks.slot = ${slot}`),
  ])
}
