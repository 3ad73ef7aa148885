import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import { classes, courseMaterials, courseModules, courses, enrollments, lessons } from '../../../db/schema.ts'
import { videoPlayerOf } from '../../config.ts'
import type { UserCall } from '../../context.ts'
import { CONTENT_MESSAGES, type Progress, type StudentCourse } from '../../contract/student.ts'
import { classStartDay } from '../../domain/catalog.ts'
import { AppError, notFound } from '../../errors.ts'
import { activeEnrollmentsOf } from './access.ts'
import { downloadLink, linksExpireAt } from './downloads.ts'
import { standingQueries, standingsOf, studyOut } from './study.ts'

export function progressOf(watched: number, total: number): Progress {
  return { watched, total, percent: total === 0 ? 0 : Math.floor((watched * 100) / total) }
}

/**
 * GET /api/usuario/cursos/{url}: the course as its enrolled student studies it — their classes
 * (an in-person one: date, place and what to bring), the modules and video lessons with what was
 * watched, the material with download links — in one database round trip. Anyone without an
 * active enrollment in it gets 403 (a refunded buyer included).
 */
export async function getStudentCourse({
  ctx,
  userId,
  url,
}: UserCall<{ url: string }>): Promise<StudentCourse> {
  const { db } = ctx
  const course = db.select({ id: courses.id }).from(courses).where(eq(courses.url, url))
  const [found, mine, modules, lessonRows, materials, ...study] = await db.batch([
    db.select().from(courses).where(eq(courses.url, url)),
    db
      .select({ turma: classes })
      .from(enrollments)
      .innerJoin(classes, eq(classes.id, enrollments.classId))
      .where(and(activeEnrollmentsOf(userId), inArray(classes.courseId, course)))
      .orderBy(asc(classes.courseInit), asc(classes.id)),
    db
      .select()
      .from(courseModules)
      .where(inArray(courseModules.courseId, course))
      .orderBy(asc(courseModules.sortOrder), asc(courseModules.id)),
    db
      .select({
        lesson: lessons,
        watched: sql<number>`EXISTS (SELECT 1 FROM lesson_progress p WHERE p.lesson_id = ${lessons.id} AND p.user_id = ${userId})`,
      })
      .from(lessons)
      .innerJoin(courseModules, eq(courseModules.id, lessons.moduleId))
      .where(inArray(courseModules.courseId, course))
      .orderBy(asc(lessons.sortOrder), asc(lessons.id)),
    db
      .select()
      .from(courseMaterials)
      .where(inArray(courseMaterials.courseId, course))
      .orderBy(asc(courseMaterials.sortOrder), asc(courseMaterials.id)),
    ...standingQueries(ctx, userId, (column) => inArray(column, course)),
  ])
  const row = found[0]
  if (!row) throw notFound(CONTENT_MESSAGES.courseNotFound)
  if (mine.length === 0) throw new AppError('FORBIDDEN', CONTENT_MESSAGES.notEnrolled)
  const all = lessonRows.map(({ lesson, watched }) => ({ lesson, watched: Boolean(watched) }))
  return {
    id: row.id,
    name: row.name,
    url: row.url,
    section: row.section,
    classes: mine.map(({ turma }) => ({
      id: turma.id,
      name: turma.name,
      type: turma.type,
      course_init: classStartDay(turma.type, turma.courseInit),
      location: turma.location,
      details: turma.details,
    })),
    modules: modules.map((module) => ({
      id: module.id,
      title: module.title,
      lessons: all
        .filter(({ lesson }) => lesson.moduleId === module.id)
        .map(({ lesson, watched }) => ({
          id: lesson.id,
          title: lesson.title,
          youtube_id: lesson.youtubeId,
          duration_seconds: lesson.durationSeconds,
          body: lesson.body,
          watched,
        })),
    })),
    materials: await Promise.all(
      materials.map(async (material) => ({
        id: material.id,
        title: material.title,
        content_type: material.contentType,
        size_bytes: material.sizeBytes,
        download_url: await downloadLink(ctx, userId, 'material', material.id),
      })),
    ),
    progress: progressOf(all.filter((item) => item.watched).length, all.length),
    // The same batch read the course, so its standing is there.
    study: studyOut(standingsOf(study).get(row.id)!),
    player: videoPlayerOf(ctx.env),
    links_expire_at: linksExpireAt(ctx).toISOString(),
  }
}

/**
 * POST (watched) or DELETE (not yet) /api/usuario/aulas/{id}/assistida: the student's own mark on
 * a lesson of a course they are actively enrolled in; answers the course's progress.
 */
export async function markLesson({
  ctx,
  userId,
  lessonId,
  watched,
}: UserCall<{ lessonId: number; watched: boolean }>) {
  const { db } = ctx
  const [found] = await db
    .select({ courseId: courseModules.courseId })
    .from(lessons)
    .innerJoin(courseModules, eq(courseModules.id, lessons.moduleId))
    .where(eq(lessons.id, lessonId))
  if (!found) throw notFound(CONTENT_MESSAGES.lessonNotFound)
  const enrolled = sql`EXISTS (SELECT 1 FROM enrollments e JOIN classes c ON c.id = e.class_id
    WHERE e.user_id = ${userId} AND e.status = 'active' AND c.course_id = ${found.courseId})`
  const ofCourse = sql`SELECT l.id FROM lessons l JOIN course_modules m ON m.id = l.module_id WHERE m.course_id = ${found.courseId}`
  const [, counts] = await db.batch([
    watched
      ? db.run(sql`INSERT INTO lesson_progress (user_id, lesson_id, watched_at)
          SELECT ${userId}, ${lessonId}, ${ctx.now.getTime()} WHERE ${enrolled}
          ON CONFLICT (user_id, lesson_id) DO NOTHING`)
      : db.run(
          sql`DELETE FROM lesson_progress WHERE user_id = ${userId} AND lesson_id = ${lessonId} AND ${enrolled}`,
        ),
    db.all<{ total: number; watched: number; enrolled: number }>(sql`SELECT
      (SELECT count(*) FROM (${ofCourse})) AS total,
      (SELECT count(*) FROM lesson_progress WHERE user_id = ${userId} AND lesson_id IN (${ofCourse})) AS watched,
      ${enrolled} AS enrolled`),
  ])
  const summary = counts[0]
  if (!summary?.enrolled) throw new AppError('FORBIDDEN', CONTENT_MESSAGES.notEnrolled)
  return {
    lesson_id: lessonId,
    watched,
    progress: progressOf(Number(summary.watched), Number(summary.total)),
  }
}
