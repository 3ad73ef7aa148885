import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import * as schema from '../../db/schema.ts'
import { AdminAssessment, StudentAttempts } from '../../worker/contract/admin-assessment.ts'
import {
  ASSESSMENT_MESSAGES,
  AssessmentStanding,
  OpenAttempt,
  SubmittedAttempt,
} from '../../worker/contract/assessment.ts'
import { HeldCertificate, MyCertificates } from '../../worker/contract/certificates.ts'
import { curitibaDateTime } from '../../worker/domain/time-zone.ts'
import { adminCall, newAdmin } from '../support/worker/admin.ts'
import { createClass, createCourse, createUser, sessionCookie, testDb, unique } from '../support/worker/db.ts'
import { workerFetch } from '../support/worker/http.ts'
import { studyAll, studyCourse } from '../support/worker/study.ts'

const db = testDb()
const ORIGIN = 'http://localhost'
const HOUR = 3_600_000

// biome-ignore lint/suspicious/noExplicitAny: the bodies are read as loose JSON; the contract test checks their shape
type Body = any

/** Every body a student's browser received in a test: what must never carry a right answer. */
type Seen = { bodies: Body[] }

async function call(
  seen: Seen | null,
  cookie: string | undefined,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  json?: unknown,
): Promise<{ status: number; body: Body }> {
  const headers: Record<string, string> = { accept: 'application/json' }
  if (cookie) headers.cookie = cookie
  if (json !== undefined) headers['content-type'] = 'application/json'
  if (method !== 'GET') headers.origin = ORIGIN
  const response = await workerFetch(`${ORIGIN}${path}`, {
    method,
    headers,
    body: json === undefined ? undefined : JSON.stringify(json),
  })
  const text = await response.text()
  const body = text ? JSON.parse(text) : null
  seen?.bodies.push(body)
  return { status: response.status, body }
}

/**
 * An online course of two lessons with a final assessment switched on (`settings` on top), a bank
 * of `questions` questions whose explanations carry a marker, and a student enrolled in it.
 */
async function assessedCourse({
  questions = 6,
  settings = {},
}: {
  questions?: number
  settings?: Partial<typeof schema.assessmentSettings.$inferInsert>
} = {}) {
  const marker = unique('EXPLICACAO')
  const { course, turma, lessons } = await studyCourse(db, {
    name: 'Diálise Peritoneal na Prática',
    workloadHours: 12,
    videos: 0,
    readings: 2,
  })
  const bank = await db
    .insert(schema.assessmentQuestions)
    .values(
      Array.from({ length: questions }, (_, index) => ({
        courseId: course.id,
        prompt: `Qual é a conduta ${index + 1}?`,
        options: ['Conduta A', 'Conduta B', 'Conduta C', 'Conduta D'].map((text) => `${text} (${index + 1})`),
        correctOption: index % 4,
        explanation: `${marker} ${index + 1}`,
        sortOrder: index + 1,
      })),
    )
    .returning()
  await db
    .insert(schema.assessmentSettings)
    .values({ courseId: course.id, isEnabled: true, examSize: 4, ...settings })
  const student = await createUser(db, { name: 'Ana Beatriz Souza' })
  await db.insert(schema.enrollments).values({ userId: student.id, classId: turma.id })
  const cookie = await sessionCookie(student.id)
  const base = `/api/usuario/cursos/${course.url}/avaliacao`
  return { course, lessons, bank, marker, student, cookie, base }
}

type Course = Awaited<ReturnType<typeof assessedCourse>>

/** Its lessons are readings: opened, they are done (decision 021's evidence). */
async function watchLessons({ lessons, cookie }: Course) {
  await studyAll(lessons, cookie)
}

/** The attempt's row as the server keeps it (its right answers included). */
async function attemptRow({ student, course }: Course, number: number) {
  const [row] = await db
    .select()
    .from(schema.assessmentAttempts)
    .where(
      and(
        eq(schema.assessmentAttempts.userId, student.id),
        eq(schema.assessmentAttempts.courseId, course.id),
        eq(schema.assessmentAttempts.number, number),
      ),
    )
  return row!
}

/** As if the attempt had ended `hours` ago (the rules read the rows' times). */
async function endedHoursAgo(student: Course, number: number, hours: number) {
  const ended = new Date(Date.now() - hours * HOUR)
  await db
    .update(schema.assessmentAttempts)
    .set({ startedAt: new Date(ended.getTime() - 600_000), submittedAt: ended })
    .where(eq(schema.assessmentAttempts.id, (await attemptRow(student, number)).id))
}

