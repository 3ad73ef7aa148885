/**
 * A course's final assessment as its student takes it (issue 39, item 2; decision 022): the
 * standing, an attempt started (or the open one answered again), each answer saved as chosen, and
 * the submission, scored once whatever the concurrency. Right answers and explanations stay on the
 * server until the student passed (`review`).
 */
import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm'
import {
  assessmentAttempts,
  assessmentExtraAttempts,
  assessmentQuestions,
  assessmentSettings,
  classes,
  courses,
  enrollments,
} from '../../../db/schema.ts'
import type { AppContext, UserCall } from '../../context.ts'
import {
  ASSESSMENT_MESSAGES,
  type AssessmentStanding,
  type OpenAttempt,
  type SavedAnswers,
  type SubmittedAttempt,
} from '../../contract/assessment.ts'
import {
  ASSESSMENT_DEFAULTS,
  type AssessmentState,
  correctOf,
  DEADLINE_GRACE_MS,
  deadlineOf,
  drawExam,
  endOf,
  ranOut,
  type Standing,
  scoreOf,
  standingOf,
  takesAnswers,
  timesAsked,
} from '../../domain/assessment.ts'
import { curitibaDateTime } from '../../domain/time-zone.ts'
import { AppError, conflict, invalidField, notFound } from '../../errors.ts'
import { activeEnrollmentsOf } from '../student/access.ts'
import { hasStudied } from './study.ts'

export type AttemptRow = typeof assessmentAttempts.$inferSelect
type Settings = Omit<typeof assessmentSettings.$inferSelect, 'version' | 'updatedAt'>

/** A course's settings: its row, or the defaults of an assessment never switched on. */
export function settingsOrDefaults(courseId: number, row: Settings | undefined): Settings {
  return row ?? { courseId, isEnabled: false, ...ASSESSMENT_DEFAULTS }
}

/** Everything the student's calls read, in one round trip; 404 for no course, 403 without an active enrollment. */
async function load(ctx: AppContext, userId: number, url: string, { withBank = false } = {}) {
  const { db } = ctx
  const course = db.select({ id: courses.id }).from(courses).where(eq(courses.url, url))
  const active = and(inArray(assessmentQuestions.courseId, course), eq(assessmentQuestions.isActive, true))
  const [found, enrolled, settings, attempts, bankSize, bank, extra] = await db.batch([
    db
      .select({ id: courses.id, name: courses.name, url: courses.url })
      .from(courses)
      .where(eq(courses.url, url)),
    db
      .select({ id: enrollments.id })
      .from(enrollments)
      .innerJoin(classes, eq(classes.id, enrollments.classId))
      .where(and(activeEnrollmentsOf(userId), inArray(classes.courseId, course)))
      .limit(1),
    db.select().from(assessmentSettings).where(inArray(assessmentSettings.courseId, course)),
    db
      .select()
      .from(assessmentAttempts)
      .where(and(eq(assessmentAttempts.userId, userId), inArray(assessmentAttempts.courseId, course)))
      .orderBy(asc(assessmentAttempts.number)),
    db.select({ count: count() }).from(assessmentQuestions).where(active),
    // A batch's shape is fixed: without the bank, its select matches nothing.
    db
      .select()
      .from(assessmentQuestions)
      .where(withBank ? active : sql`0`),
    db
      .select({ extra: assessmentExtraAttempts.extra })
      .from(assessmentExtraAttempts)
      .where(
        and(eq(assessmentExtraAttempts.userId, userId), inArray(assessmentExtraAttempts.courseId, course)),
      ),
  ])
  const row = found[0]
  if (!row) throw notFound(ASSESSMENT_MESSAGES.courseNotFound)
  if (enrolled.length === 0) throw new AppError('FORBIDDEN', ASSESSMENT_MESSAGES.notEnrolled)
  return {
    course: row,
    settings: settingsOrDefaults(row.id, settings[0]),
    attempts,
    bankSize: bankSize[0]?.count ?? 0,
    bank,
    extra: extra[0]?.extra ?? 0,
  }
}
type Loaded = Awaited<ReturnType<typeof load>>

