import type { ServerFrame } from '../../contract/live-questions.ts'
import { LIVE_ROOM_RETENTION_MS, ROOM_CLOSED_MESSAGE } from '../../domain/live-questions.ts'
import type { LiveTalk } from '../stubs.ts'
import { flushOrRetry } from './flush.ts'
import type { Room } from './room.ts'
import { IS_PUBLIC_SQL, trySend } from './rows.ts'

// The room's life on its one alarm — no timer runs in the room: the tick (votes and reactions
// broadcast at most once a second), the flush to the database (once a minute), the talk's close
// (when the clock said it ends) and the storage's wipe (after the retention).

/** The talk as the Worker last saw it on the clock: the room closes when it ends. */
export async function open(room: Room, talk: LiveTalk & { closesIn: number }) {
  const { day, slot } = talk
  if (!room.talk || room.talk.day !== day || room.talk.slot !== slot) {
    room.talk = { day, slot }
    room.setMeta('talk', JSON.stringify(room.talk))
  }
  if (room.closed) {
    room.closed = false
    room.setMeta('closed', '0')
    room.due.delete('wipe')
  }
  // Every upgrade says when the talk ends; the alarm moves only when the programme did.
  const closesAt = Date.now() + Math.max(0, talk.closesIn)
  const current = room.due.get('close')
  if (current === undefined || Math.abs(current - closesAt) > 5000) {
    await room.schedule('close', closesAt, { replace: true })
  }
}

/** The Durable Object's alarm(): whatever is due, then the alarm for the next due time. */
export async function ring(room: Room): Promise<void> {
  const now = Date.now()
  const ready = [...room.due].filter(([, at]) => at <= now + 10).map(([kind]) => kind)
  for (const kind of ready) room.due.delete(kind)
  room.saveDue()
  if (ready.includes('tick')) tick(room)
  if (ready.includes('close')) await close(room)
  else if (ready.includes('flush')) await flushOrRetry(room)
  if (ready.includes('wipe') && room.closed) {
    await room.ctx.storage.deleteAll()
    room.due.clear()
    return
  }
  if (room.due.size) await room.ctx.storage.setAlarm(Math.min(...room.due.values()))
}

/** One frame with the vote totals that changed and the reactions of the last second. */
function tick(room: Room) {
  const sql = room.sql
  const votes = sql
    .exec<{ id: string; votes: number }>(
      `SELECT id, votes FROM questions WHERE tick_dirty = 1 AND ${IS_PUBLIC_SQL}`,
    )
    .toArray()
    .map((row) => [row.id, row.votes] as [string, number])
  sql.exec('UPDATE questions SET tick_dirty = 0 WHERE tick_dirty = 1')
  const reactions = Object.fromEntries(room.reactionsToSend)
  room.reactionsToSend = new Map()
  if (votes.length === 0 && Object.keys(reactions).length === 0) return
  room.counters.ticks += 1
  room.broadcast({ k: 'tick', votes, reactions }, 'all')
}

/** The talk ended on the clock: the last flush, every socket told and closed; the wipe scheduled. */
async function close(room: Room) {
  tick(room)
  room.closed = true
  room.setMeta('closed', '1')
  const text = JSON.stringify({ t: 'closed', msg: ROOM_CLOSED_MESSAGE } satisfies ServerFrame)
  for (const socket of room.ctx.getWebSockets()) {
    trySend(socket, text)
    try {
      socket.close(1000, 'encerrada')
    } catch {
      // already closing
    }
  }
  await flushOrRetry(room)
  room.due.set('wipe', Date.now() + LIVE_ROOM_RETENTION_MS)
  room.saveDue()
}
