import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm'
import { classes, courses, enrollments, users } from '../../../db/schema.ts'
import type { AppContext } from '../../context.ts'
import {
  ADMIN_CERTIFICATE_MESSAGES,
  type AttendanceInput,
  type BulkIssueResult,
  type ClassAttendance,
  type HeldBackCertificate,
  type InPersonClass,
  type InPersonClassesQuery,
} from '../../contract/admin-certificates.ts'
import { ATTENDANCE_STATES } from '../../domain/certificates.ts'
import { curitibaDay } from '../../domain/time-zone.ts'
import { invalidField, notFound } from '../../errors.ts'
import { issueOrHoldBack } from '../certificates/issue.ts'
import { inPersonClass } from './certificates.ts'
import {
  type AdminRead,
  type AdminRowAction,
  type AdminRowRead,
  auditStatement,
  listPage,
  searchOf,
} from './internal.ts'

// An in-person class's attendance (issue 24, item 2): marked per enrollment once the class's day
// has come, then the certificates of those present issued in one action (each once, e-mailed).

const activeIn = (classId: SQL) =>
  sql`FROM enrollments e WHERE e.class_id = ${classId} AND e.status = 'active'`

/** Its certificates: one per present student, the newest generation, not revoked. */
const validInPerson = sql`c.kind = 'in_person' AND c.revoked_at IS NULL AND c.replaced_by IS NULL`

function classRows(ctx: AppContext) {
  return ctx.db
    .select({
      id: classes.id,
      name: classes.name,
      date: classes.courseInit,
      course: { id: courses.id, name: courses.name },
      students: sql<number>`(SELECT count(*) ${activeIn(sql`${classes.id}`)})`,
      present: sql<number>`(SELECT count(*) ${activeIn(sql`${classes.id}`)} AND e.attendance = 'present')`,
      absent: sql<number>`(SELECT count(*) ${activeIn(sql`${classes.id}`)} AND e.attendance = 'absent')`,
      certificates: sql<number>`(SELECT count(*) FROM certificates c WHERE c.class_id = ${classes.id} AND ${validInPerson})`,
    })
    .from(classes)
    .innerJoin(courses, eq(courses.id, classes.courseId))
}
type ClassRow = Awaited<ReturnType<ReturnType<typeof classRows>['execute']>>[number]

const toClass = (ctx: AppContext, row: ClassRow): InPersonClass => ({
  id: row.id,
  name: row.name,
  course: row.course,
  date: row.date ?? '',
  ended: hasBegun(ctx, row.date),
  students: Number(row.students),
  present: Number(row.present),
  absent: Number(row.absent),
  certificates: Number(row.certificates),
})

/** Attendance is marked from the class's day on (Curitiba): at the end of a one-day class, or later. */
const hasBegun = (ctx: AppContext, date: string | null) => date !== null && date <= curitibaDay(ctx.now)

/** GET /api/admin/certificados/turmas: the in-person classes, the latest first, with their counts. */
export async function listInPersonClasses({ ctx, query }: AdminRead<typeof InPersonClassesQuery>) {
  const where = and(
    inPersonClass(),
    searchOf(query.q, classes.name, courses.name),
    query.course_id ? eq(courses.id, query.course_id) : undefined,
  )
  return listPage(ctx, query, {
    count: ctx.db
      .select({ total: count() })
      .from(classes)
      .innerJoin(courses, eq(courses.id, classes.courseId))
      .where(where),
    rows: classRows(ctx).where(where).orderBy(desc(classes.courseInit), desc(classes.id)),
    toItem: (row) => toClass(ctx, row),
  })
}

/** The class, or 404; refused (422) when it is not an in-person class. */
async function inPersonClassOr404(ctx: AppContext, id: number) {
  const [row] = await classRows(ctx).where(eq(classes.id, id))
  if (!row) throw notFound(ADMIN_CERTIFICATE_MESSAGES.classNotFound)
  const [isInPerson] = await ctx.db
    .select({ id: classes.id })
    .from(classes)
    .innerJoin(courses, eq(courses.id, classes.courseId))
    .where(and(eq(classes.id, id), inPersonClass()))
  if (!isInPerson) throw invalidField('id', ADMIN_CERTIFICATE_MESSAGES.notInPerson)
  return row
}

function studentsOf(ctx: AppContext, id: number) {
  return ctx.db
    .select({
      enrollment: { id: enrollments.id, attendance: enrollments.attendance, at: enrollments.attendanceAt },
      student: { id: users.id, name: users.name, email: users.email },
      code: sql<string | null>`(SELECT c.code FROM certificates c
        WHERE c.class_id = ${id} AND c.user_id = ${users.id} AND ${validInPerson}
        ORDER BY c.generation DESC LIMIT 1)`,
    })
    .from(enrollments)
    .innerJoin(users, eq(users.id, enrollments.userId))
    .where(and(eq(enrollments.classId, id), eq(enrollments.status, 'active')))
    .orderBy(asc(users.name), asc(enrollments.id))
}