/**
 * Ends an attempt with the answers saved (submitted, or its time ran out): scored once. A save
 * that lands meanwhile moves the revision, and the answers are read again; a submission at the
 * same moment leaves this one to read the score it recorded.
 */
export async function closeAttempt(ctx: AppContext, attempt: AttemptRow): Promise<AttemptRow> {
  let current = attempt
  for (let tries = 0; tries < 5 && current.submittedAt === null; tries += 1) {
    const score = scoreOf(current.questions, current.answers, current.passPercent)
    const [closed] = await ctx.db
      .update(assessmentAttempts)
      .set({ submittedAt: endOf(current, ctx.now), scorePercent: score.percent, isPassed: score.passed })
      .where(
        and(
          eq(assessmentAttempts.id, current.id),
          isNull(assessmentAttempts.submittedAt),
          eq(assessmentAttempts.revision, current.revision),
        ),
      )
      .returning()
    if (closed) return closed
    const [again] = await ctx.db
      .select()
      .from(assessmentAttempts)
      .where(eq(assessmentAttempts.id, current.id))
    if (!again) throw notFound(ASSESSMENT_MESSAGES.attemptNotFound)
    current = again
  }
  if (current.submittedAt === null) throw conflict(ASSESSMENT_MESSAGES.busy)
  return current
}

/** The attempts with any whose time ran out scored (as saved by then). */
export async function withRanOutClosed(ctx: AppContext, attempts: AttemptRow[]): Promise<AttemptRow[]> {
  return Promise.all(
    attempts.map((attempt) => (ranOut(attempt, ctx.now) ? closeAttempt(ctx, attempt) : attempt)),
  )
}

/** The rules' standing of a student; whether the lessons were studied is asked only when it decides. */
export async function standingFor(
  ctx: AppContext,
  {
    userId,
    courseId,
    settings,
    attempts,
    extra,
  }: {
    userId: number
    courseId: number
    settings: Settings
    attempts: AttemptRow[]
    extra: number
  },
): Promise<Standing> {
  const facts = {
    enabled: settings.isEnabled,
    attempts: attempts.map((attempt) => ({ ...attempt, passed: attempt.isPassed })),
    maxAttempts: settings.maxAttempts,
    extraAttempts: extra,
    waitHours: settings.waitHours,
    now: ctx.now,
  }
  const assumingStudied = standingOf({ ...facts, studied: true })
  if (assumingStudied.state !== 'available' && assumingStudied.state !== 'waiting') return assumingStudied
  return standingOf({ ...facts, studied: await hasStudied(ctx, userId, courseId) })
}

/** The standing of the student whose calls loaded `loaded`, with `attempts` as they stand now. */
const standingOfLoaded = (ctx: AppContext, userId: number, loaded: Loaded, attempts: AttemptRow[]) =>
  standingFor(ctx, {
    userId,
    courseId: loaded.course.id,
    settings: loaded.settings,
    attempts,
    extra: loaded.extra,
  })

function messageOf(standing: Standing): string {
  const messages: Record<AssessmentState, string> = {
    disabled: ASSESSMENT_MESSAGES.disabled,
    locked: ASSESSMENT_MESSAGES.locked,
    available: ASSESSMENT_MESSAGES.available,
    open: ASSESSMENT_MESSAGES.open,
    waiting: ASSESSMENT_MESSAGES.waiting(standing.availableAt ? curitibaDateTime(standing.availableAt) : ''),
    exhausted: ASSESSMENT_MESSAGES.exhausted(standing.attemptsAllowed),
    passed: ASSESSMENT_MESSAGES.passed,
  }
  return messages[standing.state]
}

/** The attempt in progress as the student sees it: no right answer, no explanation. */
function openView(ctx: AppContext, attempt: AttemptRow): OpenAttempt {
  return {
    number: attempt.number,
    started_at: attempt.startedAt.toISOString(),
    deadline_at: attempt.deadlineAt?.toISOString() ?? null,
    server_now: ctx.now.toISOString(),
    questions: attempt.questions.map((question) => ({ prompt: question.prompt, options: question.options })),
    answers: attempt.answers,
  }
}

