/**
 * Evidence of study (issue 39, decision 021): the player's beats, checked against the one playback
 * a student has going and its budget of wall time; the readings opened; and a course's standing
 * from them (worker/domain/study.ts decides what is done), which the course page, Meus cursos, the
 * certificate and the admin read alike.
 */
import { asc, type Column, eq, inArray, type SQL, sql } from 'drizzle-orm'
import { courseModules, courses, lessonOpenings, lessonSegments, lessons } from '../../../db/schema.ts'
import type { AppContext, UserCall } from '../../context.ts'
import { CONTENT_MESSAGES } from '../../contract/student.ts'
import {
  type PlaybackBeatInput,
  STUDY_MESSAGES,
  type StudyAnswer,
  type StudyStanding,
} from '../../contract/study.ts'
import {
  beatClaim,
  type CourseStanding,
  courseStanding,
  MAX_CREDITED_RATE,
  PLAYBACK_SLACK_MS,
  STALE_PLAYBACK_MS,
} from '../../domain/study.ts'
import { AppError, conflict, notFound } from '../../errors.ts'
import { consumeLimit } from '../limits/limits.ts'

/** Which courses a standing is read for: a condition on a course id column. */
export type CourseFilter = (courseId: Column) => SQL

/** The lessons of the courses `which`, as a subquery of their ids. */
const lessonIdsOf = (ctx: AppContext, which: CourseFilter) =>
  ctx.db
    .select({ id: lessons.id })
    .from(lessons)
    .innerJoin(courseModules, eq(courseModules.id, lessons.moduleId))
    .where(which(courseModules.courseId))

/**
 * The reads a standing needs, to run in the caller's batch: the courses' shares, their lessons in
 * order, and the student's segments and openings of those lessons.
 */
export function standingQueries(ctx: AppContext, userId: number | SQL, which: CourseFilter) {
  const { db } = ctx
  const ofCourses = lessonIdsOf(ctx, which)
  return [
    db
      .select({
        id: courses.id,
        watchShare: courses.watchShare,
        certificateShare: courses.certificateShare,
      })
      .from(courses)
      .where(which(courses.id)),
    db
      .select({
        id: lessons.id,
        courseId: courseModules.courseId,
        title: lessons.title,
        youtubeId: lessons.youtubeId,
        durationSeconds: lessons.durationSeconds,
      })
      .from(lessons)
      .innerJoin(courseModules, eq(courseModules.id, lessons.moduleId))
      .where(which(courseModules.courseId))
      .orderBy(asc(courseModules.sortOrder), asc(courseModules.id), asc(lessons.sortOrder), asc(lessons.id)),
    db
      .select({
        lessonId: lessonSegments.lessonId,
        from: lessonSegments.fromMs,
        to: lessonSegments.toMs,
        createdAt: lessonSegments.createdAt,
        updatedAt: lessonSegments.updatedAt,
      })
      .from(lessonSegments)
      .where(sql`${lessonSegments.userId} = ${userId} AND ${inArray(lessonSegments.lessonId, ofCourses)}`),
    db
      .select({ lessonId: lessonOpenings.lessonId, openedAt: lessonOpenings.openedAt })
      .from(lessonOpenings)
      .where(sql`${lessonOpenings.userId} = ${userId} AND ${inArray(lessonOpenings.lessonId, ofCourses)}`),
  ] as const
}

/** What a batch of queries resolves to. */
type Results<T extends readonly unknown[]> = { -readonly [K in keyof T]: Awaited<T[K]> }
type StandingRows = Results<ReturnType<typeof standingQueries>>

/** A course's standing and when its evidence began and last grew (null: none yet). */
export type CourseStudy = CourseStanding & { firstActivity: Date | null; lastActivity: Date | null }

/** A course's shares and lessons, and one student's segments and openings of them, as read. */
export type StandingFacts = {
  course: { watchShare: number; certificateShare: number }
  lessons: readonly { id: number; title: string; youtubeId: string | null; durationSeconds: number | null }[]
  segments: readonly { lessonId: number; from: number; to: number }[]
  openedLessonIds: readonly number[]
}

/** The standing those facts make (worker/domain/study.ts decides). */
export function standingFrom({ course, lessons, segments, openedLessonIds }: StandingFacts): CourseStanding {
  return courseStanding({
    lessons: lessons.map((lesson) => ({
      id: lesson.id,
      title: lesson.title,
      hasVideo: lesson.youtubeId !== null,
      durationSeconds: lesson.durationSeconds,
    })),
    segments,
    opened: openedLessonIds,
    watchShare: course.watchShare,
    certificateShare: course.certificateShare,
  })
}

/** The standings of every course the reads covered, by course id. */
export function standingsOf([courseRows, lessonRows, segments, openings]: Readonly<StandingRows>): Map<
  number,
  CourseStudy
