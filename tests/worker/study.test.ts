import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { certificates, enrollments, lessonPlaybacks, lessonSegments } from '../../db/schema.ts'
import { StudentEvidence, StudentProgressPage } from '../../worker/contract/admin-certificates.ts'
import { HeldCertificate, MyCertificates } from '../../worker/contract/certificates.ts'
import { StudentCourse } from '../../worker/contract/student.ts'
import { STUDY_MESSAGES, StudyAnswer } from '../../worker/contract/study.ts'
import { MAX_BEAT_SEGMENTS } from '../../worker/domain/study.ts'
import { adminCall, newAdmin } from '../support/worker/admin.ts'
import { call, cartWith, payCheckout, sessionCookieOf } from '../support/worker/checkout.ts'
import { createUser, sessionCookie, testDb } from '../support/worker/db.ts'
import { beat, openReading, playerCall, playWhole, spentOn, studyCourse } from '../support/worker/study.ts'

// Issue 39, item 1: a certificate is earned by evidence — time actually played, measured by the
// player and checked by the server — never by the student's own 'Aula assistida' mark.

const db = testDb()

/** A student enrolled in a new course (by the database: the purchase is another test's). */
async function enrolledIn(course: Awaited<ReturnType<typeof studyCourse>>) {
  const student = await createUser(db, { name: 'Ana Beatriz Souza' })
  await db.insert(enrollments).values({ userId: student.id, classId: course.turma.id })
  return { student, cookie: await sessionCookie(student.id) }
}

const issue = (url: string, cookie: string) =>
  call(`/api/usuario/cursos/${url}/certificado`, { nome: 'Ana Beatriz Souza' }, { cookie })

const courseOf = async (url: string, cookie: string) =>
  StudentCourse.parse((await call(`/api/usuario/cursos/${url}`, undefined, { cookie })).body)

/** The playback's clock moved back: as if it had opened `seconds` ago. */
const openedAgo = (userId: number, seconds: number) =>
  db
    .update(lessonPlaybacks)
    .set({ openedAt: new Date(Date.now() - seconds * 1000) })
    .where(eq(lessonPlaybacks.userId, userId))

const s = (seconds: number) => seconds * 1000

describe('a course certificate earned by evidence (issue 39)', () => {
  it('paying and marking every lesson “assistida” without playing leaves issuance refused (409, saying what is missing); playing enough lets it issue, with its evidence', {
    timeout: 60_000,
  }, async () => {
    const course = await studyCourse(db, { name: 'Diálise Peritoneal na Prática', workloadHours: 24 })
    const view = await cartWith(['turma', course.turma.id])
    const paid = await payCheckout(view)
    expect(paid.status, JSON.stringify(paid.body)).toBe(200)
    const cookie = sessionCookieOf(paid.response)

    for (const lesson of course.lessons) {
      expect((await call(`/api/usuario/aulas/${lesson.id}/assistida`, null, { cookie })).status).toBe(200)
    }
    const marked = await courseOf(course.course.url, cookie)
    expect(marked.progress).toEqual({ watched: 4, total: 4, percent: 100 })
    expect(marked.study).toMatchObject({ lessons_done: 0, lessons_total: 4, eligible: false })

    const refused = await issue(course.course.url, cookie)
    expect(refused.status).toBe(409)
    expect(refused.body.msg).toBe(
      'Para emitir o certificado, conclua 100% das aulas (você concluiu 0 de 4). Aulas por concluir: ' +
        '"Videoaula 1" (assistido 0 s de 4 s, 0%; o curso pede 90% de cada vídeo); ' +
        '"Videoaula 2" (assistido 0 s de 4 s, 0%; o curso pede 90% de cada vídeo); ' +
        '"Videoaula 3" (assistido 0 s de 4 s, 0%; o curso pede 90% de cada vídeo); ' +
        '"Leitura 1" (abra o texto da aula). ' +
        'Marcar uma aula como assistida não conta: vale o tempo de vídeo reproduzido.',
    )

    // Two videos whole, the third to 3 s of 4 (75 %, under the 90 % asked), the reading opened.
    const [first, second, third] = course.videos
    await playWhole(first!, cookie)
    await playWhole(second!, cookie)
    const playback = crypto.randomUUID()
    await beat(third!.id, cookie, playback)
    await spentOn(playback, s(3))
    await beat(third!.id, cookie, playback, [{ from: 0, to: s(3), wall_ms: s(3), rate: 1 }])
    await openReading(course.readings[0]!, cookie)
    const short = await issue(course.course.url, cookie)
    expect(short.status).toBe(409)
    expect(short.body.msg).toContain('(você concluiu 3 de 4)')
    expect(short.body.msg).toContain(
      '"Videoaula 3" (assistido 3 s de 4 s, 75%; o curso pede 90% de cada vídeo)',
    )

    const rest = await beat(third!.id, cookie, playback, [{ from: s(3), to: s(4), wall_ms: 500, rate: 2 }])
    expect(StudyAnswer.parse(rest.body).study).toMatchObject({
      lessons_done: 4,
      percent: 100,
      watched_percent: 100,
      eligible: true,
    })
    const issued = await issue(course.course.url, cookie)
    expect(issued.status).toBe(201)
    const { code } = HeldCertificate.parse(issued.body)
    const [row] = await db.select().from(certificates).where(eq(certificates.code, code))
    expect(row?.evidence).toEqual({ watchedPercent: 100, lessonsDone: 4, lessonsTotal: 4 })
    expect(row?.minutes).toBe(24 * 60)
  })
})

