import { and, count, eq, ne, type SQL, sql } from 'drizzle-orm'
import { certificates, classes, conferenceSettings, courses, enrollments, users } from '../../../db/schema.ts'
import type { AppContext } from '../../context.ts'
import { ADMIN_CATALOG_MESSAGES } from '../../contract/admin-catalog.ts'
import {
  ADMIN_CERTIFICATE_MESSAGES,
  CERTIFICATE_STATE_LABELS,
  type ConferenceCertificateSettings,
  type ConferenceSettingsInput,
  type IssuedCertificate,
  type IssuedCertificatesQuery,
  type ProgressQuery,
  type ReissueInput,
  type RevokeInput,
  type StudentEvidence,
  type StudentProgress,
} from '../../contract/admin-certificates.ts'
import { changedFields } from '../../domain/audit.ts'
import { CERTIFICATE_KIND, certificateStatus } from '../../domain/certificates.ts'
import { csvDateTime } from '../../domain/csv.ts'
import { DAY_MS } from '../../domain/time-zone.ts'
import { conflict, invalidField, notFound } from '../../errors.ts'
import { reissueCertificate, revokeCertificate } from '../certificates/issue.ts'
import { CERTIFICATE_STATUS_SQL } from '../certificates/standing.ts'
import { storeSignatureImage } from '../files/files.ts'
import { standingFrom, standingQueries, standingsOf, studyOut } from '../student/study.ts'
import { courseExists } from './courses.ts'
import { withStudentClassCourse } from './enrollments.ts'
import {
  type Actor,
  type AdminRowAction,
  type AdminRowRead,
  type AdminWrite,
  auditedWrite,
  auditStatement,
  iso,
  nextVersion,
  versionedUpdate,
} from './internal.ts'
import { listing } from './listing.ts'

// The admin's side of the certificates (issue 24): how far the students of online classes got,
// the certificates issued (revoke, reissue), the conference's settings and the signatures.

// ── Progress of online classes ────────────────────────────────────────────────

/** The enrollment's course's lessons, and its student's segments and readings opened, as JSON arrays. */
const lessonsJson = sql<string>`(SELECT json_group_array(json_array(l.id, l.youtube_id, l.duration_seconds))
  FROM lessons l JOIN course_modules m ON m.id = l.module_id WHERE m.course_id = ${courses.id})`
const ofCourse = sql`JOIN lessons l ON l.id = x.lesson_id JOIN course_modules m ON m.id = l.module_id
  WHERE m.course_id = ${courses.id} AND x.user_id = ${users.id}`
const segmentsJson = sql<string>`(SELECT json_group_array(json_array(x.lesson_id, x.from_ms, x.to_ms))
  FROM lesson_segments x ${ofCourse})`
const openedJson = sql<string>`(SELECT json_group_array(x.lesson_id) FROM lesson_openings x ${ofCourse})`
/** When a lesson of the course was last played or opened by the student. */
const lastActivity = sql<number | null>`(SELECT max(at) FROM (
  SELECT max(x.updated_at) AS at FROM lesson_segments x ${ofCourse}
  UNION ALL SELECT max(x.opened_at) FROM lesson_openings x ${ofCourse}))`
/** The student's valid course certificate (the newest generation, not revoked). */
const courseCertificate = sql<string | null>`(SELECT c.code FROM certificates c
  WHERE c.kind = 'course' AND c.user_id = ${users.id} AND c.course_id = ${courses.id}
    AND c.revoked_at IS NULL AND c.replaced_by IS NULL ORDER BY c.generation DESC LIMIT 1)`

type ProgressFilters = Omit<ProgressQuery, 'page' | 'per_page'>

function progressRows(ctx: AppContext) {
  const select = ctx.db
    .select({
      enrollment: { id: enrollments.id, createdAt: enrollments.createdAt },
      student: { id: users.id, name: users.name, email: users.email },
      turma: { id: classes.id, name: classes.name },
      course: {
        id: courses.id,
        name: courses.name,
        certificateShare: courses.certificateShare,
        watchShare: courses.watchShare,
      },
      lessons: lessonsJson,
      segments: segmentsJson,
      opened: openedJson,
      last: lastActivity,
      code: courseCertificate,
    })
    .from(enrollments)
    .$dynamic()
  return withStudentClassCourse(select)
}
type ProgressRow = Awaited<ReturnType<ReturnType<typeof progressRows>['execute']>>[number]

/** The row's evidence as the domain reads it (JSON arrays of the subqueries above). */
function standingOfRow(row: ProgressRow) {
  const lessons = JSON.parse(row.lessons) as [number, string | null, number | null][]
  const segments = JSON.parse(row.segments) as [number, number, number][]
  return standingFrom({
    course: row.course,
    lessons: lessons.map(([id, youtubeId, durationSeconds]) => ({
      id,
      title: '',
      youtubeId,
      durationSeconds,
    })),
    segments: segments.map(([lessonId, from, to]) => ({ lessonId, from, to })),
    openedLessonIds: JSON.parse(row.opened) as number[],
  })
}

