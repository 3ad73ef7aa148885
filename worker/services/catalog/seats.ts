import { and, eq, isNotNull } from 'drizzle-orm'
import { classes, classSeats, courses } from '../../../db/schema.ts'
import type { AppContext } from '../../context.ts'
import type { CourseSeats } from '../../contract/catalog.ts'
import { seatsLeft } from '../../domain/seats.ts'

/**
 * GET /api/cursos/{url}/vagas: what is left of each limited class of a published course. Read
 * live, one round trip: a snapshot would keep showing seats sold minutes ago (decision 011).
 */
export async function listCourseSeats({ ctx, url }: { ctx: AppContext; url: string }): Promise<CourseSeats> {
  const rows = await ctx.db
    .select({
      id: classSeats.classId,
      seats: classSeats.seats,
      taken: classSeats.taken,
      held: classSeats.held,
    })
    .from(classSeats)
    .innerJoin(classes, eq(classes.id, classSeats.classId))
    .innerJoin(courses, eq(courses.id, classes.courseId))
    .where(and(eq(courses.url, url), eq(courses.isPublished, true), isNotNull(classSeats.seats)))
  return rows.map((row) => ({ id: row.id, seats_left: seatsLeft(row.seats, row.taken, row.held) ?? 0 }))
}
