import { sql } from 'drizzle-orm'
import type { AppContext } from '../../context.ts'

/**
 * Whether the student has studied the course enough to take its final assessment: today the
 * certificate's rule (the course's share of its lessons marked watched, as `coursesProgress` in
 * certificates/student.ts counts them). The one call to switch to played evidence at merge.
 */
export async function hasStudied(ctx: AppContext, userId: number, courseId: number): Promise<boolean> {
  const [row] = await ctx.db.all<{ total: number; watched: number; share: number }>(sql`SELECT
    (SELECT count(*) FROM lessons l JOIN course_modules m ON m.id = l.module_id WHERE m.course_id = ${courseId}) AS total,
    (SELECT count(*) FROM lesson_progress p JOIN lessons l ON l.id = p.lesson_id
      JOIN course_modules m ON m.id = l.module_id WHERE m.course_id = ${courseId} AND p.user_id = ${userId}) AS watched,
    (SELECT certificate_share FROM courses WHERE id = ${courseId}) AS share`)
  if (!row) return false
  const total = Number(row.total)
  return total > 0 && Number(row.watched) * 100 >= Number(row.share) * total
}
