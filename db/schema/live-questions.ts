import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { PUBLIC_STATUSES } from '../../worker/domain/live-questions.ts'
import { users } from './accounts.ts'
import { partOf, serial } from './columns.ts'
import { conferenceTalks } from './conference.ts'

// ── Live questions (issue 44) ───────────────────────────────────────────────
// What a talk's room (worker/durable/live-room.ts) writes to the database from its alarm, once a
// minute and when the talk closes: only what is public. Pending and hidden questions, who voted
// for what and the limiters live in the room's own storage.

/**
 * An approved or answered question, by the room's id: a flush sent again writes the same row
 * (absolute totals, not increments). `author_name` is the name the institute sees even when the
 * audience saw 'Anônimo'; deleting the account clears it and `user_id`.
 */
export const liveQuestions = sqliteTable(
  'live_questions',
  {
    id: text('id').primaryKey(),
    talkId: partOf('talk_id', () => conferenceTalks.id),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    authorName: text('author_name'),
    anonymous: integer('anonymous', { mode: 'boolean' }).notNull().default(false),
    text: text('text').notNull(),
    status: text('status', { enum: PUBLIC_STATUSES }).notNull(),
    votes: integer('votes').notNull().default(0),
    askedAt: integer('asked_at', { mode: 'timestamp_ms' }).notNull(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('live_questions_talk').on(t.talkId), index('live_questions_user').on(t.userId)],
)

/** Reactions per talk, minute and kind: absolute counts, so a flush sent again changes nothing. */
export const liveReactions = sqliteTable(
  'live_reactions',
  {
    talkId: partOf('talk_id', () => conferenceTalks.id),
    minute: integer('minute', { mode: 'timestamp_ms' }).notNull(),
    kind: text('kind').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.talkId, t.minute, t.kind] })],
)

/** One row per flush a room wrote (the tests and the benchmark count them). */
export const liveFlushes = sqliteTable('live_flushes', {
  id: serial(),
  talkId: integer('talk_id').notNull(),
  questions: integer('questions').notNull(),
  at: integer('at', { mode: 'timestamp_ms' }).notNull(),
})
