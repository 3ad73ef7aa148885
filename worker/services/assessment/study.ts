import type { AppContext } from '../../context.ts'
import { studyStanding } from '../student/study.ts'

/**
 * Whether the student has studied the course enough to take its final assessment: the
 * certificate's own rule, from evidence (decision 021: its lessons played to the course's share,
 * its readings opened).
 */
export async function hasStudied(ctx: AppContext, userId: number, courseId: number): Promise<boolean> {
  const standing = await studyStanding(ctx, userId, courseId)
  return Boolean(standing && standing.lessonsTotal > 0 && standing.eligible)
}