describe('the player’s beats', () => {
  it('a playback never claims more than 2× the time since it opened (server clock) plus a slack: a claim beyond it counts nothing', async () => {
    const course = await studyCourse(db, { videos: 1, seconds: 60, readings: 0 })
    const { student, cookie } = await enrolledIn(course)
    const lesson = course.videos[0]!
    const playback = crypto.randomUUID()

    const opened = await beat(lesson.id, cookie, playback)
    expect(opened.status).toBe(200)
    expect(StudyAnswer.parse(opened.body)).toMatchObject({ lesson_id: lesson.id, credited_ms: 0 })

    // 30 s of video at once, though the playback has just opened.
    const tooFast = await beat(lesson.id, cookie, playback, [{ from: 0, to: s(30), wall_ms: s(15), rate: 2 }])
    expect(tooFast.status).toBe(409)
    expect(tooFast.body).toEqual({ msg: STUDY_MESSAGES.tooFast })
    expect((await courseOf(course.course.url, cookie)).study.lessons[0]).toMatchObject({ played_seconds: 0 })

    // Twenty seconds later the playback may have credited 2 × 20 + 5 = 45 s.
    await openedAgo(student.id, 20)
    const fine = await beat(lesson.id, cookie, playback, [{ from: 0, to: s(40), wall_ms: s(20), rate: 2 }])
    expect(fine.status, JSON.stringify(fine.body)).toBe(200)
    // The session, then the whole beat in one batch.
    expect(fine.response.headers.get('server-timing')).toContain('db;desc="2 round trips"')
    expect(StudyAnswer.parse(fine.body).study.lessons[0]).toMatchObject({
      played_seconds: 40,
      played_percent: 66,
    })
    const over = await beat(lesson.id, cookie, playback, [{ from: s(40), to: s(50), wall_ms: s(5), rate: 2 }])
    expect(over.status).toBe(409)
    const upTo = await beat(lesson.id, cookie, playback, [{ from: s(40), to: s(44), wall_ms: s(2), rate: 2 }])
    expect(upTo.status).toBe(200)
    // Going on where it left off, the playback's segment grew: one row.
    const rows = await db.select().from(lessonSegments).where(eq(lessonSegments.userId, student.id))
    expect(rows.map((row) => [row.fromMs, row.toMs])).toEqual([[0, s(44)]])

    // At 3× a segment counts its wall time × 2: 15 s of video in 5 s count 10.
    await openedAgo(student.id, 60)
    const fast = await beat(lesson.id, cookie, playback, [{ from: s(44), to: s(59), wall_ms: s(5), rate: 3 }])
    expect(StudyAnswer.parse(fast.body)).toMatchObject({ credited_ms: s(10) })
    expect(StudyAnswer.parse(fast.body).study.lessons[0]).toMatchObject({ played_seconds: 54, done: true })
  })

  it('one playback at a time: another tab takes the playback over with its clock and credit, so tabs together never pass the budget; a playback gone quiet hands nothing on', async () => {
    const course = await studyCourse(db, { videos: 2, seconds: 60, readings: 0 })
    const { student, cookie } = await enrolledIn(course)
    const [lesson, other] = course.videos
    const first = crypto.randomUUID()
    await beat(lesson!.id, cookie, first)
    // Thirty seconds on: 2 × 30 + 5 = 65 s of video may have been credited in all.
    await openedAgo(student.id, 30)
    expect(
      (await beat(lesson!.id, cookie, first, [{ from: 0, to: s(20), wall_ms: s(10), rate: 2 }])).status,
    ).toBe(200)

    // Another tab plays another lesson: it is now the student's playback, on the same clock.
    const second = crypto.randomUUID()
    expect(
      (await beat(other!.id, cookie, second, [{ from: 0, to: s(30), wall_ms: s(15), rate: 2 }])).status,
    ).toBe(200)
    const [row] = await db.select().from(lessonPlaybacks).where(eq(lessonPlaybacks.userId, student.id))
    expect([row?.playback, row?.lessonId, row?.creditedMs]).toEqual([second, other!.id, s(50)])

    // The first tab goes on: 50 + 20 s would pass the 65 s both tabs share.
    const back = await beat(lesson!.id, cookie, first, [{ from: s(20), to: s(40), wall_ms: s(10), rate: 2 }])
    expect(back.status).toBe(409)
    expect(
      (await courseOf(course.course.url, cookie)).study.lessons.map((one) => one.played_seconds),
    ).toEqual([20, 30])

    // A playback quiet for longer than two beats is over: a new one starts its own clock (at the slack).
    await db
      .update(lessonPlaybacks)
      .set({ lastBeatAt: new Date(Date.now() - 60_000), openedAt: new Date(Date.now() - 600_000) })
      .where(eq(lessonPlaybacks.userId, student.id))
    const later = await beat(lesson!.id, cookie, crypto.randomUUID(), [
      { from: s(20), to: s(40), wall_ms: s(10), rate: 2 },
    ])
    expect(later.status).toBe(409)
  })

  it('refuses a visitor (401), a student without an active enrollment (403), an unknown lesson (404), a lesson of the other kind (409), bad input (422), and stores nothing', async () => {
    const course = await studyCourse(db, { videos: 1, seconds: 60, readings: 1 })
    const lesson = course.videos[0]!
    const reading = course.readings[0]!
    const stranger = await createUser(db)
    const cookie = await sessionCookie(stranger.id)
    const segment = { from: 0, to: s(4), wall_ms: s(2), rate: 2 }
    const playback = crypto.randomUUID()

    expect((await beat(lesson.id, null, playback)).status).toBe(401)
    const notEnrolled = await beat(lesson.id, cookie, playback, [segment])
    expect(notEnrolled.status).toBe(403)
    expect(notEnrolled.body.msg).toMatch(/matrícula ativa/)
    expect((await playerCall(`/api/usuario/aulas/${reading.id}/aberta`, cookie)).status).toBe(403)
    expect((await beat(999_999_999, cookie, playback, [segment])).status).toBe(404)

    const { cookie: mine } = await enrolledIn(course)
    const readingBeat = await beat(reading.id, mine, playback, [segment])
    expect(readingBeat.status).toBe(409)
    expect(readingBeat.body.msg).toBe(STUDY_MESSAGES.notVideo)
    const videoOpened = await playerCall(`/api/usuario/aulas/${lesson.id}/aberta`, mine)
    expect(videoOpened.status).toBe(409)
    expect(videoOpened.body.msg).toBe(STUDY_MESSAGES.isVideo)

    for (const [body, field] of [
      [{ playback, segments: [{ ...segment, to: 0 }] }, 'segments.0.to'],
      [{ playback, segments: [{ ...segment, rate: 0 }] }, 'segments.0.rate'],
      [{ playback, segments: [{ ...segment, wall_ms: 0 }] }, 'segments.0.wall_ms'],
      [{ playback, segments: [{ ...segment, from: -1 }] }, 'segments.0.from'],
      [{ playback, segments: Array.from({ length: MAX_BEAT_SEGMENTS + 1 }, () => segment) }, 'segments'],
      [{ playback: 'não-é-um-uuid', segments: [] }, 'playback'],
      [{ playback, segments: [], extra: 1 }, 'extra'],
    ] as const) {
      const refused = await playerCall(`/api/usuario/aulas/${lesson.id}/reproducao`, mine, body)
      expect(refused.status, field).toBe(422)
      expect(Object.keys(refused.body.errors), field).toContain(field)
    }
    const stored = await db.select().from(lessonSegments).where(eq(lessonSegments.lessonId, lesson.id))
    expect(stored).toEqual([])
  })

  it('limits each student’s beats (429 with Retry-After, in pt-BR), counted in the isolate’s memory', async () => {
    const course = await studyCourse(db, { videos: 1, seconds: 60, readings: 0 })
    const { cookie } = await enrolledIn(course)
    const lesson = course.videos[0]!
    const playback = crypto.randomUUID()
    // 30 a minute in fixed windows: a run that straddles a window's end passes more before the 429.
    let allowed = 0
    let limited: Awaited<ReturnType<typeof beat>> | null = null
    for (let i = 0; i < 61 && !limited; i += 1) {
      const answer = await beat(lesson.id, cookie, playback)
      if (answer.status === 429) limited = answer
      else {
        expect(answer.status).toBe(200)
        allowed += 1
      }
    }
    expect(allowed).toBeGreaterThanOrEqual(30)
    expect(limited?.body).toEqual({
      msg: 'Muitos envios do player em pouco tempo. Aguarde um minuto: a reprodução segue normalmente.',
    })
    expect(Number(limited?.response.headers.get('retry-after'))).toBeGreaterThan(0)
    // Another student is not held back.
    const { cookie: other } = await enrolledIn(course)
    expect((await beat(lesson.id, other, crypto.randomUUID())).status).toBe(200)
  })
})

