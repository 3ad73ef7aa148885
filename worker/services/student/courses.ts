import { desc, eq } from 'drizzle-orm'
import { classes, courses, enrollments } from '../../../db/schema.ts'
import type { UserCall } from '../../context.ts'
import { classStartDay } from '../../domain/catalog.ts'
import { activeEnrollmentsOf } from './access.ts'

/** The classes a student is enrolled in, newest first (GET /api/usuario/cursos). */
export async function listEnrolledCourses({ ctx, userId }: UserCall) {
  const rows = await ctx.db
    .select({ enrollment: enrollments, turma: classes, course: courses })
    .from(enrollments)
    .innerJoin(classes, eq(classes.id, enrollments.classId))
    .innerJoin(courses, eq(courses.id, classes.courseId))
    .where(activeEnrollmentsOf(userId))
    .orderBy(desc(enrollments.createdAt))
  return rows.map(({ enrollment, turma, course }) => ({
    class_id: turma.id,
    class_name: turma.name,
    course_name: course.name,
    course_url: course.url,
    type: turma.type,
    course_init: classStartDay(turma.type, turma.courseInit),
    enrolled_at: enrollment.createdAt.toISOString(),
  }))
}
