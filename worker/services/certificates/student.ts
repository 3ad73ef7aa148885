/**
 * The certificates as their holder and the public see them (issue 24): an online course's
 * progress and its certificate issued with the name the student confirmed, the certificates a
 * person holds with their links, the public verification, and the files (PDF, credential) only
 * the holder or an administrator downloads.
 */
import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm'
import { certificates, courses, users } from '../../../db/schema.ts'
import type { AppContext, UserCall } from '../../context.ts'
import type { CertificateVerification, HeldCertificate, MyCertificates } from '../../contract/certificates.ts'
import { certificateName, certificateNameProblem, hoursLabel } from '../../domain/certificate-text.ts'
import { CERTIFICATE_KIND, certificateStatus } from '../../domain/certificates.ts'
import { INSTITUTE } from '../../domain/institute.ts'
import { missingForCertificate } from '../../domain/study.ts'
import { curitibaDay } from '../../domain/time-zone.ts'
import { AppError, conflict, invalidField, notFound } from '../../errors.ts'
import { assessmentEvidence, pendingAssessments } from '../assessment/gate.ts'
import { activeCourseIds } from '../student/access.ts'
import { type CourseStudy, standingQueries, standingsOf, studyOut, studyStanding } from '../student/study.ts'
import { verificationUrl } from './credential.ts'
import { type CertificateRow, certificateByCode, issueCertificate, subjectOf } from './issue.ts'

export const CERTIFICATE_MESSAGES = {
  notFound: 'Certificado não encontrado.',
  notEnrolled: 'Você não tem matrícula ativa neste curso.',
  noLessons: 'Este curso não tem aulas online para concluir.',
  notHolder: 'Só o titular do certificado pode baixá-lo.',
  noCredential: 'A credencial deste certificado foi apagada com os dados do titular.',
  revoked: (reason: string | null) =>
    `Este certificado foi revogado${reason ? ` (${reason})` : ''}: o PDF e a credencial digital não estão mais disponíveis. A página de verificação mostra a revogação.`,
  suspended: (reason: string | null) =>
    `Este certificado está suspenso${reason ? ` (${reason})` : ''}: o PDF e a credencial digital voltam a ficar disponíveis se a contestação terminar a favor do instituto.`,
} as const

/** Why its holder may not download it now (revoked, suspended: issue 39), or null. */
function notDownloadable(row: CertificateRow): string | null {
  const status = certificateStatus(row)
  if (status === 'revoked') return CERTIFICATE_MESSAGES.revoked(row.revokedReason)
  if (status === 'suspended') return CERTIFICATE_MESSAGES.suspended(row.suspendedReason)
  return null
}

/** What anyone may read of a certificate, as the database says at `checkedAt`. */
export function verificationOf(row: CertificateRow, checkedAt: Date): CertificateVerification {
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
    checked_at: checkedAt.toISOString(),
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
  // A revoked or suspended certificate is not offered for download (the endpoints refuse it too).
  const files = notDownloadable(row) === null
  return {
    ...verificationOf(row, ctx.now),
    links: {
      pdf: files ? `${base}/pdf` : null,
      credential: files && row.credential ? `${base}/credencial` : null,
      verification: `/certificados/${row.code}`,
      linkedin: linkedInUrl(ctx, row),
    },
  }
}

/** The online courses the student is actively enrolled in that have lessons, each with its standing. */
async function coursesProgress(ctx: AppContext, userId: number) {
  const enrolled = activeCourseIds(ctx, userId)
  const [rows, ...study] = await ctx.db.batch([
    ctx.db.select().from(courses).where(inArray(courses.id, enrolled)).orderBy(asc(courses.sortOrder)),
    ...standingQueries(ctx, userId, (column) => inArray(column, enrolled)),
  ])
  const standings = standingsOf(study)
  return rows.flatMap((course) => {
    const standing = standings.get(course.id)
    return standing && standing.lessonsTotal > 0 ? [{ course, standing }] : []
  })
}

/** Minutes a course's certificate attests: its workload, else its videos' length (an hour at least). */
function courseMinutes(course: typeof courses.$inferSelect, standing: CourseStudy): number {
  if (course.workloadHours) return course.workloadHours * 60
  const seconds = standing.lessons.reduce((total, lesson) => total + (lesson.durationSeconds ?? 0), 0)
  return Math.max(60, Math.round(seconds / 60))
}

