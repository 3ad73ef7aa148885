import { and, asc, count, eq, sql } from 'drizzle-orm'
import {
  assessmentAttempts,
  assessmentExtraAttempts,
  assessmentQuestions,
  assessmentSettings,
  courses,
  enrollments,
  users,
} from '../../../db/schema.ts'
import type { AppContext } from '../../context.ts'
import {
  ADMIN_ASSESSMENT_MESSAGES,
  type AdminAssessment,
  type AdminQuestion,
  type AssessmentSettings,
  type AssessmentSettingsInput,
  type QuestionInput,
  type QuestionUpdateInput,
  type StudentAttempts,
} from '../../contract/admin-assessment.ts'
import { ADMIN_CATALOG_MESSAGES } from '../../contract/admin-catalog.ts'
import { ASSESSMENT_STATE, correctOf } from '../../domain/assessment.ts'
import { changedFields } from '../../domain/audit.ts'
import { conflict, invalidField, notFound } from '../../errors.ts'
import { settingsOrDefaults, standingFor, withRanOutClosed } from '../assessment/student.ts'
import { withStudentClassCourse } from './enrollments.ts'
import {
  type AdminEdit,
  type AdminRowAction,
  type AdminRowRead,
  auditedInsert,
  auditedWrite,
  iso,
  nextVersion,
  rowOr404,
  sortOrderAtEnd,
  versionedUpdate,
} from './internal.ts'

// A course's final assessment as the admin keeps it (issue 39, items 2 and 9): its settings and
// question bank where the course's content is edited, and each student's attempts beside their
// progress, with one more attempt granted when the institute decides so.

type QuestionRow = typeof assessmentQuestions.$inferSelect

const questionOut = (row: QuestionRow): AdminQuestion => ({
  id: row.id,
  prompt: row.prompt,
  options: row.options.map((text, index) => ({ text, is_correct: index === row.correctOption })),
  explanation: row.explanation,
  is_active: row.isActive,
  sort_order: row.sortOrder,
  version: row.version,
})

/** A question's columns from the form: the options' texts, and the right one's position. */
const questionColumns = (
  input: { prompt: string; options: { text: string; is_correct: boolean }[] } & {
    explanation?: string | null
    is_active?: boolean
  },
) => ({
  prompt: input.prompt,
  options: input.options.map((option) => option.text),
  correctOption: input.options.findIndex((option) => option.is_correct),
  explanation: input.explanation ?? null,
  isActive: input.is_active ?? true,
})

const activeCount = (ctx: AppContext, courseId: number) =>
  ctx.db
    .select({ count: count() })
    .from(assessmentQuestions)
    .where(and(eq(assessmentQuestions.courseId, courseId), eq(assessmentQuestions.isActive, true)))

function settingsOut(
  courseId: number,
  row: typeof assessmentSettings.$inferSelect | undefined,
  active: number,
): AssessmentSettings {
  const settings = settingsOrDefaults(courseId, row)
  return {
    is_enabled: settings.isEnabled,
    exam_size: settings.examSize,
    pass_percent: settings.passPercent,
    max_attempts: settings.maxAttempts,
    wait_hours: settings.waitHours,
    time_limit_minutes: settings.timeLimitMinutes,
    version: row?.version ?? 1,
    active_questions: active,
  }
}

async function courseOr404(ctx: AppContext, id: number) {
  return rowOr404(ctx, courses, id, ADMIN_CATALOG_MESSAGES.courseNotFound)
}

/** GET /api/admin/cursos/{id}/avaliacao: the settings and the whole bank (right answers included). */
export async function getAdminAssessment({ ctx, id }: AdminRowRead): Promise<AdminAssessment> {
  const { db } = ctx
  const [found, settings, questions] = await db.batch([
    db.select({ id: courses.id }).from(courses).where(eq(courses.id, id)),
    db.select().from(assessmentSettings).where(eq(assessmentSettings.courseId, id)),
    db
      .select()
      .from(assessmentQuestions)
      .where(eq(assessmentQuestions.courseId, id))
      .orderBy(asc(assessmentQuestions.sortOrder), asc(assessmentQuestions.id)),
  ])
  if (!found[0]) throw notFound(ADMIN_CATALOG_MESSAGES.courseNotFound)
  const active = questions.filter((question) => question.isActive).length
  return {
    course_id: id,
    settings: settingsOut(id, settings[0], active),
    questions: questions.map(questionOut),
  }
}

