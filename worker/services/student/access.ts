import { and, eq, inArray, or } from 'drizzle-orm'
import { classes, courseMaterials, ebookLibrary, ebooks, enrollments } from '../../../db/schema.ts'
import type { AppContext } from '../../context.ts'

// What a student may read follows the enrollment's status (DESIGN 6): a refund or a chargeback
// cancels the enrollment, and with it the course's lessons, material and e-books.

/** The student's enrollments that give access now (active: not refunded, charged back nor cancelled). */
export const activeEnrollmentsOf = (userId: number) =>
  and(eq(enrollments.userId, userId), eq(enrollments.status, 'active'))

/** Courses the student holds an active enrollment in (any of their classes). */
export function activeCourseIds(ctx: AppContext, userId: number) {
  return ctx.db
    .selectDistinct({ id: classes.courseId })
    .from(enrollments)
    .innerJoin(classes, eq(classes.id, enrollments.classId))
    .where(activeEnrollmentsOf(userId))
}

/** A course's material, if the student may download it now. */
export async function readableMaterial(ctx: AppContext, userId: number, materialId: number) {
  const [row] = await ctx.db
    .select()
    .from(courseMaterials)
    .where(
      and(
        eq(courseMaterials.id, materialId),
        inArray(courseMaterials.courseId, activeCourseIds(ctx, userId)),
      ),
    )
  return row
}

/**
 * An e-book, if it is the student's now: in the library (a free one added, or one granted), or
 * one that comes with a course the student is actively enrolled in.
 */
export async function readableEbook(ctx: AppContext, userId: number, ebookId: number) {
  const inLibrary = ctx.db
    .select({ id: ebookLibrary.ebookId })
    .from(ebookLibrary)
    .where(eq(ebookLibrary.userId, userId))
  const [row] = await ctx.db
    .select()
    .from(ebooks)
    .where(
      and(
        eq(ebooks.id, ebookId),
        or(inArray(ebooks.id, inLibrary), inArray(ebooks.courseId, activeCourseIds(ctx, userId))),
      ),
    )
  return row
}