/** GET /api/usuario/certificados. */
export async function myCertificates({ ctx, userId }: UserCall): Promise<MyCertificates> {
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
    courses: progress.map(({ course, standing }) => {
      const issued = bySubject.get(subjectOf({ kind: 'course', userId, courseId: course.id }))
      return {
        course_id: course.id,
        course_name: course.name,
        course_url: course.url,
        study: studyOut(standing),
        assessment_pending: pending.has(course.id),
        eligible: standing.eligible && !pending.has(course.id),
        certificate: issued ? heldCertificate(ctx, issued) : null,
      }
    }),
    certificates: held.map((row) => heldCertificate(ctx, row)),
  }
}

/**
 * POST /api/usuario/cursos/{url}/certificado: the course's certificate, with the name the
 * student confirmed. Not enrolled: 403; not earned by evidence (studyStanding: lessons played to
 * the course's share, readings opened), or the course's final assessment not passed: 409 saying
 * what is missing; a name that is not a full name: 422. Issued already (or by a request at the
 * same moment): the same certificate.
 */
export async function issueCourseCertificate({
  ctx,
  userId,
  courseUrl,
  name,
}: UserCall<{ courseUrl: string; name: string }>): Promise<{
  certificate: HeldCertificate
  created: boolean
}> {
  const problem = certificateNameProblem(name)
  if (problem) throw invalidField('nome', problem)
  const [[course], enrolled] = await ctx.db.batch([
    ctx.db.select().from(courses).where(eq(courses.url, courseUrl)),
    activeCourseIds(ctx, userId),
  ])
  if (!course) throw notFound('Curso não encontrado.')
  if (!enrolled.some(({ id }) => id === course.id)) {
    throw new AppError('FORBIDDEN', CERTIFICATE_MESSAGES.notEnrolled)
  }
  const standing = await studyStanding(ctx, userId, course.id)
  if (!standing || standing.lessonsTotal === 0) throw conflict(CERTIFICATE_MESSAGES.noLessons)
  if (!standing.eligible) throw conflict(missingForCertificate(standing))
  const assessment = await assessmentEvidence(ctx, userId, course.id)
  const { certificate, created } = await issueCertificate(ctx, {
    kind: 'course',
    userId,
    courseId: course.id,
    holderName: certificateName(name),
    title: course.name,
    minutes: courseMinutes(course, standing),
    startedOn: standing.firstActivity ? curitibaDay(standing.firstActivity) : null,
    completedOn: curitibaDay(standing.lastActivity ?? ctx.now),
    template: course.certificateTemplate,
    signatory: course.signatoryName
      ? { name: course.signatoryName, role: course.signatoryRole ?? '', signatureKey: course.signatureKey }
      : null,
    evidence: {
      ...(standing.watchedPercent === null ? {} : { watchedPercent: standing.watchedPercent }),
      lessonsDone: standing.lessonsDone,
      lessonsTotal: standing.lessonsTotal,
      ...(assessment ? { assessment } : {}),
    },
  })
  return { certificate: heldCertificate(ctx, certificate), created }
}

/**
 * Local only (the seed's demo certificate, POST /api/dev/certificados): the course certificate of
 * the account with this e-mail, issued exactly as its student would issue it.
 */
export async function issueCertificateFor({
  ctx,
  email,
  courseUrl,
  name,
}: {
  ctx: AppContext
  email: string
  courseUrl: string
  name: string
}) {
  const [user] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email.toLowerCase()))
  if (!user) throw notFound('Conta não encontrada.')
  return issueCourseCertificate({ ctx, userId: user.id, courseUrl, name })
}

/** GET /api/certificados/{code}: 404 for an unknown or malformed code. */
export async function verifyCertificate({ ctx, code }: { ctx: AppContext; code: string }) {
  const row = await certificateByCode(ctx, code)
  if (!row) throw notFound(CERTIFICATE_MESSAGES.notFound)
  return verificationOf(row, ctx.now)
}

/**
 * A certificate its holder (or an administrator) may download; 404 to anyone else, and 403 to its
 * holder while it is revoked or suspended (an administrator still may: the institute's records).
 */
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
  const refused = user.type === 'A' ? null : notDownloadable(row)
  if (refused) throw new AppError('FORBIDDEN', refused)
  return row
}
