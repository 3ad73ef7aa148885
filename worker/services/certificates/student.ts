/**
 * The certificates as their holder and the public see them (issue 24): an online course's
 * progress and its certificate issued with the name the student confirmed, the certificates a
 * person holds with their links, the public verification, and the files (PDF, credential) only
 * the holder or an administrator downloads.
 */
import { and, asc, count, desc, eq, inArray, isNull, max, min, sum } from 'drizzle-orm'
import { certificates, courseModules, courses, lessonProgress, lessons, users } from '../../../db/schema.ts'
import type { AppContext } from '../../context.ts'
import type { CertificateVerification, HeldCertificate, MyCertificates } from '../../contract/certificates.ts'
import { certificateName, certificateNameProblem, hoursLabel } from '../../domain/certificate-text.ts'
import { CERTIFICATE_KIND, certificateStatus } from '../../domain/certificates.ts'
import { INSTITUTE } from '../../domain/institute.ts'
import { curitibaDay } from '../../domain/time-zone.ts'
import { AppError, conflict, invalidField, notFound } from '../../errors.ts'
import { assessmentEvidence, pendingAssessments } from '../assessment/gate.ts'
import { activeCourseIds } from '../student/access.ts'
import { verificationUrl } from './credential.ts'
import { type CertificateRow, certificateByCode, issueCertificate, subjectOf } from './issue.ts'

export const CERTIFICATE_MESSAGES = {
  notFound: 'Certificado não encontrado.',
  notEnrolled: 'Você não tem matrícula ativa neste curso.',
  noLessons: 'Este curso não tem aulas online para concluir.',
  notEnough: (required: number, watched: number, total: number) =>
    `Assista a ${required}% das aulas para emitir o certificado (você assistiu a ${watched} de ${total}).`,
  notHolder: 'Só o titular do certificado pode baixá-lo.',
  noCredential: 'A credencial deste certificado foi apagada com os dados do titular.',
} as const

/** What anyone may read of a certificate. */
export function verificationOf(row: CertificateRow): CertificateVerification {
  return {
    code: row.code,
    status: certificateStatus(row),
    kind: row.kind,
    kind_label: CERTIFICATE_KIND.labels[row.kind],
    holder_name: row.holderName,
    holder_removed: row.holderName === null,
    title: row.title,
    minutes: row.minutes,
    hours: hoursLabel(row.minutes),
    started_on: row.startedOn,
    completed_on: row.completedOn,
    issued_at: row.issuedAt.toISOString(),
    issuer: INSTITUTE.fullName,
    revoked_at: row.revokedAt?.toISOString() ?? null,
    revoked_reason: row.revokedAt ? row.revokedReason : null,
    suspended_at: row.suspendedAt?.toISOString() ?? null,
    suspended_reason: row.suspendedAt ? row.suspendedReason : null,
    replaced_by: row.replacedBy,
  }
}

/** LinkedIn's "add to profile" address for a certificate. */
export function linkedInUrl(ctx: AppContext, row: CertificateRow): string {
  const issued = new Date(`${row.completedOn}T12:00:00Z`)
  const params = new URLSearchParams({
    startTask: 'CERTIFICATION_NAME',
    name: row.title,
    organizationName: INSTITUTE.fullName,
    issueYear: String(issued.getUTCFullYear()),
    issueMonth: String(issued.getUTCMonth() + 1),
    certUrl: verificationUrl(ctx.env, row.code),
    certId: row.code,
  })
  return `https://www.linkedin.com/profile/add?${params}`
}

export function heldCertificate(ctx: AppContext, row: CertificateRow): HeldCertificate {
  const base = `/api/usuario/certificados/${row.code}`
  return {
    ...verificationOf(row),
    links: {
      pdf: `${base}/pdf`,
      credential: row.credential ? `${base}/credencial` : null,
      verification: `/certificados/${row.code}`,
      linkedin: linkedInUrl(ctx, row),
    },
  }
}

/** The online courses the student is actively enrolled in, each with its lessons and progress. */
async function coursesProgress(ctx: AppContext, userId: number, courseUrl?: string) {
  const { db } = ctx
  const enrolled = activeCourseIds(ctx, userId)
  const rows = await db
    .select({
      course: courses,
      lessons: count(lessons.id),
      watched: count(lessonProgress.lessonId),
      firstWatched: min(lessonProgress.watchedAt),
      lastWatched: max(lessonProgress.watchedAt),
      seconds: sum(lessons.durationSeconds),
    })
    .from(courses)
    .innerJoin(courseModules, eq(courseModules.courseId, courses.id))
    .innerJoin(lessons, eq(lessons.moduleId, courseModules.id))
    .leftJoin(lessonProgress, and(eq(lessonProgress.lessonId, lessons.id), eq(lessonProgress.userId, userId)))
    .where(and(inArray(courses.id, enrolled), courseUrl ? eq(courses.url, courseUrl) : undefined))
    .groupBy(courses.id)
    .orderBy(asc(courses.sortOrder))
  return rows.map((row) => ({
    ...row,
    eligible: row.lessons > 0 && row.watched * 100 >= row.course.certificateShare * row.lessons,
  }))
}

