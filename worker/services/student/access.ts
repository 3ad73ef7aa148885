import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm'
import { classes, courseMaterials, ebookLibrary, ebooks, enrollments } from '../../../db/schema.ts'
import type { AppContext } from '../../context.ts'

// What a student may read follows the enrollment's status (DESIGN 6): a paid order enrolls (the
// statement below), a refund or a chargeback cancels the enrollment, and with it the course's
// lessons, material and e-books.

/** An order `o` bought as a gift: its enrollments are its recipient's, never the buyer's. */
const IS_GIFT = sql`json_array_length(COALESCE(o.gifts, '[]')) > 0`

/**
 * Enrolls `buyerId` in the classes of the orders `o` that `where` selects (aliases `o` for orders,
 * `i` for their lines), or a gift's recipient in a gift's: one enrollment per class, a cancelled one
 * (a refund) made active again. A payment's settlement and a proof of the e-mail that claims paid
 * orders (decision 010) share it.
 */
export function enrollStatement(buyerId: number | SQL, where: SQL) {
  const holder = sql`CASE WHEN ${IS_GIFT} THEN o.recipient_user_id ELSE ${buyerId} END`
  return sql`INSERT INTO enrollments (user_id, class_id, order_id)
    SELECT ${holder}, i.class_id, o.id FROM order_items i JOIN orders o ON o.id = i.order_id
    WHERE ${where} AND i.class_id IS NOT NULL AND ${holder} IS NOT NULL
    ON CONFLICT (user_id, class_id) DO UPDATE SET status = 'active', order_id = excluded.order_id
    WHERE enrollments.status = 'cancelled'`
}

/** Ends the enrollments order `orderId` gave (a refund, a chargeback, its difference gone back), in `thisStep`. */
export const endEnrollmentsStatement = (orderId: string, thisStep: SQL) =>
  sql`UPDATE enrollments SET status = 'cancelled'
    WHERE order_id = ${orderId} AND status = 'active' AND ${thisStep}`

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