/** Whose enrollment, in which course and class, and since when. */
const enrollmentOf = (row: ProgressRow) => ({
  enrollment_id: row.enrollment.id,
  student: row.student,
  course: { id: row.course.id, name: row.course.name },
  class: row.turma,
  enrolled_at: row.enrollment.createdAt.toISOString(),
})

const toProgress = (row: ProgressRow): StudentProgress => {
  const standing = standingOfRow(row)
  return {
    ...enrollmentOf(row),
    lessons_done: standing.lessonsDone,
    lessons_total: standing.lessonsTotal,
    watched_percent: standing.watchedPercent,
    required_share: row.course.certificateShare,
    eligible: standing.eligible,
    last_activity_at: row.last === null ? null : new Date(Number(row.last)).toISOString(),
    certificate_code: row.code,
  }
}

/** GET /api/admin/certificados/progresso (and its CSV): the active enrollments of online classes. */
export function progressListing(ctx: AppContext) {
  return listing<ProgressFilters, ProgressRow, StudentProgress>({
    createdAt: enrollments.createdAt,
    id: enrollments.id,
    select: progressRows,
    count: (ctx) => withStudentClassCourse(ctx.db.select({ total: count() }).from(enrollments).$dynamic()),
    conditions: (filters) => [
      eq(courses.section, 'online'),
      eq(enrollments.status, 'active'),
      filters.course_id ? eq(courses.id, filters.course_id) : undefined,
      filters.class_id ? eq(classes.id, filters.class_id) : undefined,
      // Stopped: no certificate yet, and no lesson played or opened (nor the enrollment made) in N days.
      filters.idle_days !== undefined &&
        sql`${courseCertificate} IS NULL AND coalesce(${lastActivity}, ${enrollments.createdAt}) < ${
          ctx.now.getTime() - filters.idle_days * DAY_MS
        }`,
      filters.certificate === 'sim' && sql`${courseCertificate} IS NOT NULL`,
      filters.certificate === 'nao' && sql`${courseCertificate} IS NULL`,
    ],
    search: (pattern) =>
      sql`(${users.name} LIKE ${pattern} ESCAPE '\\' OR ${users.email} LIKE ${pattern} ESCAPE '\\')`,
    toItem: toProgress,
    csv: {
      entity: 'course_progress',
      filename: 'progresso',
      columns: [
        ['Aluno', (row) => row.student.name],
        ['E-mail', (row) => row.student.email],
        ['Curso', (row) => row.course.name],
        ['Turma', (row) => row.class.name],
        ['Matrícula', (row) => csvDateTime(new Date(row.enrolled_at))],
        ['Aulas concluídas', (row) => row.lessons_done],
        ['Aulas no curso', (row) => row.lessons_total],
        [
          'Progresso (%)',
          (row) => (row.lessons_total ? Math.floor((row.lessons_done * 100) / row.lessons_total) : 0),
        ],
        ['Vídeos reproduzidos (%)', (row) => row.watched_percent ?? ''],
        [
          'Última atividade',
          (row) => (row.last_activity_at ? csvDateTime(new Date(row.last_activity_at)) : ''),
        ],
        ['Certificado', (row) => row.certificate_code ?? ''],
      ],
    },
  })
}

/**
 * GET /api/admin/certificados/progresso/{id}: one enrollment's evidence, lesson by lesson, in one
 * round trip (its student's standing read by the same code as the student's own pages).
 */
export async function studentEvidence({ ctx, id }: AdminRowRead): Promise<StudentEvidence> {
  const studentOf = sql`(SELECT user_id FROM enrollments WHERE id = ${id})`
  const courseOf = sql`(SELECT c.course_id FROM enrollments e JOIN classes c ON c.id = e.class_id WHERE e.id = ${id})`
  const [[row], ...study] = await ctx.db.batch([
    progressRows(ctx).where(eq(enrollments.id, id)),
    ...standingQueries(ctx, studentOf, (column) => sql`${column} = ${courseOf}`),
  ])
  if (!row) throw notFound(ADMIN_CERTIFICATE_MESSAGES.enrollmentNotFound)
  const standing = standingsOf(study).get(row.course.id)
  if (!standing) throw notFound(ADMIN_CERTIFICATE_MESSAGES.enrollmentNotFound)
  return {
    ...enrollmentOf(row),
    first_activity_at: iso(standing.firstActivity),
    last_activity_at: iso(standing.lastActivity),
    study: studyOut(standing),
    certificate_code: row.code,
    assessment: null,
  }
}

// ── Certificates issued ───────────────────────────────────────────────────────