> {
  const courseOf = new Map(lessonRows.map((lesson) => [lesson.id, lesson.courseId]))
  const moments = new Map<number, { first: number; last: number }>()
  const note = (lessonId: number, first: Date, last: Date) => {
    const courseId = courseOf.get(lessonId)
    if (courseId === undefined) return
    const seen = moments.get(courseId)
    moments.set(courseId, {
      first: Math.min(seen?.first ?? Number.POSITIVE_INFINITY, first.getTime()),
      last: Math.max(seen?.last ?? 0, last.getTime()),
    })
  }
  for (const segment of segments) note(segment.lessonId, segment.createdAt, segment.updatedAt)
  for (const opening of openings) note(opening.lessonId, opening.openedAt, opening.openedAt)
  return new Map(
    courseRows.map((course) => {
      const seen = moments.get(course.id)
      const lessons = lessonRows.filter((lesson) => lesson.courseId === course.id)
      const ids = new Set(lessons.map((lesson) => lesson.id))
      const standing = standingFrom({
        course,
        lessons,
        segments: segments.filter((segment) => ids.has(segment.lessonId)),
        openedLessonIds: openings.map((row) => row.lessonId).filter((id) => ids.has(id)),
      })
      return [
        course.id,
        {
          ...standing,
          firstActivity: seen ? new Date(seen.first) : null,
          lastActivity: seen ? new Date(seen.last) : null,
        },
      ]
    }),
  )
}

/** A standing as the API tells it. */
export function studyOut(standing: CourseStanding): StudyStanding {
  return {
    lessons: standing.lessons.map((lesson) => ({
      lesson_id: lesson.id,
      title: lesson.title,
      kind: lesson.hasVideo ? 'video' : 'reading',
      duration_seconds: lesson.durationSeconds,
      played_seconds: lesson.playedSeconds,
      played_percent: lesson.playedPercent,
      opened: lesson.opened,
      done: lesson.done,
    })),
    lessons_done: standing.lessonsDone,
    lessons_total: standing.lessonsTotal,
    percent: standing.percent,
    watched_percent: standing.watchedPercent,
    watch_share: standing.watchShare,
    certificate_share: standing.certificateShare,
    eligible: standing.eligible,
  }
}

/**
 * One course's standing for its student, in one round trip. This is the study part of the
 * certificate's eligibility (issueCourseCertificate); undefined for a course that does not exist.
 */
export async function studyStanding(
  ctx: AppContext,
  userId: number,
  courseId: number,
): Promise<CourseStudy | undefined> {
  const rows = await ctx.db.batch(standingQueries(ctx, userId, (column) => eq(column, courseId)))
  return standingsOf(rows).get(courseId)
}

// ── Beats and openings ─────────────────────────────────────────────────────────

/** The lesson's course, as SQL (for the standing a beat answers with). */
const courseOfLesson = (lessonId: number) =>
  sql`(SELECT m.course_id FROM lessons l JOIN course_modules m ON m.id = l.module_id WHERE l.id = ${lessonId})`

/** The student holds an active enrollment in the lesson's course. */
const enrolledIn = (userId: number, lessonId: number) =>
  sql`EXISTS (SELECT 1 FROM lessons l JOIN course_modules m ON m.id = l.module_id
    JOIN classes c ON c.course_id = m.course_id JOIN enrollments e ON e.class_id = c.id
    WHERE l.id = ${lessonId} AND e.user_id = ${userId} AND e.status = 'active')`

const hasVideo = (lessonId: number) =>
  sql`EXISTS (SELECT 1 FROM lessons WHERE id = ${lessonId} AND youtube_id IS NOT NULL)`

/** What a beat or an opening must know of its lesson, read in its own batch. */
const lessonFacts = (ctx: AppContext, userId: number, lessonId: number) =>
  ctx.db.all<{ found: number; video: number; enrolled: number }>(sql`SELECT
    EXISTS (SELECT 1 FROM lessons WHERE id = ${lessonId}) AS found,
    ${hasVideo(lessonId)} AS video,
    ${enrolledIn(userId, lessonId)} AS enrolled`)

/** 404 for no such lesson, 403 without an active enrollment in its course. */
function refuseUnlessEnrolled(facts: { found: number; enrolled: number } | undefined) {
  if (!facts?.found) throw notFound(CONTENT_MESSAGES.lessonNotFound)
  if (!facts.enrolled) throw new AppError('FORBIDDEN', CONTENT_MESSAGES.notEnrolled)
}

/** The lesson's course standing, from the reads that closed the batch. */
function answerOf(lessonId: number, creditedMs: number, rows: Readonly<StandingRows>): StudyAnswer {
  const [standing] = standingsOf(rows).values()
  if (!standing) throw notFound(CONTENT_MESSAGES.lessonNotFound)
  return { lesson_id: lessonId, credited_ms: creditedMs, study: studyOut(standing) }
}

/**
 * POST /api/usuario/aulas/{id}/reproducao: what the player recorded since its last beat. A
 * playback (one uuid per player) is the student's one at a time: a new one, or one on another
 * lesson, replaces it, and starts its own clock unless the one replaced still beats (another
 * tab), whose clock and credit it takes on. Its segments credit at most their wall time × their
 * rate (capped at 2×), and all it ever credits at most 2× the wall time since it opened plus a
 * slack: a claim beyond that is refused whole (409). One batch: the enrollment checked, the
 * segments appended (or extending the one they continue), the credit counted, the standing read.
 */
