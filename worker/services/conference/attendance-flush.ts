import { sql } from 'drizzle-orm'
import type { Db } from '../../../db/client.ts'
import type { AttendanceFlush } from '../../domain/attendance.ts'
import { causeMessages } from '../constraints.ts'

/**
 * What the attendance aggregator's flush needs of a context (its Durable Object builds one): the
 * database and the clock only, so this module does not depend on the app's context and bindings.
 */
type FlushContext = { db: Db; now: Date }

/** Flush ids are kept this long: far beyond any retry of a flush whose answer was lost. */
const FLUSH_ID_TTL_MS = 7 * 86_400_000

/**
 * Adds a batch of viewers' seconds to `conference_attendance`: one transaction of three
 * statements whatever the number of viewers — the flush id, one multi-row upsert (the rows travel
 * as one JSON parameter; each talk is found by its session pair, and a viewer or talk deleted since
 * is skipped), and the pruning of old flush ids. Sent again after its answer was lost, it fails on
 * the flush id and adds nothing ('already').
 */
export async function recordAttendanceFlush(
  ctx: FlushContext,
  flush: AttendanceFlush,
): Promise<'applied' | 'already'> {
  const rows = JSON.stringify(
    flush.rows
      .filter((row) => row.seconds > 0)
      .map((r) => [r.userId, r.day, r.slot, r.seconds, r.lastSeenAt]),
  )
  const { db } = ctx
  try {
    await db.batch([
      db.run(
        sql`INSERT INTO conference_attendance_flushes (id, created_at) VALUES (${flush.id}, ${ctx.now.getTime()})`,
      ),
      db.run(sql`INSERT INTO conference_attendance (user_id, talk_id, seconds, last_seen_at)
        SELECT users.id, conference_talks.id, row.value ->> 3, row.value ->> 4
        FROM json_each(${rows}) AS row
        JOIN users ON users.id = row.value ->> 0
        JOIN conference_talks ON conference_talks.day = row.value ->> 1 AND conference_talks.slot = row.value ->> 2
        -- An account deleted since its beats: they go with it (its attendance was deleted then).
        WHERE users.deleted_at IS NULL
        ON CONFLICT (user_id, talk_id) DO UPDATE SET
          seconds = seconds + excluded.seconds,
          last_seen_at = max(coalesce(last_seen_at, 0), excluded.last_seen_at)`),
      db.run(
        sql`DELETE FROM conference_attendance_flushes WHERE created_at < ${ctx.now.getTime() - FLUSH_ID_TTL_MS}`,
      ),
    ])
    return 'applied'
  } catch (error) {
    if (/UNIQUE constraint failed: conference_attendance_flushes\.id/.test(causeMessages(error)))
      return 'already'
    throw error
  }
}