type IssuedFilters = Omit<IssuedCertificatesQuery, 'page' | 'per_page'>

function issuedRows(ctx: AppContext) {
  return ctx.db
    .select({ certificate: certificates, email: users.email })
    .from(certificates)
    .leftJoin(users, eq(users.id, certificates.userId))
}
type IssuedRow = Awaited<ReturnType<ReturnType<typeof issuedRows>['execute']>>[number]

const toIssued = ({ certificate: row, email }: IssuedRow): IssuedCertificate => ({
  id: row.id,
  code: row.code,
  kind: row.kind,
  holder_name: row.holderName,
  email,
  title: row.title,
  minutes: row.minutes,
  completed_on: row.completedOn,
  issued_at: row.issuedAt.toISOString(),
  state: certificateStatus(row),
  revoked_at: iso(row.revokedAt),
  revoked_reason: row.revokedReason,
  suspended_at: iso(row.suspendedAt),
  suspended_reason: row.suspendedAt ? row.suspendedReason : null,
  replaced_by: row.replacedBy,
})

const hours = (minutes: number) => (minutes / 60).toLocaleString('pt-BR', { maximumFractionDigits: 1 })

/** GET /api/admin/certificados (and its CSV): every certificate issued, newest first. */
export const issuedListing = listing<IssuedFilters, IssuedRow, IssuedCertificate>({
  createdAt: certificates.issuedAt,
  id: certificates.id,
  select: (ctx) => issuedRows(ctx).$dynamic(),
  count: (ctx) =>
    ctx.db
      .select({ total: count() })
      .from(certificates)
      .leftJoin(users, eq(users.id, certificates.userId))
      .$dynamic(),
  conditions: (filters) => [
    filters.kind ? eq(certificates.kind, filters.kind) : undefined,
    filters.state ? sql`${CERTIFICATE_STATUS_SQL} = ${filters.state}` : undefined,
  ],
  search: (pattern, text) =>
    sql`(${certificates.code} = ${text.toUpperCase()} OR ${certificates.holderName} LIKE ${pattern} ESCAPE '\\'
      OR ${certificates.title} LIKE ${pattern} ESCAPE '\\' OR ${users.email} LIKE ${pattern} ESCAPE '\\')`,
  toItem: toIssued,
  csv: {
    entity: 'certificate',
    filename: 'certificados',
    columns: [
      ['Código', (row) => row.code],
      ['Tipo', (row) => CERTIFICATE_KIND.labels[row.kind]],
      ['Titular', (row) => row.holder_name ?? ''],
      ['E-mail', (row) => row.email ?? ''],
      ['Curso ou evento', (row) => row.title],
      ['Carga horária (h)', (row) => hours(row.minutes)],
      ['Conclusão', (row) => row.completed_on],
      ['Emitido em', (row) => csvDateTime(new Date(row.issued_at))],
      ['Situação', (row) => CERTIFICATE_STATE_LABELS[row.state]],
      ['Motivo da revogação', (row) => row.revoked_reason ?? ''],
      ['Suspenso em', (row) => (row.suspended_at ? csvDateTime(new Date(row.suspended_at)) : '')],
      ['Motivo da suspensão', (row) => row.suspended_reason ?? ''],
      ['Substituído por', (row) => row.replaced_by ?? ''],
    ],
  },
})

async function issuedById(ctx: AppContext, id: number) {
  const [row] = await issuedRows(ctx).where(eq(certificates.id, id))
  if (!row) throw notFound(ADMIN_CERTIFICATE_MESSAGES.certificateNotFound)
  return row
}

/** POST /api/admin/certificados/{id}/revogacao: the verification page says revoked, and why. */
export async function revokeIssued({
  ctx,
  actor,
  id,
  input,
}: AdminRowAction & { input: RevokeInput }): Promise<IssuedCertificate> {
  const { certificate } = await issuedById(ctx, id)
  if (certificate.revokedAt) throw conflict(ADMIN_CERTIFICATE_MESSAGES.alreadyRevoked)
  await revokeCertificate(ctx, certificate.code, input.reason)
  await audit(ctx, actor, 'certificate.revoke', id, { code: certificate.code, reason: input.reason })
  return toIssued(await issuedById(ctx, id))
}

/**
 * POST /api/admin/certificados/{id}/reemissao: the same certificate under a corrected name, with
 * a new code; the old code's page names the new one. Answers the new certificate.
 */