/** Answers `right` questions of the open attempt rightly and the others wrongly, one save each. */
async function answer(seen: Seen | null, student: Course, number: number, right: number) {
  const row = await attemptRow(student, number)
  for (const [index, question] of row.questions.entries()) {
    const choice = index < right ? question.answer : (question.answer + 1) % question.options.length
    const saved = await call(seen, student.cookie, 'PUT', `${student.base}/tentativas/${number}/respostas`, {
      questao: index,
      alternativa: choice,
    })
    expect(saved.status).toBe(200)
    expect(saved.body.answers[index]).toBe(choice)
  }
}

const start = (seen: Seen | null, student: Course) =>
  call(seen, student.cookie, 'POST', `${student.base}/tentativas`)
const submit = (seen: Seen | null, student: Course, number: number) =>
  call(seen, student.cookie, 'POST', `${student.base}/tentativas/${number}/envio`)
const issueCertificate = (seen: Seen | null, student: Course) =>
  call(seen, student.cookie, 'POST', `/api/usuario/cursos/${student.course.url}/certificado`, {
    nome: 'Ana Beatriz Souza',
  })
const standing = async (seen: Seen | null, student: Course) => {
  const { status, body } = await call(seen, student.cookie, 'GET', student.base)
  expect(status).toBe(200)
  return AssessmentStanding.parse(body)
}

/** Keys that would tell a right answer or why. */
const TELLING_KEYS = new Set([
  'answer',
  'explanation',
  'is_correct',
  'correct_option',
  'correctOption',
  'chosen',
])

function keysOf(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) keysOf(item, into)
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      into.add(key)
      keysOf(inner, into)
    }
  }
  return into
}

/** No body carries a right answer, an explanation or a review. */
function expectNothingTold(seen: Seen, marker: string) {
  expect(seen.bodies.length).toBeGreaterThan(5)
  for (const body of seen.bodies) {
    expect(JSON.stringify(body)).not.toContain(marker)
    expect([...keysOf(body)].filter((key) => TELLING_KEYS.has(key))).toEqual([])
    for (const found of [body, body?.standing])
      if (found && 'review' in found) expect(found.review).toBeNull()
  }
}

