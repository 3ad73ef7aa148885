import { and, asc, eq, sql } from 'drizzle-orm'
import { assessmentAttempts, assessmentSettings } from '../../../db/schema.ts'
import type { AppContext } from '../../context.ts'
import { ASSESSMENT_MESSAGES } from '../../contract/assessment.ts'
import type { CertificateEvidence } from '../../domain/certificates.ts'
import { conflict } from '../../errors.ts'

/**
 * The assessment's part in a course certificate (issue 39): the passing attempt, told in the
 * certificate's evidence; null when the course asks for none. A course whose assessment is on,
 * not yet passed: 409 saying the assessment is missing.
 */
export async function assessmentEvidence(
  ctx: AppContext,
  userId: number,
  courseId: number,
): Promise<CertificateEvidence['assessment'] | null> {
  const { db } = ctx
  const [settings, passed] = await db.batch([
    db
      .select({ isEnabled: assessmentSettings.isEnabled })
      .from(assessmentSettings)
      .where(eq(assessmentSettings.courseId, courseId)),
    db
      .select()
      .from(assessmentAttempts)
      .where(
        and(
          eq(assessmentAttempts.userId, userId),
          eq(assessmentAttempts.courseId, courseId),
          eq(assessmentAttempts.isPassed, true),
        ),
      )
      .orderBy(asc(assessmentAttempts.number))
      .limit(1),
  ])
  const attempt = passed[0]
  if (attempt?.scorePercent != null) {
    return { scorePercent: attempt.scorePercent, attempt: attempt.number, passPercent: attempt.passPercent }
  }
  if (settings[0]?.isEnabled) throw conflict(ASSESSMENT_MESSAGES.certificateMissing)
  return null
}

/**
 * The courses whose certificate still waits for this student's final assessment: switched on, and
 * no attempt passed. Meus cursos offers 'Emitir certificado' only without it.
 */
export async function pendingAssessments(ctx: AppContext, userId: number): Promise<Set<number>> {
  const rows = await ctx.db
    .select({ courseId: assessmentSettings.courseId })
    .from(assessmentSettings)
    .where(
      and(
        eq(assessmentSettings.isEnabled, true),
        sql`NOT EXISTS (SELECT 1 FROM assessment_attempts a
          WHERE a.user_id = ${userId} AND a.course_id = ${assessmentSettings.courseId} AND a.is_passed = 1)`,
      ),
    )
  return new Set(rows.map((row) => row.courseId))
}