export async function recordPlayback({
  ctx,
  userId,
  lessonId,
  input,
}: UserCall<{ lessonId: number; input: PlaybackBeatInput }>): Promise<StudyAnswer> {
  await consumeLimit(ctx, 'playback', `user:${userId}`)
  const { db } = ctx
  const now = ctx.now.getTime()
  const { claimMs, intervals } = beatClaim(
    input.segments.map((segment) => ({
      from: segment.from,
      to: segment.to,
      wallMs: segment.wall_ms,
      rate: segment.rate,
    })),
  )
  const { playback } = input
  const enrolled = enrolledIn(userId, lessonId)
  const mine = sql`user_id = ${userId} AND playback = ${playback} AND lesson_id = ${lessonId}`
  // Evaluated before the credit below moves (statements run in order, in one transaction).
  const accepted = sql`${enrolled} AND EXISTS (SELECT 1 FROM lesson_playbacks WHERE ${mine}
    AND credited_ms + ${claimMs} <= (${now} - opened_at) * ${MAX_CREDITED_RATE} + ${PLAYBACK_SLACK_MS})`
  // The playback replaced still beats (another tab): the new one takes on its clock and credit.
  const current = sql`lesson_playbacks.last_beat_at > ${now - STALE_PLAYBACK_MS}`
  const [, ...rest] = await db.batch([
    db.run(sql`INSERT INTO lesson_playbacks (user_id, playback, lesson_id, opened_at, credited_ms, last_beat_at)
      SELECT ${userId}, ${playback}, ${lessonId}, ${now}, 0, ${now} WHERE ${enrolled} AND ${hasVideo(lessonId)}
      ON CONFLICT (user_id) DO UPDATE SET playback = excluded.playback, lesson_id = excluded.lesson_id,
        opened_at = CASE WHEN ${current} THEN lesson_playbacks.opened_at ELSE excluded.opened_at END,
        credited_ms = CASE WHEN ${current} THEN lesson_playbacks.credited_ms ELSE 0 END,
        last_beat_at = excluded.last_beat_at
      WHERE lesson_playbacks.playback <> excluded.playback OR lesson_playbacks.lesson_id <> excluded.lesson_id`),
    ...intervals.flatMap(({ from, to }) => [
      // Going on where this playback left off: the same row grows.
      db.run(sql`UPDATE lesson_segments SET to_ms = ${to}, updated_at = ${now}
        WHERE ${mine} AND to_ms = ${from} AND ${accepted}`),
      db.run(sql`INSERT INTO lesson_segments (user_id, lesson_id, playback, from_ms, to_ms, created_at, updated_at)
        SELECT ${userId}, ${lessonId}, ${playback}, ${from}, ${to}, ${now}, ${now}
        WHERE ${accepted} AND NOT EXISTS (SELECT 1 FROM lesson_segments
          WHERE ${mine} AND from_ms <= ${from} AND to_ms >= ${to})`),
    ]),
    db.all<{ credited: number }>(sql`UPDATE lesson_playbacks SET credited_ms = credited_ms + ${claimMs},
      last_beat_at = ${now} WHERE ${mine} AND ${accepted} RETURNING credited_ms AS credited`),
    lessonFacts(ctx, userId, lessonId),
    ...standingQueries(ctx, userId, (column) => sql`${column} = ${courseOfLesson(lessonId)}`),
  ])
  const reads = rest.slice(intervals.length * 2)
  const [credited, facts, ...standing] = reads as unknown as [
    { credited: number }[],
    { found: number; video: number; enrolled: number }[],
    ...StandingRows,
  ]
  refuseUnlessEnrolled(facts[0])
  if (!facts[0]?.video) throw conflict(STUDY_MESSAGES.notVideo)
  if (credited.length === 0) throw conflict(STUDY_MESSAGES.tooFast)
  return answerOf(lessonId, claimMs, standing)
}

/** POST /api/usuario/aulas/{id}/aberta: a reading shown to its student, its evidence (once). */
export async function recordOpening({
  ctx,
  userId,
  lessonId,
}: UserCall<{ lessonId: number }>): Promise<StudyAnswer> {
  const { db } = ctx
  const [, facts, ...standing] = await db.batch([
    db.run(sql`INSERT INTO lesson_openings (user_id, lesson_id, opened_at)
      SELECT ${userId}, ${lessonId}, ${ctx.now.getTime()}
      WHERE ${enrolledIn(userId, lessonId)} AND NOT ${hasVideo(lessonId)}
      ON CONFLICT (user_id, lesson_id) DO NOTHING`),
    lessonFacts(ctx, userId, lessonId),
    ...standingQueries(ctx, userId, (column) => sql`${column} = ${courseOfLesson(lessonId)}`),
  ])
  refuseUnlessEnrolled(facts[0])
  if (facts[0]?.video) throw conflict(STUDY_MESSAGES.isVideo)
  return answerOf(lessonId, 0, standing)
}