describe('a student takes the final assessment', () => {
  it('never receives a right answer or an explanation: not in the standing, the start, the saves, a reload, a failed submission, nor after it', {
    timeout: 60_000,
  }, async () => {
    const student = await assessedCourse()
    const seen: Seen = { bodies: [] }

    const before = await standing(seen, student)
    expect(before).toMatchObject({
      enabled: true,
      state: 'locked',
      message: ASSESSMENT_MESSAGES.locked,
      questions: 4,
      pass_percent: 70,
      max_attempts: 3,
      attempts_left: 3,
      open_attempt: null,
    })
    const locked = await start(seen, student)
    expect(locked.status).toBe(409)
    expect(locked.body.msg).toBe(ASSESSMENT_MESSAGES.locked)

    await watchLessons(student)
    expect((await standing(seen, student)).state).toBe('available')
    const started = await start(seen, student)
    expect(started.status).toBe(201)
    const attempt = OpenAttempt.parse(started.body)
    expect(attempt).toMatchObject({ number: 1, deadline_at: null, answers: [null, null, null, null] })
    expect(attempt.questions).toHaveLength(4)
    for (const question of attempt.questions) expect(question.options).toHaveLength(4)

    // Pressed again (another tab, a double click): the same attempt, never a second.
    const again = await start(seen, student)
    expect(again.status).toBe(200)
    expect(OpenAttempt.parse(again.body).questions).toEqual(attempt.questions)

    await answer(seen, student, 1, 2)
    const reloaded = await standing(seen, student)
    expect(reloaded.state).toBe('open')
    expect(reloaded.open_attempt?.questions).toEqual(attempt.questions)
    const saved = (await attemptRow(student, 1)).answers
    expect(reloaded.open_attempt?.answers).toEqual(saved)
    expect(saved.every((choice) => choice !== null)).toBe(true)

    const failed = await submit(seen, student, 1)
    expect(failed.status).toBe(200)
    const result = SubmittedAttempt.parse(failed.body)
    expect(result.result).toMatchObject({
      number: 1,
      correct: 2,
      questions: 4,
      score_percent: 50,
      passed: false,
    })
    expect(result.standing).toMatchObject({
      state: 'available',
      attempts_left: 2,
      best_score: 50,
      passed: false,
    })

    const after = await standing(seen, student)
    expect(after.attempts).toEqual([
      expect.objectContaining({ number: 1, questions: 4, correct: 2, score_percent: 50, passed: false }),
    ])
    expect(after.review).toBeNull()

    // The certificate waits for a pass, and says so.
    const certificate = await issueCertificate(seen, student)
    expect(certificate.status).toBe(409)
    expect(certificate.body.msg).toBe(ASSESSMENT_MESSAGES.certificateMissing)

    expectNothingTold(seen, student.marker)
  })

  it('keeps its attempts and waits: again at once after one failure, 24 h after the second, none after the third; a pass is reviewed and earns the certificate', {
    timeout: 60_000,
  }, async () => {
    const student = await assessedCourse()
    await watchLessons(student)

    for (const number of [1, 2]) {
      expect((await start(null, student)).status).toBe(201)
      await answer(null, student, number, 1)
      expect(SubmittedAttempt.parse((await submit(null, student, number)).body).result.passed).toBe(false)
    }
    const waiting = await start(null, student)
    expect(waiting.status).toBe(409)
    const second = await attemptRow(student, 2)
    const until = new Date(second.submittedAt!.getTime() + 24 * HOUR)
    expect(waiting.body.msg).toBe(ASSESSMENT_MESSAGES.waiting(curitibaDateTime(until)))
    expect(await standing(null, student)).toMatchObject({
      state: 'waiting',
      available_at: until.toISOString(),
      attempts_used: 2,
      attempts_left: 1,
    })

    // 23 h later, still waiting; 24 h and a minute later, the third may start.
    await endedHoursAgo(student, 1, 30)
    await endedHoursAgo(student, 2, 23)
    expect((await start(null, student)).status).toBe(409)
    await endedHoursAgo(student, 2, 24 + 1 / 60)
    expect((await start(null, student)).status).toBe(201)
    // Unseen questions first, then the least seen: of the six, the second attempt asked the two the
    // first had not, and the third asks the four asked once (not the two asked twice).
    const idsOf = async (number: number) => (await attemptRow(student, number)).questions.map((q) => q.id)
    const [first, secondIds, third] = [await idsOf(1), await idsOf(2), await idsOf(3)]
    const unseenAfterFirst = student.bank.map((q) => q.id).filter((id) => !first.includes(id))
    expect(unseenAfterFirst).toHaveLength(2)
    for (const id of unseenAfterFirst) expect(secondIds).toContain(id)
    const askedOnce = student.bank
      .map((q) => q.id)
      .filter((id) => [...first, ...secondIds].filter((asked) => asked === id).length === 1)
    expect([...third].sort()).toEqual([...askedOnce].sort())
    await answer(null, student, 3, 2)
    await submit(null, student, 3)
    // Meus cursos offers no certificate yet, and says why.
    const mine = async () =>
      MyCertificates.parse(
        (await call(null, student.cookie, 'GET', '/api/usuario/certificados')).body,
      ).courses.find((course) => course.course_id === student.course.id)
    expect(await mine()).toMatchObject({
      study: { lessons_done: 2, lessons_total: 2 },
      assessment_pending: true,
      eligible: false,
    })
    const exhausted = await start(null, student)
    expect(exhausted.status).toBe(409)
    expect(exhausted.body.msg).toBe(ASSESSMENT_MESSAGES.exhausted(3))

    // The institute grants one more: after the wait, the fourth is passed (3 of 4, 75 %).
    const admin = await newAdmin()
    const [enrollment] = await db
      .select()
      .from(schema.enrollments)
      .where(eq(schema.enrollments.userId, student.student.id))
    const granted = await adminCall(
      admin.cookie,
      'POST',
      `/api/admin/certificados/progresso/${enrollment!.id}/avaliacao/tentativa-extra`,
    )
    expect(granted.status).toBe(200)
    expect(StudentAttempts.parse(granted.body)).toMatchObject({
      extra_attempts: 1,
      attempts_left: 1,
      state: 'waiting',
    })
    await endedHoursAgo(student, 3, 25)
    expect((await start(null, student)).status).toBe(201)
    await answer(null, student, 4, 3)
    const passed = SubmittedAttempt.parse((await submit(null, student, 4)).body)
    expect(passed.result).toMatchObject({
      number: 4,
      correct: 3,
      score_percent: 75,
      pass_percent: 70,
      passed: true,
    })
    expect(passed.standing).toMatchObject({ state: 'passed', passed: true, best_score: 75 })
    // After the pass (decision 022): each question of the passing attempt, the right option and why.
    const fourth = await attemptRow(student, 4)
    expect(passed.standing.review).toEqual(
      fourth.questions.map((question, index) => ({
        prompt: question.prompt,
        options: question.options,
        chosen: fourth.answers[index],
        answer: question.answer,
        explanation: question.explanation,
      })),
    )
    expect(JSON.stringify(passed.standing.review)).toContain(student.marker)
    expect((await start(null, student)).body.msg).toBe(ASSESSMENT_MESSAGES.alreadyPassed)
    expect(await mine()).toMatchObject({ assessment_pending: false, eligible: true })

    const issued = await issueCertificate(null, student)
    expect(issued.status).toBe(201)
    const [row] = await db
      .select()
      .from(schema.certificates)
      .where(eq(schema.certificates.code, HeldCertificate.parse(issued.body).code))
    expect(row!.evidence?.assessment).toEqual({ scorePercent: 75, attempt: 4, passPercent: 70 })

    const panel = StudentAttempts.parse(
      (await adminCall(admin.cookie, 'GET', `/api/admin/certificados/progresso/${enrollment!.id}/avaliacao`))
        .body,
    )
    expect(panel.attempts.map((a) => [a.number, a.score_percent, a.passed])).toEqual([
      [1, 25, false],
      [2, 25, false],
      [3, 50, false],
      [4, 75, true],
    ])
    expect(panel).toMatchObject({ state: 'passed', best_score: 75, extra_attempts: 1 })
  })

  it('scores ten simultaneous submissions once, every one answered the same result; ten starts make one attempt', {
    timeout: 60_000,
  }, async () => {
    const student = await assessedCourse()
    await watchLessons(student)
    const starts = await Promise.all(Array.from({ length: 10 }, () => start(null, student)))
    expect(starts.map((s) => s.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201])
    expect(new Set(starts.map((s) => JSON.stringify(s.body.questions))).size).toBe(1)
    await answer(null, student, 1, 3)

    const answers = await Promise.all(Array.from({ length: 10 }, () => submit(null, student, 1)))
    expect(answers.every((a) => a.status === 200)).toBe(true)
    const results = answers.map((a) => SubmittedAttempt.parse(a.body).result)
    expect(new Set(results.map((r) => JSON.stringify(r))).size).toBe(1)
    expect(results[0]).toMatchObject({ correct: 3, score_percent: 75, passed: true })
    const rows = await db
      .select()
      .from(schema.assessmentAttempts)
      .where(eq(schema.assessmentAttempts.userId, student.student.id))
    expect(rows).toHaveLength(1)
    expect(rows[0]!.submittedAt?.toISOString()).toBe(results[0]!.submitted_at)
    // Answers no longer change once it is sent.
    const late = await call(null, student.cookie, 'PUT', `${student.base}/tentativas/1/respostas`, {
      questao: 0,
      alternativa: 0,
    })
    expect(late.status).toBe(409)
    expect(late.body.msg).toBe(ASSESSMENT_MESSAGES.submitted)
  })

  it('with a time limit, counts what was saved by the deadline: a later save is refused, a reload or a late submission scores it', {
    timeout: 60_000,
  }, async () => {
    const student = await assessedCourse({ settings: { timeLimitMinutes: 20 } })
    await watchLessons(student)
    const attempt = OpenAttempt.parse((await start(null, student)).body)
    expect(Date.parse(attempt.deadline_at!) - Date.parse(attempt.started_at)).toBe(20 * 60_000)
    await answer(null, student, 1, 3)
    const row = await attemptRow(student, 1)
    const deadline = new Date(Date.now() - 60_000)
    await db
      .update(schema.assessmentAttempts)
      .set({ startedAt: new Date(deadline.getTime() - 20 * 60_000), deadlineAt: deadline })
      .where(eq(schema.assessmentAttempts.id, row.id))

    const late = await call(null, student.cookie, 'PUT', `${student.base}/tentativas/1/respostas`, {
      questao: 3,
      alternativa: row.questions[3]!.answer,
    })
    expect(late.status).toBe(409)
    expect(late.body.msg).toBe(ASSESSMENT_MESSAGES.timeUp)
    expect((await attemptRow(student, 1)).answers).toEqual(row.answers)

    // Not submitted: the next reload scores it as saved, ended at its deadline.
    const reloaded = await standing(null, student)
    expect(reloaded).toMatchObject({ state: 'passed', best_score: 75, open_attempt: null })
    expect(reloaded.attempts[0]).toMatchObject({ submitted_at: deadline.toISOString(), score_percent: 75 })
    const sentLate = SubmittedAttempt.parse((await submit(null, student, 1)).body)
    expect(sentLate.result).toMatchObject({ score_percent: 75, submitted_at: deadline.toISOString() })
  })

  it('refuses bad input with 422 and changes nothing; 403 without an active enrollment, 404 for no course, 401 without a session', {
    timeout: 60_000,
  }, async () => {
    const student = await assessedCourse()
    await watchLessons(student)
    await start(null, student)
    const before = await attemptRow(student, 1)
    const path = `${student.base}/tentativas/1/respostas`
    for (const [body, field] of [
      [{ questao: 4, alternativa: 0 }, 'questao'],
      [{ questao: 99, alternativa: 0 }, 'questao'],
      [{ questao: 0, alternativa: 5 }, 'alternativa'],
      [{ questao: -1, alternativa: 0 }, 'questao'],
      [{ questao: 0, alternativa: 1.5 }, 'alternativa'],
      [{ questao: '0', alternativa: 0 }, 'questao'],
      [{ questao: 0, alternativa: 0, correta: true }, 'correta'],
    ] as const) {
      const refused = await call(null, student.cookie, 'PUT', path, body)
      expect(refused.status).toBe(422)
      expect(Object.keys(refused.body.errors)).toContain(field)
    }
    // An option the question does not have (a two-option question asked with four would say so).
    await db
      .update(schema.assessmentAttempts)
      .set({
        questions: before.questions.map((question, index) =>
          index === 0 ? { ...question, options: question.options.slice(0, 2), answer: 0 } : question,
        ),
      })
      .where(eq(schema.assessmentAttempts.id, before.id))
    const option = await call(null, student.cookie, 'PUT', path, { questao: 0, alternativa: 3 })
    expect(option.status).toBe(422)
    expect(option.body.errors.alternativa).toEqual([ASSESSMENT_MESSAGES.option])
    const unchanged = await attemptRow(student, 1)
    expect(unchanged.answers).toEqual(before.answers)
    expect(unchanged.revision).toBe(before.revision)
    expect(
      (
        await call(null, student.cookie, 'PUT', `${student.base}/tentativas/7/respostas`, {
          questao: 0,
          alternativa: 0,
        })
      ).status,
    ).toBe(404)
    expect((await submit(null, student, 7)).status).toBe(404)

    const stranger = await sessionCookie((await createUser(db)).id)
    for (const [method, suffix] of [
      ['GET', ''],
      ['POST', '/tentativas'],
      ['POST', '/tentativas/1/envio'],
    ] as const) {
      const refused = await call(null, stranger, method, `${student.base}${suffix}`)
      expect(refused.status).toBe(403)
      expect(refused.body.msg).toBe(ASSESSMENT_MESSAGES.notEnrolled)
      expect((await call(null, undefined, method, `${student.base}${suffix}`)).status).toBe(401)
    }
    expect((await call(null, stranger, 'PUT', path, { questao: 0, alternativa: 0 })).status).toBe(403)
    expect(
      (await call(null, student.cookie, 'GET', '/api/usuario/cursos/curso-que-nao-existe/avaliacao')).status,
    ).toBe(404)
    expect((await attemptRow(student, 1)).submittedAt).toBeNull()

    // A refund ends the enrollment: the attempt can no longer be answered.
    await db
      .update(schema.enrollments)
      .set({ status: 'cancelled' })
      .where(eq(schema.enrollments.userId, student.student.id))
    expect((await call(null, student.cookie, 'PUT', path, { questao: 1, alternativa: 0 })).status).toBe(403)
    expect((await attemptRow(student, 1)).answers).toEqual(before.answers)
  })

  it('is nothing to a course without one: the standing says so, no attempt starts, the certificate asks for none', {
    timeout: 60_000,
  }, async () => {
    const student = await assessedCourse({ settings: { isEnabled: false } })
    await watchLessons(student)
    expect(await standing(null, student)).toMatchObject({ enabled: false, state: 'disabled' })
    const refused = await start(null, student)
    expect(refused.status).toBe(409)
    expect(refused.body.msg).toBe(ASSESSMENT_MESSAGES.disabled)
    const issued = await issueCertificate(null, student)
    expect(issued.status).toBe(201)
  })
})