/** GET /api/admin/certificados/turmas/{id}: the class's students and their attendance. */
export async function getClassAttendance({ ctx, id }: AdminRowRead): Promise<ClassAttendance> {
  const row = await inPersonClassOr404(ctx, id)
  const [[course], students] = await ctx.db.batch([
    ctx.db.select({ hours: courses.workloadHours }).from(courses).where(eq(courses.id, row.course.id)),
    studentsOf(ctx, id),
  ])
  return {
    class: toClass(ctx, row),
    workload_hours: course?.hours ?? null,
    students: students.map((student) => ({
      enrollment_id: student.enrollment.id,
      student: student.student,
      attendance: student.enrollment.attendance,
      attendance_at: student.enrollment.at ? student.enrollment.at.toISOString() : null,
      certificate_code: student.code,
    })),
  }
}

/**
 * PUT /api/admin/certificados/turmas/{id}/presencas: present or absent, for any of the class's
 * active enrollments at once; one batch with its audit line (all or nothing).
 */
export async function markAttendance({
  ctx,
  actor,
  id,
  input,
}: AdminRowAction & { input: AttendanceInput }): Promise<ClassAttendance> {
  const turma = await inPersonClassOr404(ctx, id)
  if (!hasBegun(ctx, turma.date)) throw invalidField('marks', ADMIN_CERTIFICATE_MESSAGES.notEnded)
  const ids = input.marks.map((mark) => mark.enrollment_id)
  if (new Set(ids).size !== ids.length)
    throw invalidField('marks', 'Cada matrícula pode aparecer uma vez só.')
  const found = await ctx.db
    .select({ id: enrollments.id })
    .from(enrollments)
    .where(and(inArray(enrollments.id, ids), eq(enrollments.classId, id), eq(enrollments.status, 'active')))
  if (found.length !== ids.length)
    throw invalidField('marks', ADMIN_CERTIFICATE_MESSAGES.enrollmentNotInClass)
  const byState = ATTENDANCE_STATES.map(
    (state) =>
      [
        state,
        input.marks.filter((mark) => mark.attendance === state).map((mark) => mark.enrollment_id),
      ] as const,
  ).filter(([, marked]) => marked.length > 0)
  const { db } = ctx
  const [first, ...rest] = byState.map(([state, marked]) =>
    db
      .update(enrollments)
      .set({ attendance: state, attendanceAt: ctx.now })
      .where(
        and(inArray(enrollments.id, marked), eq(enrollments.classId, id), eq(enrollments.status, 'active')),
      ),
  )
  await db.batch([
    first!,
    ...rest,
    db.run(
      auditStatement(ctx, actor, {
        action: 'class.attendance',
        entity: 'class',
        entityId: id,
        data: { after: Object.fromEntries(byState) },
      }),
    ),
  ])
  return getClassAttendance({ ctx, id })
}

/**
 * POST /api/admin/certificados/turmas/{id}/emissao: a certificate for each present student who
 * has none (the issuing service gives one per student and class, however often this runs), and
 * an e-mail for each one issued now.
 */
export async function issuePresentCertificates({ ctx, actor, id }: AdminRowAction): Promise<BulkIssueResult> {
  const turma = await inPersonClassOr404(ctx, id)
  if (!hasBegun(ctx, turma.date)) throw invalidField('id', ADMIN_CERTIFICATE_MESSAGES.notEnded)
  const [course] = await ctx.db.select().from(courses).where(eq(courses.id, turma.course.id))
  if (!course?.workloadHours) throw invalidField('workload_hours', ADMIN_CERTIFICATE_MESSAGES.noWorkload)
  const present = (await studentsOf(ctx, id)).filter((row) => row.enrollment.attendance === 'present')
  if (present.length === 0) throw invalidField('id', ADMIN_CERTIFICATE_MESSAGES.nonePresent)

  const date = turma.date as string
  const signatory = course.signatoryName
    ? { name: course.signatoryName, role: course.signatoryRole ?? '', signatureKey: course.signatureKey }
    : null
  const issued: { code: string }[] = []
  const heldBack: HeldBackCertificate[] = []
  for (const row of present) {
    const outcome = await issueOrHoldBack(ctx, {
      kind: 'in_person',
      userId: row.student.id,
      classId: id,
      holderName: row.student.name,
      title: course.name,
      minutes: course.workloadHours * 60,
      startedOn: date,
      completedOn: date,
      template: course.certificateTemplate,
      signatory,
      evidence: { attendedMinutes: course.workloadHours * 60 },
    })
    if (outcome.heldBack) heldBack.push(outcome.heldBack)
    else if (outcome.created) issued.push({ code: outcome.certificate.code })
  }

  // Each student was e-mailed by the issuing itself (services/certificates/issue.ts).
  if (issued.length > 0) {
    await ctx.db.run(
      auditStatement(ctx, actor, {
        action: 'class.certificates_issue',
        entity: 'class',
        entityId: id,
        data: { after: { codes: issued.map((student) => student.code) } },
      }),
    )
  }
  return {
    issued: issued.length,
    already: present.length - issued.length - heldBack.length,
    held_back: heldBack,
    attendance: await getClassAttendance({ ctx, id }),
  }
}
