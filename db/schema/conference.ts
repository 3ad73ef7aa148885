import { sql } from 'drizzle-orm'
import { check, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { DEFAULT_CONFERENCE_SHARE } from '../../worker/domain/certificates.ts'
import { users } from './accounts.ts'
import { createdAt, partOf, serial, updatedAt, version } from './columns.ts'

// The schema: Conference.

export const conferenceTalks = sqliteTable(
  'conference_talks',
  {
    id: serial(),
    day: integer('day').notNull(), // session pair [day, slot]
    slot: integer('slot').notNull(),
    initAt: integer('init_at', { mode: 'timestamp_ms' }).notNull(),
    title: text('title').notNull(),
    speaker: text('speaker').notNull(),
    /**
     * The account that speaks the talk (named by the admin by its e-mail): it alone, besides the
     * organisation, opens the talk's speaker view of the live questions (issue 44). Null: none named; an account's deletion clears it.
     */
    speakerUserId: integer('speaker_user_id').references(() => users.id),
    content: text('content').notNull().default(''), // speaker bio
    videoId: text('video_id'),
    videoInit: integer('video_init').notNull().default(0), // seconds into the video
    youtubeId: text('youtube_id'),
  },
  (t) => [uniqueIndex('conference_talks_session').on(t.day, t.slot)],
)

/** The conference's certificate settings (one row): the share of the programme to watch, the signatory. */
export const conferenceSettings = sqliteTable(
  'conference_settings',
  {
    id: integer('id').primaryKey(),
    minShare: integer('min_share').notNull().default(DEFAULT_CONFERENCE_SHARE),
    signatoryName: text('signatory_name'),
    signatoryRole: text('signatory_role'),
    signatureKey: text('signature_key'),
    version: version(),
    updatedAt: updatedAt(),
  },
  (t) => [check('conference_settings_single_row', sql`${t.id} = 1`)],
)

/**
 * Seconds of each talk a signed-in viewer watched: aggregated by the conference's Durable Object
 * from the players' heartbeats and added here in batches, never a write per heartbeat.
 */
export const conferenceAttendance = sqliteTable(
  'conference_attendance',
  {
    userId: partOf('user_id', () => users.id),
    talkId: partOf('talk_id', () => conferenceTalks.id),
    seconds: integer('seconds').notNull().default(0),
    lastSeenAt: integer('last_seen_at', { mode: 'timestamp_ms' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.talkId] })],
)

/** One row per flush of the attendance: a flush sent again adds nothing (as qr_click_flushes). */
export const conferenceAttendanceFlushes = sqliteTable('conference_attendance_flushes', {
  id: text('id').primaryKey(),
  createdAt: createdAt(),
})