/**
 * PUT /api/admin/cursos/{id}/avaliacao: the settings (the first save creates them). Switching the
 * assessment on asks for at least as many active questions as an attempt draws (422).
 */
export async function updateAssessmentSettings({
  ctx,
  actor,
  id,
  input,
}: AdminEdit<typeof AssessmentSettingsInput>): Promise<AssessmentSettings> {
  await courseOr404(ctx, id)
  const [[before], [active]] = await ctx.db.batch([
    ctx.db.select().from(assessmentSettings).where(eq(assessmentSettings.courseId, id)),
    activeCount(ctx, id),
  ])
  const activeQuestions = active?.count ?? 0
  if (input.is_enabled && activeQuestions < input.exam_size) {
    throw invalidField(
      'is_enabled',
      ADMIN_ASSESSMENT_MESSAGES.tooFewQuestions(activeQuestions, input.exam_size),
    )
  }
  const { version, ...fields } = input
  const columns = {
    isEnabled: fields.is_enabled,
    examSize: fields.exam_size,
    passPercent: fields.pass_percent,
    maxAttempts: fields.max_attempts,
    waitHours: fields.wait_hours,
    timeLimitMinutes: fields.time_limit_minutes,
    updatedAt: ctx.now,
  }
  const { version: _v, active_questions: _a, ...shown } = settingsOut(id, before, activeQuestions)
  const [saved] = await versionedUpdate(ctx, actor, {
    update: ctx.db
      .insert(assessmentSettings)
      .values({ courseId: id, ...columns, version: version + 1 })
      .onConflictDoUpdate({
        target: assessmentSettings.courseId,
        set: { ...columns, version: nextVersion(assessmentSettings.version, version) },
      })
      .returning(),
    audit: { entity: 'assessment_settings', id, data: changedFields(shown, fields) },
  })
  return settingsOut(id, saved, activeQuestions)
}

/** POST /api/admin/cursos/{id}/avaliacao/questoes: a question at the end of the course's bank. */
export async function createQuestion({
  ctx,
  actor,
  id: courseId,
  input,
}: AdminEdit<typeof QuestionInput>): Promise<AdminQuestion> {
  await courseOr404(ctx, courseId)
  const [row] = await auditedInsert(ctx, actor, {
    insert: ctx.db
      .insert(assessmentQuestions)
      .values({
        courseId,
        ...questionColumns(input),
        sortOrder: sortOrderAtEnd(assessmentQuestions, assessmentQuestions.courseId, courseId),
        createdAt: ctx.now,
        updatedAt: ctx.now,
      })
      .returning(),
    entity: 'assessment_question',
    after: { course_id: courseId, ...input },
  })
  return questionOut(row!)
}

/**
 * PUT /api/admin/avaliacao/questoes/{id}: a question changed, or taken out of the draws
 * (`is_active: false`). Attempts keep the question as they asked it.
 */
export async function updateQuestion({
  ctx,
  actor,
  id,
  input,
}: AdminEdit<typeof QuestionUpdateInput>): Promise<AdminQuestion> {
  const before = await rowOr404(ctx, assessmentQuestions, id, ADMIN_ASSESSMENT_MESSAGES.questionNotFound)
  const { version, ...fields } = input
  const { id: _id, sort_order: _s, version: _v, ...shown } = questionOut(before)
  const [row] = await versionedUpdate(ctx, actor, {
    update: ctx.db
      .update(assessmentQuestions)
      .set({
        ...questionColumns(fields),
        version: nextVersion(assessmentQuestions.version, version),
        updatedAt: ctx.now,
      })
      .where(eq(assessmentQuestions.id, id))
      .returning(),
    audit: { entity: 'assessment_question', id, data: changedFields(shown, fields) },
  })
  if (!row) throw notFound(ADMIN_ASSESSMENT_MESSAGES.questionNotFound)
  return questionOut(row)
}