function standingView(
  ctx: AppContext,
  loaded: Loaded,
  attempts: AttemptRow[],
  standing: Standing,
): AssessmentStanding {
  const { settings } = loaded
  const open = attempts.find((attempt) => attempt.number === standing.openAttempt?.number)
  const passed = attempts.find((attempt) => attempt.number === standing.passedAttempt?.number)
  return {
    course: { name: loaded.course.name, url: loaded.course.url },
    enabled: settings.isEnabled,
    state: standing.state,
    message: messageOf(standing),
    questions: Math.min(settings.examSize, loaded.bankSize),
    pass_percent: settings.passPercent,
    max_attempts: standing.attemptsAllowed,
    wait_hours: settings.waitHours,
    time_limit_minutes: settings.timeLimitMinutes,
    attempts_used: standing.attemptsUsed,
    attempts_left: standing.attemptsLeft,
    available_at: standing.availableAt?.toISOString() ?? null,
    best_score: standing.bestPercent,
    passed: passed !== undefined,
    attempts: attempts.map((attempt) => ({
      number: attempt.number,
      started_at: attempt.startedAt.toISOString(),
      submitted_at: attempt.submittedAt?.toISOString() ?? null,
      questions: attempt.questions.length,
      correct: correctOf(attempt),
      score_percent: attempt.scorePercent,
      passed: attempt.isPassed,
    })),
    open_attempt: open && settings.isEnabled ? openView(ctx, open) : null,
    // Told only after a pass (decision 022): a failure never reveals the bank.
    review: passed
      ? passed.questions.map((question, index) => ({
          prompt: question.prompt,
          options: question.options,
          chosen: passed.answers[index] ?? null,
          answer: question.answer,
          explanation: question.explanation,
        }))
      : null,
  }
}

/** GET /api/usuario/cursos/{url}/avaliacao. A timed attempt whose time ran out is scored here, as saved. */
export async function getStanding({
  ctx,
  userId,
  url,
}: UserCall<{ url: string }>): Promise<AssessmentStanding> {
  const loaded = await load(ctx, userId, url)
  const attempts = await withRanOutClosed(ctx, loaded.attempts)
  return standingView(ctx, loaded, attempts, await standingOfLoaded(ctx, userId, loaded, attempts))
}

/** Why a new attempt may not start, as the 409 says it; null when it may. */
function refusal(standing: Standing): string | null {
  switch (standing.state) {
    case 'available':
      return null
    case 'passed':
      return ASSESSMENT_MESSAGES.alreadyPassed
    default:
      return messageOf(standing)
  }
}

/**
 * POST /api/usuario/cursos/{url}/avaliacao/tentativas: a new attempt, its questions drawn now
 * (unseen first); the open one when there is one (`created` false). 409 with the reason otherwise.
 */
export async function startAttempt({
  ctx,
  userId,
  url,
}: UserCall<{ url: string }>): Promise<{ attempt: OpenAttempt; created: boolean }> {
  const loaded = await load(ctx, userId, url, { withBank: true })
  const attempts = await withRanOutClosed(ctx, loaded.attempts)
  const standing = await standingOfLoaded(ctx, userId, loaded, attempts)
  const open = attempts.find((attempt) => attempt.number === standing.openAttempt?.number)
  if (open && standing.state === 'open') return { attempt: openView(ctx, open), created: false }
  const refused = refusal(standing)
  if (refused) throw conflict(refused)
  if (loaded.bank.length === 0) throw conflict(ASSESSMENT_MESSAGES.noQuestions)
  const questions = drawExam({
    bank: loaded.bank.map((question) => ({ ...question, correct: question.correctOption })),
    seen: timesAsked(attempts),
    size: loaded.settings.examSize,
    random: secureRandom,
  })
  const [inserted] = await ctx.db
    .insert(assessmentAttempts)
    .values({
      userId,
      courseId: loaded.course.id,
      number: standing.nextNumber,
      questions,
      answers: questions.map(() => null),
      passPercent: loaded.settings.passPercent,
      startedAt: ctx.now,
      deadlineAt: deadlineOf(ctx.now, loaded.settings.timeLimitMinutes),
    })
    // Two starts at once: one inserts (one open attempt, one number), the other answers it.
    .onConflictDoNothing()
    .returning()
  if (inserted) return { attempt: openView(ctx, inserted), created: true }
  const [winner] = await ctx.db
    .select()
    .from(assessmentAttempts)
    .where(
      and(
        eq(assessmentAttempts.userId, userId),
        eq(assessmentAttempts.courseId, loaded.course.id),
        isNull(assessmentAttempts.submittedAt),
      ),
    )
  if (!winner) throw conflict(ASSESSMENT_MESSAGES.startedElsewhere)
  return { attempt: openView(ctx, winner), created: false }
}

