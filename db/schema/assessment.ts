import { sql } from 'drizzle-orm'
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import {
  ASSESSMENT_DEFAULTS,
  type AttemptAnswers,
  type AttemptQuestion,
} from '../../worker/domain/assessment.ts'
import { users } from './accounts.ts'
import { courses } from './catalog.ts'
import { edited, partOf, serial, updatedAt, version } from './columns.ts'

// The schema: Final assessment.

/**
 * A course's final assessment (issue 39, decision 022), set by the admin; no row is an assessment
 * switched off, with the defaults. When enabled, the course's certificate asks for a passed attempt.
 */
export const assessmentSettings = sqliteTable('assessment_settings', {
  courseId: integer('course_id')
    .primaryKey()
    .references(() => courses.id, { onDelete: 'cascade' }),
  isEnabled: integer('is_enabled', { mode: 'boolean' }).notNull().default(false),
  /** Questions drawn for each attempt (all of the active bank when it has fewer). */
  examSize: integer('exam_size').notNull().default(ASSESSMENT_DEFAULTS.examSize),
  passPercent: integer('pass_percent').notNull().default(ASSESSMENT_DEFAULTS.passPercent),
  maxAttempts: integer('max_attempts').notNull().default(ASSESSMENT_DEFAULTS.maxAttempts),
  /** From the second failure on, each further attempt waits this long after the last failure. */
  waitHours: integer('wait_hours').notNull().default(ASSESSMENT_DEFAULTS.waitHours),
  /** Null: untimed. */
  timeLimitMinutes: integer('time_limit_minutes'),
  version: version(),
  updatedAt: updatedAt(),
})

/** The course's question bank: single choice, 2 to 5 options, exactly one right. */
export const assessmentQuestions = sqliteTable(
  'assessment_questions',
  {
    id: serial(),
    courseId: partOf('course_id', () => courses.id),
    prompt: text('prompt').notNull(),
    options: text('options', { mode: 'json' }).$type<string[]>().notNull(),
    /** The right option's position in `options`. */
    correctOption: integer('correct_option').notNull(),
    /** Shown only to a student who passed (decision 022). */
    explanation: text('explanation'),
    /** A question taken out of the draws (kept: attempts asked it). */
    isActive: integer('is_active', { mode: 'boolean' }).notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    ...edited(),
  },
  (t) => [
    // The admin lists a course's bank in order; an attempt draws from its active questions.
    index('assessment_questions_course_order').on(t.courseId, t.sortOrder),
    check(
      'assessment_questions_options',
      sql`json_array_length(${t.options}) BETWEEN 2 AND 5 AND ${t.correctOption} >= 0 AND ${t.correctOption} < json_array_length(${t.options})`,
    ),
  ],
)

/**
 * A student's attempt at a course's assessment: the questions drawn, with their options in the
 * order shown and the right one (never sent to the browser before it is submitted), the answers
 * saved as the student goes, and once ended its score. Numbered per student and course.
 */
export const assessmentAttempts = sqliteTable(
  'assessment_attempts',
  {
    id: serial(),
    userId: partOf('user_id', () => users.id),
    courseId: partOf('course_id', () => courses.id),
    number: integer('number').notNull(),
    questions: text('questions', { mode: 'json' }).$type<AttemptQuestion[]>().notNull(),
    answers: text('answers', { mode: 'json' }).$type<AttemptAnswers>().notNull(),
    /** Each save adds one: a submission scores the answers it read, or reads again. */
    revision: integer('revision').notNull().default(0),
    /** The pass mark when it started: a later change of the settings does not move it. */
    passPercent: integer('pass_percent').notNull(),
    startedAt: integer('started_at', { mode: 'timestamp_ms' }).notNull(),
    deadlineAt: integer('deadline_at', { mode: 'timestamp_ms' }),
    /** When it ended: submitted, or its deadline when the time ran out first. */
    submittedAt: integer('submitted_at', { mode: 'timestamp_ms' }),
    scorePercent: integer('score_percent'),
    isPassed: integer('is_passed', { mode: 'boolean' }),
  },
  (t) => [
    // Attempts are numbered per student and course; two starts at once make one.
    uniqueIndex('assessment_attempts_number').on(t.userId, t.courseId, t.number),
    // At most one open attempt per student and course, whatever the concurrency.
    uniqueIndex('assessment_attempts_one_open').on(t.userId, t.courseId).where(sql`submitted_at IS NULL`),
    // The admin's view of a course's attempts.
    index('assessment_attempts_course').on(t.courseId),
  ],
)

/** Attempts the admin granted a student beyond the course's allowance (one at a time). */
export const assessmentExtraAttempts = sqliteTable(
  'assessment_extra_attempts',
  {
    userId: partOf('user_id', () => users.id),
    courseId: partOf('course_id', () => courses.id),
    extra: integer('extra').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.courseId] })],
)