/** The enrollment's student and course, with what their attempts are read by; 404 for none. */
async function enrollmentAssessment(ctx: AppContext, enrollmentId: number) {
  const { db } = ctx
  const select = db
    .select({
      student: { id: users.id, name: users.name, email: users.email },
      course: { id: courses.id, name: courses.name },
    })
    .from(enrollments)
    .$dynamic()
  const [found] = await withStudentClassCourse(select).where(eq(enrollments.id, enrollmentId))
  if (!found) throw notFound(ADMIN_ASSESSMENT_MESSAGES.enrollmentNotFound)
  const of = (table: typeof assessmentAttempts | typeof assessmentExtraAttempts) =>
    and(eq(table.userId, found.student.id), eq(table.courseId, found.course.id))
  const [settings, attempts, extra] = await db.batch([
    db.select().from(assessmentSettings).where(eq(assessmentSettings.courseId, found.course.id)),
    db
      .select()
      .from(assessmentAttempts)
      .where(of(assessmentAttempts))
      .orderBy(asc(assessmentAttempts.number)),
    db
      .select({ extra: assessmentExtraAttempts.extra })
      .from(assessmentExtraAttempts)
      .where(of(assessmentExtraAttempts)),
  ])
  return {
    ...found,
    settings: settingsOrDefaults(found.course.id, settings[0]),
    attempts: await withRanOutClosed(ctx, attempts),
    extra: extra[0]?.extra ?? 0,
  }
}

/** GET /api/admin/certificados/progresso/{id}/avaliacao: an enrolled student's attempts and scores. */
export async function getStudentAttempts({ ctx, id }: AdminRowRead): Promise<StudentAttempts> {
  const found = await enrollmentAssessment(ctx, id)
  const standing = await standingFor(ctx, {
    userId: found.student.id,
    courseId: found.course.id,
    settings: found.settings,
    attempts: found.attempts,
    extra: found.extra,
  })
  return {
    enrollment_id: id,
    student: found.student,
    course: found.course,
    enabled: found.settings.isEnabled,
    state: standing.state,
    state_label: ASSESSMENT_STATE.labels[standing.state],
    pass_percent: found.settings.passPercent,
    max_attempts: found.settings.maxAttempts,
    extra_attempts: found.extra,
    attempts_left: standing.attemptsLeft,
    available_at: iso(standing.availableAt),
    best_score: standing.bestPercent,
    attempts: found.attempts.map((attempt) => ({
      number: attempt.number,
      started_at: attempt.startedAt.toISOString(),
      deadline_at: iso(attempt.deadlineAt),
      submitted_at: iso(attempt.submittedAt),
      questions: attempt.questions.length,
      answered: attempt.answers.filter((answer) => answer !== null).length,
      correct: correctOf(attempt),
      score_percent: attempt.scorePercent,
      pass_percent: attempt.passPercent,
      passed: attempt.isPassed,
    })),
  }
}

/**
 * POST /api/admin/certificados/progresso/{id}/avaliacao/tentativa-extra: one attempt more for the
 * student, beyond the course's allowance (the wait after the second failure still applies).
 */
export async function grantExtraAttempt({ ctx, actor, id }: AdminRowAction): Promise<StudentAttempts> {
  const found = await enrollmentAssessment(ctx, id)
  if (!found.settings.isEnabled) throw conflict(ADMIN_ASSESSMENT_MESSAGES.notEnabled)
  await auditedWrite(ctx, actor, {
    write: ctx.db
      .insert(assessmentExtraAttempts)
      .values({ userId: found.student.id, courseId: found.course.id, extra: 1, updatedAt: ctx.now })
      .onConflictDoUpdate({
        target: [assessmentExtraAttempts.userId, assessmentExtraAttempts.courseId],
        set: { extra: sql`${assessmentExtraAttempts.extra} + 1`, updatedAt: ctx.now },
      }),
    audit: {
      action: 'enrollment.assessment_extra_attempt',
      entity: 'enrollment',
      entityId: id,
      data: { course_id: found.course.id, before: { extra: found.extra }, after: { extra: found.extra + 1 } },
    },
  })
  return getStudentAttempts({ ctx, id })
}