/** A float in [0, 1) from the Workers' CSPRNG: a draw nobody can predict from the clock. */
function secureRandom(): number {
  return crypto.getRandomValues(new Uint32Array(1))[0]! / 2 ** 32
}

/**
 * PUT …/tentativas/{numero}/respostas: one answer saved as the student chooses it, in one
 * statement that checks the attempt is theirs, open, in time, and that the question and option
 * exist; when it changes nothing, the reason is read and answered (nothing changed).
 */
export async function saveAnswer({
  ctx,
  userId,
  url,
  number,
  question,
  option,
}: UserCall<{ url: string; number: number; question: number; option: number }>): Promise<SavedAnswers> {
  const a = assessmentAttempts
  const course = ctx.db.select({ id: courses.id }).from(courses).where(eq(courses.url, url))
  const [saved] = await ctx.db
    .update(a)
    .set({
      answers: sql`json_set(${a.answers}, ${`$[${question}]`}, ${option})`,
      revision: sql`${a.revision} + 1`,
    })
    .where(
      and(
        eq(a.userId, userId),
        eq(a.number, number),
        inArray(a.courseId, course),
        isNull(a.submittedAt),
        sql`(${a.deadlineAt} IS NULL OR ${a.deadlineAt} + ${DEADLINE_GRACE_MS} >= ${ctx.now.getTime()})`,
        sql`${question} < json_array_length(${a.questions})`,
        sql`${option} < json_array_length(json_extract(${a.questions}, ${`$[${question}].options`}))`,
        sql`EXISTS (SELECT 1 FROM enrollments e JOIN classes c ON c.id = e.class_id
          WHERE e.user_id = ${userId} AND e.status = 'active' AND c.course_id = ${a.courseId})`,
      ),
    )
    .returning({ number: a.number, answers: a.answers })
  if (saved) return saved
  const loaded = await load(ctx, userId, url)
  const attempt = loaded.attempts.find((row) => row.number === number)
  if (!attempt) throw notFound(ASSESSMENT_MESSAGES.attemptNotFound)
  if (attempt.submittedAt) throw conflict(ASSESSMENT_MESSAGES.submitted)
  if (!takesAnswers(attempt, ctx.now)) throw conflict(ASSESSMENT_MESSAGES.timeUp)
  const asked = attempt.questions[question]
  if (!asked) throw invalidField('questao', ASSESSMENT_MESSAGES.question)
  throw invalidField('alternativa', ASSESSMENT_MESSAGES.option)
}

/**
 * POST …/tentativas/{numero}/envio: the attempt scored with the answers saved (by its deadline
 * when the time ran out). Sent again, or ten times at once: the one score recorded.
 */
export async function submitAttempt({
  ctx,
  userId,
  url,
  number,
}: UserCall<{ url: string; number: number }>): Promise<SubmittedAttempt> {
  const loaded = await load(ctx, userId, url)
  const attempt = loaded.attempts.find((row) => row.number === number)
  if (!attempt) throw notFound(ASSESSMENT_MESSAGES.attemptNotFound)
  const closed = attempt.submittedAt ? attempt : await closeAttempt(ctx, attempt)
  const attempts = loaded.attempts.map((row) => (row.id === closed.id ? closed : row))
  const score = scoreOf(closed.questions, closed.answers, closed.passPercent)
  return {
    result: {
      number: closed.number,
      correct: score.correct,
      questions: score.total,
      score_percent: closed.scorePercent ?? score.percent,
      pass_percent: closed.passPercent,
      passed: closed.isPassed ?? score.passed,
      submitted_at: (closed.submittedAt ?? ctx.now).toISOString(),
    },
    standing: standingView(ctx, loaded, attempts, await standingOfLoaded(ctx, userId, loaded, attempts)),
  }
}