describe("the student's data (LGPD)", () => {
  it('the export lists the attempts and their scores; deleting the account deletes them', {
    timeout: 60_000,
  }, async () => {
    const student = await assessedCourse()
    await watchLessons(student)
    await start(null, student)
    await answer(null, student, 1, 2)
    await submit(null, student, 1)
    const exported = await call(null, student.cookie, 'GET', '/api/usuario/privacidade/exportar')
    expect(exported.status).toBe(200)
    expect(exported.body.assessment_attempts).toEqual([
      expect.objectContaining({ course: student.course.name, number: 1, score_percent: 50, passed: false }),
    ])
    expect(JSON.stringify(exported.body.assessment_attempts)).not.toContain(student.marker)

    const deleted = await call(null, student.cookie, 'POST', '/api/usuario/privacidade/excluir', {
      confirmar: true,
    })
    expect(deleted.status).toBe(200)
    const left = await db
      .select()
      .from(schema.assessmentAttempts)
      .where(eq(schema.assessmentAttempts.userId, student.student.id))
    expect(left).toEqual([])
  })
})

describe('the admin keeps the assessment', () => {
  const question = (overrides: Record<string, unknown> = {}) => ({
    prompt: 'Qual o acesso vascular preferido para hemodiálise?',
    options: [
      { text: 'Fístula arteriovenosa', is_correct: true },
      { text: 'Cateter venoso central', is_correct: false },
      { text: 'Enxerto', is_correct: false },
    ],
    explanation: 'A fístula tem menos infecção e trombose.',
    ...overrides,
  })

  it('validates questions and settings in pt-BR, keeps versions, deactivates a question out of the draws', {
    timeout: 60_000,
  }, async () => {
    const admin = await newAdmin()
    const course = await createCourse(db)
    const base = `/api/admin/cursos/${course.id}/avaliacao`

    const empty = AdminAssessment.parse((await adminCall(admin.cookie, 'GET', base)).body)
    expect(empty.settings).toMatchObject({
      is_enabled: false,
      exam_size: 10,
      pass_percent: 70,
      max_attempts: 3,
      wait_hours: 24,
      time_limit_minutes: null,
      version: 1,
      active_questions: 0,
    })

    for (const [body, message] of [
      [
        question({ options: [{ text: 'Só uma', is_correct: true }] }),
        'Uma questão tem de 2 a 5 alternativas.',
      ],
      [
        question({
          options: Array.from({ length: 6 }, (_, i) => ({ text: `Opção ${i}`, is_correct: i === 0 })),
        }),
        'Uma questão tem de 2 a 5 alternativas.',
      ],
      [
        question({
          options: [
            { text: 'A', is_correct: true },
            { text: 'B', is_correct: true },
          ],
        }),
        'Marque exatamente uma alternativa correta.',
      ],
      [
        question({
          options: [
            { text: 'A', is_correct: false },
            { text: 'B', is_correct: false },
          ],
        }),
        'Marque exatamente uma alternativa correta.',
      ],
      [
        question({
          options: [
            { text: 'Enxerto', is_correct: true },
            { text: 'enxerto', is_correct: false },
          ],
        }),
        'Duas alternativas têm o mesmo texto: cada uma precisa ser diferente.',
      ],
    ] as const) {
      const refused = await adminCall(admin.cookie, 'POST', `${base}/questoes`, body)
      expect(refused.status).toBe(422)
      expect(refused.body.errors.options).toEqual([message])
    }
    const blank = await adminCall(admin.cookie, 'POST', `${base}/questoes`, question({ prompt: '  ' }))
    expect(blank.status).toBe(422)
    expect(blank.body.errors.prompt[0]).toMatch(/enunciado/)
    const blankOption = await adminCall(
      admin.cookie,
      'POST',
      `${base}/questoes`,
      question({
        options: [
          { text: ' ', is_correct: true },
          { text: 'B', is_correct: false },
        ],
      }),
    )
    expect(blankOption.status).toBe(422)
    expect(blankOption.body.errors['options.0.text'][0]).toMatch(/alternativa/)
    expect((await adminCall(admin.cookie, 'GET', base)).body.questions).toEqual([])

    const created = await adminCall(admin.cookie, 'POST', `${base}/questoes`, question())
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({ is_active: true, sort_order: 1, version: 1 })
    const second = await adminCall(
      admin.cookie,
      'POST',
      `${base}/questoes`,
      question({ prompt: 'Outra pergunta?', explanation: '' }),
    )
    expect(second.body).toMatchObject({ sort_order: 2, explanation: null })

    const settings = {
      is_enabled: true,
      exam_size: 3,
      pass_percent: 60,
      max_attempts: 2,
      wait_hours: 12,
      time_limit_minutes: 30,
      version: 1,
    }
    const tooFew = await adminCall(admin.cookie, 'PUT', base, settings)
    expect(tooFew.status).toBe(422)
    expect(tooFew.body.errors.is_enabled).toEqual([
      'Para ativar a avaliação, cadastre ao menos 3 questões ativas (há 2), ou sorteie menos questões por tentativa.',
    ])
    for (const [field, value] of [
      ['pass_percent', 0],
      ['pass_percent', 101],
      ['exam_size', 0],
      ['max_attempts', 11],
      ['wait_hours', -1],
      ['time_limit_minutes', 0],
    ] as const) {
      const refused = await adminCall(admin.cookie, 'PUT', base, {
        ...settings,
        exam_size: 2,
        [field]: value,
      })
      expect(refused.status).toBe(422)
      expect(Object.keys(refused.body.errors)).toEqual([field])
    }
    const saved = await adminCall(admin.cookie, 'PUT', base, { ...settings, exam_size: 2 })
    expect(saved.status).toBe(200)
    expect(saved.body).toMatchObject({ is_enabled: true, exam_size: 2, version: 2, active_questions: 2 })
    const stale = await adminCall(admin.cookie, 'PUT', base, { ...settings, exam_size: 2, pass_percent: 90 })
    expect(stale.status).toBe(409)
    expect((await adminCall(admin.cookie, 'GET', base)).body.settings.pass_percent).toBe(60)

    const deactivated = await adminCall(
      admin.cookie,
      'PUT',
      `/api/admin/avaliacao/questoes/${second.body.id}`,
      {
        ...question({ prompt: 'Outra pergunta?' }),
        is_active: false,
        version: 1,
      },
    )
    expect(deactivated.status).toBe(200)
    expect(deactivated.body).toMatchObject({ is_active: false, version: 2 })
    const twoRight = await adminCall(admin.cookie, 'PUT', `/api/admin/avaliacao/questoes/${second.body.id}`, {
      ...question({
        options: [
          { text: 'A', is_correct: true },
          { text: 'B', is_correct: true },
        ],
      }),
      version: 2,
    })
    expect(twoRight.status).toBe(422)
    const after = AdminAssessment.parse((await adminCall(admin.cookie, 'GET', base)).body)
    expect(after.settings.active_questions).toBe(1)
    expect(after.questions[1]).toMatchObject({ is_active: false, options: question().options })

    // A student of the course draws only the active question.
    const turma = await createClass(db, { courseId: course.id, type: 'C' })
    const [module] = await db
      .insert(schema.courseModules)
      .values({ courseId: course.id, title: 'M' })
      .returning()
    const [lesson] = await db
      .insert(schema.lessons)
      .values({ moduleId: module!.id, title: 'Aula' })
      .returning()
    const learner = await createUser(db)
    await db.insert(schema.enrollments).values({ userId: learner.id, classId: turma.id })
    const cookie = await sessionCookie(learner.id)
    await studyAll([lesson!], cookie)
    const attempt = OpenAttempt.parse(
      (await call(null, cookie, 'POST', `/api/usuario/cursos/${course.url}/avaliacao/tentativas`)).body,
    )
    expect(attempt.questions.map((q) => q.prompt)).toEqual([question().prompt])

    // A student is refused the admin's calls; an unknown course or question is 404.
    expect((await adminCall(cookie, 'GET', base)).status).toBe(403)
    expect((await adminCall(admin.cookie, 'GET', '/api/admin/cursos/999999999/avaliacao')).status).toBe(404)
    expect(
      (
        await adminCall(admin.cookie, 'PUT', '/api/admin/avaliacao/questoes/999999999', {
          ...question(),
          version: 1,
        })
      ).status,
    ).toBe(404)
  })
})
