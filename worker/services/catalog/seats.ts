import { and, eq, inArray, isNotNull, or } from 'drizzle-orm'
import { bundleClasses, classes, classSeats, courses } from '../../../db/schema.ts'
import type { AppContext } from '../../context.ts'
import type { CourseSeats } from '../../contract/catalog.ts'
import { seatsLeft } from '../../domain/seats.ts'

/**
 * GET /api/cursos/{url}/vagas: what is left of each limited class of a published course, and of
 * each limited class of the bundles that hold one of its classes (the page offers those bundles).
 * Read live, one round trip: a snapshot would keep showing seats sold minutes ago (decision 011).
 */
export async function listCourseSeats({ ctx, url }: { ctx: AppContext; url: string }): Promise<CourseSeats> {
  const { db } = ctx
  const courseClasses = db
    .select({ id: classes.id })
    .from(classes)
    .innerJoin(courses, eq(courses.id, classes.courseId))
    .where(and(eq(courses.url, url), eq(courses.isPublished, true)))
  const holding = db
    .select({ id: bundleClasses.bundleId })
    .from(bundleClasses)
    .where(inArray(bundleClasses.classId, courseClasses))
  const bundled = db
    .select({ id: bundleClasses.classId })
    .from(bundleClasses)
    .where(inArray(bundleClasses.bundleId, holding))
  const rows = await db
    .select({
      id: classSeats.classId,
      seats: classSeats.seats,
      taken: classSeats.taken,
      held: classSeats.held,
    })
    .from(classSeats)
    .where(
      and(
        isNotNull(classSeats.seats),
        or(inArray(classSeats.classId, courseClasses), inArray(classSeats.classId, bundled)),
      ),
    )
    .orderBy(classSeats.classId)
  return rows.map((row) => ({ id: row.id, seats_left: seatsLeft(row.seats, row.taken, row.held) ?? 0 }))
}