export async function reissueIssued({
  ctx,
  actor,
  id,
  input,
}: AdminRowAction & { input: ReissueInput }): Promise<IssuedCertificate> {
  const { certificate } = await issuedById(ctx, id)
  if (certificate.revokedAt) throw conflict(ADMIN_CERTIFICATE_MESSAGES.revokedNoReissue)
  if (certificate.replacedBy) throw conflict(ADMIN_CERTIFICATE_MESSAGES.replaced)
  if (certificate.holderName === null) throw invalidField('holder_name', ADMIN_CERTIFICATE_MESSAGES.noHolder)
  if (certificate.holderName === input.holder_name)
    throw invalidField('holder_name', ADMIN_CERTIFICATE_MESSAGES.sameName)
  const next = await reissueCertificate(ctx, certificate.code, input.holder_name)
  await audit(ctx, actor, 'certificate.reissue', id, {
    before: { code: certificate.code, holder_name: certificate.holderName },
    after: { code: next.code, holder_name: next.holderName },
  })
  return toIssued(await issuedById(ctx, next.id))
}

/** An audit line of its own: the issuing service writes the certificate (its own batch). */
function audit(ctx: AppContext, actor: Actor, action: string, id: number, data: Record<string, unknown>) {
  return ctx.db.run(auditStatement(ctx, actor, { action, entity: 'certificate', entityId: id, data }))
}

// ── Conference settings ─────────────────────────────────────────────────────────

const SETTINGS_ID = 1

async function settingsRow(ctx: AppContext) {
  const [row] = await ctx.db.select().from(conferenceSettings).where(eq(conferenceSettings.id, SETTINGS_ID))
  // Migration 0017 inserts the one row; it is never deleted.
  if (!row) throw notFound('Configurações da jornada não encontradas.')
  return row
}

const toSettings = (row: typeof conferenceSettings.$inferSelect): ConferenceCertificateSettings => ({
  min_share: row.minShare,
  signatory_name: row.signatoryName,
  signatory_role: row.signatoryRole,
  has_signature: row.signatureKey !== null,
  version: row.version,
})

/** GET /api/admin/certificados/jornada. */
export async function getConferenceSettings({ ctx }: { ctx: AppContext }) {
  return toSettings(await settingsRow(ctx))
}

/** PUT /api/admin/certificados/jornada: the minimum share and the signatory; 409 when stale. */
export async function updateConferenceSettings({
  ctx,
  actor,
  input,
}: AdminWrite<typeof ConferenceSettingsInput>) {
  const before = await settingsRow(ctx)
  const { version, signatory_name, signatory_role, min_share } = input
  await versionedUpdate(ctx, actor, {
    update: ctx.db
      .update(conferenceSettings)
      .set({
        minShare: min_share,
        signatoryName: signatory_name,
        signatoryRole: signatory_role,
        version: nextVersion(conferenceSettings.version, version),
        updatedAt: ctx.now,
      })
      .where(eq(conferenceSettings.id, SETTINGS_ID)),
    audit: {
      entity: 'conference_settings',
      id: SETTINGS_ID,
      data: changedFields(
        {
          min_share: before.minShare,
          signatory_name: before.signatoryName,
          signatory_role: before.signatoryRole,
        },
        { min_share, signatory_name, signatory_role },
      ),
    },
  })
  return toSettings(await settingsRow(ctx))
}

// ── Signatures ──────────────────────────────────────────────────────────────────

/**
 * A course's or the conference's signature picture: stored in R2, then named by the row. The old
 * picture stays in R2: the certificates issued with it keep printing it.
 */
export async function uploadCourseSignature({ ctx, actor, id, file }: AdminRowAction & { file: unknown }) {
  if (!(await courseExists(ctx, id))) throw notFound(ADMIN_CATALOG_MESSAGES.courseNotFound)
  const key = await storeSignatureImage({ ctx, file })
  await auditedWrite(ctx, actor, {
    write: ctx.db.update(courses).set({ signatureKey: key, updatedAt: ctx.now }).where(eq(courses.id, id)),
    audit: {
      action: 'course.signature',
      entity: 'course',
      entityId: id,
      data: { after: { signature_key: key } },
    },
  })
  return { ok: true as const }
}

export async function uploadConferenceSignature({
  ctx,
  actor,
  file,
}: {
  ctx: AppContext
  actor: Actor
  file: unknown
}) {
  await settingsRow(ctx)
  const key = await storeSignatureImage({ ctx, file })
  await auditedWrite(ctx, actor, {
    write: ctx.db
      .update(conferenceSettings)
      .set({ signatureKey: key, updatedAt: ctx.now })
      .where(eq(conferenceSettings.id, SETTINGS_ID)),
    audit: {
      action: 'conference_settings.signature',
      entity: 'conference_settings',
      entityId: SETTINGS_ID,
      data: { after: { signature_key: key } },
    },
  })
  return toSettings(await settingsRow(ctx))
}

/** In-person classes: a dated class of a course that is not online (the conference has its own). */
export const inPersonClass = (): SQL =>
  and(ne(courses.section, 'online'), eq(classes.type, 'N'), sql`${classes.courseInit} IS NOT NULL`) as SQL
