import { and, asc, eq } from 'drizzle-orm'
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
