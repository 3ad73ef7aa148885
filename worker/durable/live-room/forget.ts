import { ANONYMOUS_NAME, DELETED_ACCOUNT_NAME, isPublic } from '../../domain/live-questions.ts'
import type { Room } from './room.ts'
import { boardQuestion, type QuestionRow, queueQuestion } from './rows.ts'

/**
 * An account was deleted (LGPD): its name leaves this room at once rather than at the wipe — its
 * questions keep their text under DELETED_ACCOUNT_NAME (author ''), the logged broadcasts that
 * carried the name are rewritten, who it voted for goes (the totals stay), its sockets close, and
 * everyone connected sees the question again without the name. The next flush writes no name
 * either (the database's copy already knows the account is deleted).
 */
export function forget(room: Room, userId: number): { questions: number } {
  const sql = room.sql
  for (const socket of room.ctx.getWebSockets(`u:${userId}`)) {
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
      room.broadcast({ k: 'question', q: boardQuestion(forgotten) }, 'all')
    }
    room.broadcast({ k: 'queue', q: queueQuestion(forgotten) }, 'moderators')
  }
  return { questions: named.length }
}