/** Minutes a course's certificate attests: its workload, else its lessons' length (an hour at least). */
function courseMinutes(course: typeof courses.$inferSelect, seconds: string | null): number {
  if (course.workloadHours) return course.workloadHours * 60
  return Math.max(60, Math.round(Number(seconds ?? 0) / 60))
}

/** GET /api/usuario/certificados. */
export async function myCertificates({
  ctx,
  userId,
}: {
  ctx: AppContext
  userId: number
}): Promise<MyCertificates> {
  const [[user], progress, held, pending] = await Promise.all([
    ctx.db.select({ name: users.name }).from(users).where(eq(users.id, userId)),
    coursesProgress(ctx, userId),
    ctx.db
      .select()
      .from(certificates)
      .where(and(eq(certificates.userId, userId), isNull(certificates.replacedBy)))
      .orderBy(desc(certificates.issuedAt)),
    pendingAssessments(ctx, userId),
  ])
  const bySubject = new Map(held.map((row) => [row.subject, row]))
  return {
    profile_name: user?.name ?? '',
    courses: progress.map((row) => {
      const issued = bySubject.get(subjectOf({ kind: 'course', userId, courseId: row.course.id }))
      return {
        course_id: row.course.id,
        course_name: row.course.name,
        course_url: row.course.url,
        lessons: row.lessons,
        watched: row.watched,
        required_share: row.course.certificateShare,
        assessment_pending: pending.has(row.course.id),
        eligible: row.eligible && !pending.has(row.course.id),
        certificate: issued ? heldCertificate(ctx, issued) : null,
      }
    }),
    certificates: held.map((row) => heldCertificate(ctx, row)),
  }
}

/**
 * POST /api/usuario/cursos/{url}/certificado: the course's certificate, with the name the
 * student confirmed. Not enrolled: 403; not enough lessons watched, or the course's final assessment
 * not passed: 409; a name that is not a full name: 422. Issued already (or by a request at the same
 * moment): the same certificate.
 */
export async function issueCourseCertificate({
  ctx,
  userId,
  courseUrl,
  name,
}: {
  ctx: AppContext
  userId: number
  courseUrl: string
  name: string
}): Promise<{ certificate: HeldCertificate; created: boolean }> {
  const problem = certificateNameProblem(name)
  if (problem) throw invalidField('nome', problem)
  const [course] = await ctx.db.select().from(courses).where(eq(courses.url, courseUrl))
  if (!course) throw notFound('Curso não encontrado.')
  const [progress] = await coursesProgress(ctx, userId, courseUrl)
  if (!progress) {
    const enrolled = await activeCourseIds(ctx, userId)
    if (!enrolled.some(({ id }) => id === course.id)) {
      throw new AppError('FORBIDDEN', CERTIFICATE_MESSAGES.notEnrolled)
    }
    throw conflict(CERTIFICATE_MESSAGES.noLessons)
  }
  if (!progress.eligible) {
    throw conflict(
      CERTIFICATE_MESSAGES.notEnough(course.certificateShare, progress.watched, progress.lessons),
    )
  }
  const assessment = await assessmentEvidence(ctx, userId, course.id)
  const completed = progress.lastWatched ?? ctx.now
  const { certificate, created } = await issueCertificate(ctx, {
    kind: 'course',
    userId,
    courseId: course.id,
    holderName: certificateName(name),
    title: course.name,
    minutes: courseMinutes(course, progress.seconds),
    startedOn: progress.firstWatched ? curitibaDay(progress.firstWatched) : null,
    completedOn: curitibaDay(completed),
    template: course.certificateTemplate,
    signatory: course.signatoryName
      ? { name: course.signatoryName, role: course.signatoryRole ?? '', signatureKey: course.signatureKey }
      : null,
    evidence: {
      lessonsDone: progress.watched,
      lessonsTotal: progress.lessons,
      ...(assessment ? { assessment } : {}),
    },
  })
  return { certificate: heldCertificate(ctx, certificate), created }
}

/** GET /api/certificados/{code}: 404 for an unknown or malformed code. */
export async function verifyCertificate({ ctx, code }: { ctx: AppContext; code: string }) {
  const row = await certificateByCode(ctx, code)
  if (!row) throw notFound(CERTIFICATE_MESSAGES.notFound)
  return verificationOf(row)
}

/** A certificate its holder (or an administrator) may download; 404 to anyone else. */
export async function ownCertificate({
  ctx,
  user,
  code,
}: {
  ctx: AppContext
  user: { id: number; type: string }
  code: string
}): Promise<CertificateRow> {
  const row = await certificateByCode(ctx, code)
  if (!row || (row.userId !== user.id && user.type !== 'A')) throw notFound(CERTIFICATE_MESSAGES.notFound)
  return row
}
