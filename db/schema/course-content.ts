import { sql } from 'drizzle-orm'
import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { users } from './accounts.ts'
import { courses } from './catalog.ts'
import { createdAt, edited, partOf, serial, stamped } from './columns.ts'
import { ebooks } from './institute.ts'

// The schema: Course content (the student area; edited in the admin area).

export const courseModules = sqliteTable(
  'course_modules',
  {
    id: serial(),
    courseId: partOf('course_id', () => courses.id),
    title: text('title').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    ...edited(),
  },
  (t) => [
    // A course page for its students lists its modules in order.
    index('course_modules_course_order').on(t.courseId, t.sortOrder),
  ],
)

export const lessons = sqliteTable(
  'lessons',
  {
    id: serial(),
    moduleId: partOf('module_id', () => courseModules.id),
    title: text('title').notNull(),
    /** YouTube video id, played through the privacy-friendly embed; null for a reading. */
    youtubeId: text('youtube_id'),
    durationSeconds: integer('duration_seconds'),
    /** Markdown shown beside or instead of the video. */
    body: text('body').notNull().default(''),
    sortOrder: integer('sort_order').notNull().default(0),
    ...edited(),
  },
  (t) => [
    // A module lists its lessons in order.
    index('lessons_module_order').on(t.moduleId, t.sortOrder),
  ],
)

export const lessonProgress = sqliteTable(
  'lesson_progress',
  {
    userId: partOf('user_id', () => users.id),
    lessonId: partOf('lesson_id', () => lessons.id),
    watchedAt: integer('watched_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.lessonId] })],
)

/**
 * The one playback a student has going (issue 39): a player instance names itself with a uuid,
 * and a new one replaces the old. What its beats credit may never pass MAX_CREDITED_RATE × the
 * wall time since it opened (the server's clock) plus a small slack.
 */
export const lessonPlaybacks = sqliteTable('lesson_playbacks', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  playback: text('playback').notNull(),
  lessonId: partOf('lesson_id', () => lessons.id),
  openedAt: integer('opened_at', { mode: 'timestamp_ms' }).notNull(),
  /** Media milliseconds its beats were credited, each segment counted. */
  creditedMs: integer('credited_ms').notNull().default(0),
  lastBeatAt: integer('last_beat_at', { mode: 'timestamp_ms' }).notNull(),
})

/**
 * Media played and credited (issue 39): [from_ms, to_ms) of a lesson's video, as the server
 * accepted it. A segment that goes on where one of its playback ended extends that row.
 */
export const lessonSegments = sqliteTable(
  'lesson_segments',
  {
    id: serial(),
    userId: partOf('user_id', () => users.id),
    lessonId: partOf('lesson_id', () => lessons.id),
    playback: text('playback').notNull(),
    fromMs: integer('from_ms').notNull(),
    toMs: integer('to_ms').notNull(),
    ...stamped(),
  },
  (t) => [
    // A student's evidence is read by course (its lessons), never across students.
    index('lesson_segments_user_lesson').on(t.userId, t.lessonId),
    // A beat extends the segment its playback left off.
    index('lesson_segments_playback').on(t.playback, t.toMs),
  ],
)

/** A lesson without video shown to its student (issue 39): its evidence is having been opened. */
export const lessonOpenings = sqliteTable(
  'lesson_openings',
  {
    userId: partOf('user_id', () => users.id),
    lessonId: partOf('lesson_id', () => lessons.id),
    openedAt: integer('opened_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.lessonId] })],
)

/** Downloadable material of a course (R2, behind short-lived signed links). */
export const courseMaterials = sqliteTable(
  'course_materials',
  {
    id: serial(),
    courseId: partOf('course_id', () => courses.id),
    title: text('title').notNull(),
    fileKey: text('file_key').notNull(),
    contentType: text('content_type').notNull().default('application/pdf'),
    sizeBytes: integer('size_bytes'),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    // A course page for its students lists its material in order.
    index('course_materials_course_order').on(t.courseId, t.sortOrder),
  ],
)

/** E-books in a student's library: bought, granted with a course, or a free one added by hand. */
export const ebookLibrary = sqliteTable(
  'ebook_library',
  {
    userId: partOf('user_id', () => users.id),
    ebookId: partOf('ebook_id', () => ebooks.id),
    addedAt: integer('added_at', { mode: 'timestamp_ms' })
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
  },
  (t) => [primaryKey({ columns: [t.userId, t.ebookId] })],
)