describe('what the student and the admin read', () => {
  it('a reading counts once opened; the course page, Meus cursos, the data export and the admin tell each lesson’s evidence', async () => {
    const course = await studyCourse(db, { videos: 2, seconds: 4, readings: 1, certificateShare: 50 })
    const { student, cookie } = await enrolledIn(course)
    await openReading(course.readings[0]!, cookie)
    const again = await openReading(course.readings[0]!, cookie)
    expect(again.study).toMatchObject({ lessons_done: 1, lessons_total: 3, eligible: false })
    await playWhole(course.videos[0]!, cookie)

    const page = await courseOf(course.course.url, cookie)
    expect(page.player).toEqual({ kind: 'local', src: '/api/dev/videoaula.webm' })
    expect(page.study).toMatchObject({
      lessons_done: 2,
      percent: 66,
      watched_percent: 50,
      watch_share: 90,
      certificate_share: 50,
      eligible: true,
    })
    expect(page.study.lessons.map((lesson) => [lesson.title, lesson.played_seconds, lesson.done])).toEqual([
      ['Videoaula 1', 4, true],
      ['Videoaula 2', 0, false],
      ['Leitura 1', 0, true],
    ])

    const mine = MyCertificates.parse((await call('/api/usuario/certificados', undefined, { cookie })).body)
    expect(mine.courses.find((row) => row.course_id === course.course.id)).toMatchObject({
      eligible: true,
      study: { lessons_done: 2, lessons_total: 3 },
      certificate: null,
    })

    const exported = (await call('/api/usuario/privacidade/exportar', undefined, { cookie })).body
    expect(exported.lessons_played).toMatchObject([
      { lesson_id: course.videos[0]!.id, from_seconds: 0, to_seconds: 4 },
    ])
    expect(exported.readings_opened).toMatchObject([{ lesson_id: course.readings[0]!.id }])

    const admin = (await newAdmin()).cookie
    const [enrollment] = await db
      .select()
      .from(enrollments)
      .where(and(eq(enrollments.userId, student.id), eq(enrollments.classId, course.turma.id)))
    const evidence = await adminCall(admin, 'GET', `/api/admin/certificados/progresso/${enrollment!.id}`)
    expect(evidence.status).toBe(200)
    expect(StudentEvidence.parse(evidence.body)).toMatchObject({
      student: { id: student.id },
      course: { id: course.course.id },
      study: { lessons_done: 2, watched_percent: 50 },
      certificate_code: null,
      assessment: null,
    })
    expect(evidence.body.last_activity_at).not.toBeNull()
    expect((await adminCall(admin, 'GET', '/api/admin/certificados/progresso/999999999')).status).toBe(404)
    expect(
      (await adminCall(cookie, 'GET', `/api/admin/certificados/progresso/${enrollment!.id}`)).status,
    ).toBe(403)

    const list = await adminCall(
      admin,
      'GET',
      `/api/admin/certificados/progresso?course_id=${course.course.id}`,
    )
    expect(StudentProgressPage.parse(list.body).items).toMatchObject([
      { lessons_done: 2, lessons_total: 3, watched_percent: 50, required_share: 50, eligible: true },
    ])
  })
})
