import type { LiveBoard, QueueQuestion, RoomEvent, ServerFrame } from '../../contract/live-questions.ts'
import { boardOrder } from '../../domain/live-questions.ts'
import type { LiveViewer } from '../stubs.ts'
import type { Room } from './room.ts'
import { boardQuestion, IS_PUBLIC_SQL, ownQuestion, type QuestionRow, queueQuestion } from './rows.ts'

// What a socket gets when it opens: from its last sequence number, exactly what it missed (the
// room logs its last EVENT_LOG_SIZE broadcasts); too old or new, a snapshot of the board (and of
// the queue, for a moderator). The same board is what the Worker serves where WebSockets cannot
// connect.

export function welcome(room: Room, viewer: LiveViewer, since: number | null): ServerFrame {
  const sql = room.sql
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
    since !== null && since <= room.seq && (since >= (oldest ?? room.seq + 1) - 1 || since === room.seq)
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
    return { t: 'welcome', role: viewer.role, seq: room.seq, mine, voted, missed, board: null, queue: null }
  }
  return {
    t: 'welcome',
    role: viewer.role,
    seq: room.seq,
    mine,
    voted,
    missed: null,
    board: boardNow(room),
    queue: viewer.role === 'moderator' ? queue(room) : null,
  }
}

/** The public board: approved and answered questions by votes, and the reactions' totals. */
export function boardNow(room: Room): LiveBoard {
  const questions = room.sql
    .exec<QuestionRow>(`SELECT * FROM questions WHERE ${IS_PUBLIC_SQL}`)
    .toArray()
    .map(boardQuestion)
    .sort((a, b) => boardOrder({ ...a, askedAt: a.asked_at }, { ...b, askedAt: b.asked_at }))
  const reactions: Record<string, number> = {}
  for (const row of room.sql
    .exec<{ kind: string; total: number }>('SELECT kind, sum(count) AS total FROM reactions GROUP BY kind')
    .toArray()) {
    reactions[row.kind] = row.total
  }
  return { seq: room.seq, questions, reactions, open: !room.closed }
}

function queue(room: Room): QueueQuestion[] {
  return room.sql.exec<QuestionRow>('SELECT * FROM questions ORDER BY asked_at').toArray().map(queueQuestion)
}
