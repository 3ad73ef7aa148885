import { eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  certificates,
  conferenceSettings,
  courseModules,
  courses,
  emailOutbox,
  enrollments,
  lessonProgress,
  lessonSegments,
  lessons,
} from '../../db/schema.ts'
import { AdminCourse } from '../../worker/contract/admin-catalog.ts'
import {
  BulkIssueResult,
  ClassAttendance,
  ConferenceCertificateSettings,
  IssuedCertificate,
  IssuedCertificatePage,
  StudentProgressPage,
} from '../../worker/contract/admin-certificates.ts'
import { DAY_MS } from '../../worker/domain/time-zone.ts'
import { adminCall, auditOf, fileAdmin, imageForm, PNG_BYTES } from '../support/worker/admin.ts'
import { createClass, createCourse, createUser, sessionCookie, testDb, unique } from '../support/worker/db.ts'

const db = testDb()
const admin = fileAdmin()
let student: string

// The conference's settings are one row other files read (its certificates): left as found.
let settingsBefore: typeof conferenceSettings.$inferSelect
afterAll(async () => {
  const { id: _, ...values } = settingsBefore
  await db.update(conferenceSettings).set(values).where(eq(conferenceSettings.id, 1))
})

beforeAll(async () => {
  settingsBefore = (await db.select().from(conferenceSettings))[0]!
  student = await sessionCookie((await createUser(db, { type: 'N' })).id)
})

const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY_MS).toISOString().slice(0, 10)

async function enrol(classId: number, name: string) {
  const user = await createUser(db, { type: 'N', name })
  const [row] = await db
    .insert(enrollments)
    .values({ userId: user.id, classId, source: 'manual' })
    .returning()
  return { user, enrollment: row! }
}

/** An in-person course (8 h) and its class held `offsetDays` from today, with three students. */
async function inPersonClass(offsetDays = -2, workloadHours: number | null = 8) {
  const course = await createCourse(db, {
    section: 'presencial',
    name: unique('Acesso vascular'),
    workloadHours,
  })
  const turma = await createClass(db, { courseId: course.id, type: 'N', courseInit: isoDay(offsetDays) })
  const students = [
    await enrol(turma.id, 'Ana Presente'),
    await enrol(turma.id, 'Bruno Presente'),
    await enrol(turma.id, 'Carla Ausente'),
  ]
  return { course, turma, students }
}

describe('admin certificates (/api/admin/certificados)', () => {
  it('is for administrators only: a visitor gets 401 and a student 403', async () => {
    const calls = [
      ['GET', '/api/admin/certificados'],
      ['GET', '/api/admin/certificados/progresso'],
      ['GET', '/api/admin/certificados/jornada'],
    ] as const
    for (const [method, path] of calls) {
      expect((await adminCall(null, method, path)).status).toBe(401)
      expect((await adminCall(student, method, path)).status).toBe(403)
    }
    const marks = { marks: [{ enrollment_id: 1, attendance: 'present' }] }
    expect(
      (await adminCall(student, 'PUT', '/api/admin/certificados/turmas/1/presencas', marks)).status,
    ).toBe(403)
    expect(
      (await adminCall(student, 'POST', '/api/admin/certificados/1/revogacao', { reason: 'Fraude' })).status,
    ).toBe(403)
  })

  it("the course form keeps the certificate's settings (the video share too), refuses unknown placeholders, and takes a PNG or JPEG signature", async () => {
    const url = unique('curso-cert')
    const input = {
      name: 'Diálise Peritoneal',
      url,
      section: 'online',
      workload_hours: 20,
      certificate_share: 80,
      watch_share: 75,
      signatory_name: 'Dra. Helena Prado',
      signatory_role: 'Diretora de ensino',
      certificate_template: 'Certificamos que {nome} concluiu {curso} ({horas} h) em {conclusao}.',
    }
    const created = await adminCall(admin(), 'POST', '/api/admin/cursos', input)
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const course = AdminCourse.parse(created.body)
    expect(course).toMatchObject({
      certificate_share: 80,
      watch_share: 75,
      signatory_name: 'Dra. Helena Prado',
      certificate_template: input.certificate_template,
      has_signature: false,
    })

    // The course form sends an empty signatory as null, an API client may send '': both are none.
    const unsigned = await adminCall(admin(), 'POST', '/api/admin/cursos', {
      ...input,
      url: unique('curso-cert'),
      signatory_name: null,
      signatory_role: '',
    })
    expect(unsigned.status, JSON.stringify(unsigned.body)).toBe(201)
    expect(unsigned.body).toMatchObject({ signatory_name: null, signatory_role: null, certificate_share: 80 })

    const before = await db.select().from(courses).where(eq(courses.id, course.id))
    const bad = await adminCall(admin(), 'PUT', `/api/admin/cursos/${course.id}`, {
      ...input,
      version: course.version,
      certificate_share: 0,
      watch_share: 101,
      certificate_template: 'Certificamos que {aluno} concluiu {curso}.',
    })
    expect(bad.status).toBe(422)
    expect(bad.body.errors.certificate_template[0]).toContain('Marcador desconhecido: {aluno}')
    expect(bad.body.errors.certificate_share).toEqual(['Informe um percentual de 1 a 100.'])
    expect(bad.body.errors.watch_share).toEqual(['Informe um percentual de 1 a 100.'])
    expect(await db.select().from(courses).where(eq(courses.id, course.id))).toEqual(before)

    const webp = await adminCall(
      admin(),
      'POST',
      `/api/admin/cursos/${course.id}/assinatura`,
      imageForm(PNG_BYTES, 'image/webp', 'assinatura.webp'),
    )
    expect(webp.status).toBe(422)
    expect(webp.body.errors.image).toEqual(['Envie a assinatura em PNG ou JPG.'])
    const fake = await adminCall(
      admin(),
      'POST',
      `/api/admin/cursos/${course.id}/assinatura`,
      imageForm(new TextEncoder().encode('não sou png'), 'image/png', 'assinatura.png'),
    )
    expect(fake.status).toBe(422)

    const uploaded = await adminCall(
      admin(),
      'POST',
      `/api/admin/cursos/${course.id}/assinatura`,
      imageForm(PNG_BYTES),
    )
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200)
    const after = AdminCourse.parse((await adminCall(admin(), 'GET', `/api/admin/cursos/${course.id}`)).body)
    expect(after.has_signature).toBe(true)
    expect((await auditOf('course', course.id))[0]?.action).toBe('course.signature')
  })

  it("the conference's settings: minimum share and signatory; bad input 422, a stale edit 409", async () => {
    const read = ConferenceCertificateSettings.parse(
      (await adminCall(admin(), 'GET', '/api/admin/certificados/jornada')).body,
    )
    const bad = await adminCall(admin(), 'PUT', '/api/admin/certificados/jornada', {
      min_share: 101,
      signatory_name: 'x'.repeat(121),
      version: read.version,
    })
    expect(bad.status).toBe(422)
    expect(bad.body.errors.min_share).toEqual(['Informe um percentual de 1 a 100.'])
    expect(bad.body.errors.signatory_name).toEqual(['No máximo 120 caracteres.'])
    expect((await db.select().from(conferenceSettings))[0]?.version).toBe(read.version)

    const saved = await adminCall(admin(), 'PUT', '/api/admin/certificados/jornada', {
      min_share: 80,
      signatory_name: 'Dr. Paulo Ramos',
      signatory_role: 'Coordenador da jornada',
      version: read.version,
    })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    expect(saved.body).toMatchObject({
      min_share: 80,
      signatory_name: 'Dr. Paulo Ramos',
      version: read.version + 1,
    })
    expect((await db.select().from(conferenceSettings))[0]?.minShare).toBe(80)

    const stale = await adminCall(admin(), 'PUT', '/api/admin/certificados/jornada', {
      min_share: 50,
      version: read.version,
    })
    expect(stale.status).toBe(409)
    expect((await db.select().from(conferenceSettings))[0]?.minShare).toBe(80)
    expect((await auditOf('conference_settings', 1))[0]).toMatchObject({
      action: 'conference_settings.update',
      data: { after: { min_share: 80 } },
    })
  })

  it('marks an in-person class in bulk, then issues the certificates of those present once, however often it is asked', async () => {
    const { course, turma, students } = await inPersonClass()
    const [ana, bruno, carla] = students
    const path = `/api/admin/certificados/turmas/${turma.id}`

    // Before anything is marked, nobody is present.
    expect((await adminCall(admin(), 'POST', `${path}/emissao`)).status).toBe(422)

    const marked = await adminCall(admin(), 'PUT', `${path}/presencas`, {
      marks: [
        { enrollment_id: ana!.enrollment.id, attendance: 'present' },
        { enrollment_id: bruno!.enrollment.id, attendance: 'present' },
        { enrollment_id: carla!.enrollment.id, attendance: 'absent' },
      ],
    })
    expect(marked.status, JSON.stringify(marked.body)).toBe(200)
    const sheet = ClassAttendance.parse(marked.body)
    expect(sheet.class).toMatchObject({ students: 3, present: 2, absent: 1, certificates: 0, ended: true })
    expect(sheet.students.map((row) => [row.student.name, row.attendance])).toEqual([
      ['Ana Presente', 'present'],
      ['Bruno Presente', 'present'],
      ['Carla Ausente', 'absent'],
    ])

    const first = BulkIssueResult.parse((await adminCall(admin(), 'POST', `${path}/emissao`)).body)
    expect(first).toMatchObject({ issued: 2, already: 0 })
    const again = BulkIssueResult.parse((await adminCall(admin(), 'POST', `${path}/emissao`)).body)
    expect(again).toMatchObject({ issued: 0, already: 2 })

    const rows = await db.select().from(certificates).where(eq(certificates.classId, turma.id))
    expect(rows.map((row) => row.holderName).sort()).toEqual(['Ana Presente', 'Bruno Presente'])
    expect(rows.every((row) => row.kind === 'in_person' && row.minutes === 480)).toBe(true)
    expect(rows.every((row) => row.completedOn === turma.courseInit && row.title === course.name)).toBe(true)
    expect(again.attendance.students.map((row) => row.certificate_code !== null)).toEqual([true, true, false])

    const mails = await db
      .select()
      .from(emailOutbox)
      .where(
        inArray(
          emailOutbox.to,
          students.map((s) => s.user.email),
        ),
      )
    expect(mails.map((mail) => mail.to).sort()).toEqual([ana!.user.email, bruno!.user.email].sort())
    const anaCode = rows.find((row) => row.userId === ana!.user.id)!.code
    expect(mails.find((mail) => mail.to === ana!.user.email)?.text).toContain(`/certificados/${anaCode}`)
    expect((await auditOf('class', turma.id)).map((line) => line.action)).toEqual([
      'class.certificates_issue',
      'class.attendance',
    ])
  })

  it('refuses attendance for another class, before its day, or for an online class, and changes nothing', async () => {
    const { turma, students } = await inPersonClass()
    const other = await inPersonClass()
    const foreign = await adminCall(admin(), 'PUT', `/api/admin/certificados/turmas/${turma.id}/presencas`, {
      marks: [
        { enrollment_id: students[0]!.enrollment.id, attendance: 'present' },
        { enrollment_id: other.students[0]!.enrollment.id, attendance: 'present' },
      ],
    })
    expect(foreign.status).toBe(422)
    expect(foreign.body.errors.marks[0]).toContain('não é desta turma')
    const wrong = await adminCall(admin(), 'PUT', `/api/admin/certificados/turmas/${turma.id}/presencas`, {
      marks: [{ enrollment_id: students[0]!.enrollment.id, attendance: 'talvez' }],
    })
    expect(wrong.status).toBe(422)

    const future = await inPersonClass(5)
    const early = await adminCall(
      admin(),
      'PUT',
      `/api/admin/certificados/turmas/${future.turma.id}/presencas`,
      {
        marks: [{ enrollment_id: future.students[0]!.enrollment.id, attendance: 'present' }],
      },
    )
    expect(early.status).toBe(422)
    expect(early.body.message).toBe('A presença só pode ser marcada a partir do dia da turma.')

    const online = await createClass(db, { type: 'N', courseInit: isoDay(-3) })
    expect((await adminCall(admin(), 'GET', `/api/admin/certificados/turmas/${online.id}`)).status).toBe(422)
    expect((await adminCall(admin(), 'GET', '/api/admin/certificados/turmas/999999999')).status).toBe(404)

    const ids = [...students, ...other.students, ...future.students].map((s) => s.enrollment.id)
    const marked = await db.select().from(enrollments).where(inArray(enrollments.id, ids))
    expect(marked.every((row) => row.attendance === null)).toBe(true)

    // A course without hours cannot certify them.
    const noHours = await inPersonClass(-1, null)
    await adminCall(admin(), 'PUT', `/api/admin/certificados/turmas/${noHours.turma.id}/presencas`, {
      marks: [{ enrollment_id: noHours.students[0]!.enrollment.id, attendance: 'present' }],
    })
    const refused = await adminCall(
      admin(),
      'POST',
      `/api/admin/certificados/turmas/${noHours.turma.id}/emissao`,
    )
    expect(refused.status).toBe(422)
    expect(refused.body.errors.workload_hours[0]).toContain('carga horária')
  })

  it("follows an online class's students: lessons done by evidence, last activity, stopped for N days, certificate; CSV", async () => {
    const course = await createCourse(db, { section: 'online', workloadHours: 10 })
    const turma = await createClass(db, { courseId: course.id, type: 'C' })
    const [module] = await db
      .insert(courseModules)
      .values({ courseId: course.id, title: 'Módulo 1' })
      .returning()
    const lessonRows = await db
      .insert(lessons)
      .values([
        { moduleId: module!.id, title: 'Aula 1', youtubeId: 'dQw4w9WgXcQ', durationSeconds: 60 },
        { moduleId: module!.id, title: 'Aula 2' },
      ])
      .returning()
    const stopped = await enrol(turma.id, 'Diego Parado')
    const fresh = await enrol(turma.id, 'Elisa Começando')
    // Diego played the video whole 40 days ago, and marked the reading 'assistida' (no evidence).
    const watchedAt = new Date(Date.now() - 40 * DAY_MS)
    await db.insert(lessonSegments).values({
      userId: stopped.user.id,
      lessonId: lessonRows[0]!.id,
      playback: crypto.randomUUID(),
      fromMs: 0,
      toMs: 60_000,
      createdAt: watchedAt,
      updatedAt: watchedAt,
    })
    await db
      .insert(lessonProgress)
      .values({ userId: stopped.user.id, lessonId: lessonRows[1]!.id, watchedAt })

    const page = StudentProgressPage.parse(
      (await adminCall(admin(), 'GET', `/api/admin/certificados/progresso?class_id=${turma.id}`)).body,
    )
    expect(page.total).toBe(2)
    const diego = page.items.find((row) => row.student.id === stopped.user.id)
    expect(diego).toMatchObject({
      lessons_done: 1,
      lessons_total: 2,
      watched_percent: 100,
      eligible: false,
      required_share: 100,
      last_activity_at: watchedAt.toISOString(),
      certificate_code: null,
    })

    const idle = StudentProgressPage.parse(
      (await adminCall(admin(), 'GET', `/api/admin/certificados/progresso?class_id=${turma.id}&idle_days=30`))
        .body,
    )
    expect(idle.items.map((row) => row.student.name)).toEqual(['Diego Parado'])
    const searched = StudentProgressPage.parse(
      (await adminCall(admin(), 'GET', `/api/admin/certificados/progresso?course_id=${course.id}&q=Elisa`))
        .body,
    )
    expect(searched.items.map((row) => row.student.id)).toEqual([fresh.user.id])
    const withCertificate = StudentProgressPage.parse(
      (
        await adminCall(
          admin(),
          'GET',
          `/api/admin/certificados/progresso?class_id=${turma.id}&certificate=sim`,
        )
      ).body,
    )
    expect(withCertificate.total).toBe(0)

    const bad = await adminCall(admin(), 'GET', '/api/admin/certificados/progresso?idle_days=0')
    expect(bad.status).toBe(422)
    expect(bad.body.errors.idle_days).toEqual(['Informe ao menos 1 dia.'])

    const csv = await adminCall(
      admin(),
      'GET',
      `/api/admin/certificados/progresso/exportacao?class_id=${turma.id}`,
    )
    expect(csv.status).toBe(200)
    expect(csv.response.headers.get('content-type')).toContain('text/csv')
    expect(csv.body).toContain('Diego Parado')
    expect(csv.body).toContain('Aulas concluídas')
  })

  it('revokes with a reason and reissues under a corrected name: the old code names the new one', async () => {
    const { turma, students } = await inPersonClass()
    await adminCall(admin(), 'PUT', `/api/admin/certificados/turmas/${turma.id}/presencas`, {
      marks: students.slice(0, 2).map((s) => ({ enrollment_id: s.enrollment.id, attendance: 'present' })),
    })
    await adminCall(admin(), 'POST', `/api/admin/certificados/turmas/${turma.id}/emissao`)
    const [one, two] = await db.select().from(certificates).where(eq(certificates.classId, turma.id))

    const list = IssuedCertificatePage.parse(
      (await adminCall(admin(), 'GET', `/api/admin/certificados?q=${one!.code}`)).body,
    )
    expect(list.items.map((row) => row.id)).toEqual([one!.id])
    const byKind = IssuedCertificatePage.parse(
      (
        await adminCall(
          admin(),
          'GET',
          `/api/admin/certificados?kind=in_person&q=${encodeURIComponent(turma.name)}`,
        )
      ).body,
    )
    expect(byKind.items.every((row) => row.kind === 'in_person')).toBe(true)

    const empty = await adminCall(admin(), 'POST', `/api/admin/certificados/${one!.id}/revogacao`, {
      reason: '  ',
    })
    expect(empty.status).toBe(422)
    expect(empty.body.errors.reason).toEqual(['Informe o motivo da revogação.'])
    expect(
      (await db.select().from(certificates).where(eq(certificates.id, one!.id)))[0]?.revokedAt,
    ).toBeNull()

    const revoked = await adminCall(admin(), 'POST', `/api/admin/certificados/${one!.id}/revogacao`, {
      reason: 'Presença registrada por engano',
    })
    expect(revoked.status, JSON.stringify(revoked.body)).toBe(200)
    expect(IssuedCertificate.parse(revoked.body)).toMatchObject({
      state: 'revoked',
      revoked_reason: 'Presença registrada por engano',
    })
    expect(
      (
        await adminCall(admin(), 'POST', `/api/admin/certificados/${one!.id}/revogacao`, {
          reason: 'De novo',
        })
      ).status,
    ).toBe(409)
    expect(
      (
        await adminCall(admin(), 'POST', `/api/admin/certificados/${one!.id}/reemissao`, {
          holder_name: 'Outro Nome',
        })
      ).status,
    ).toBe(409)

    const reissued = await adminCall(admin(), 'POST', `/api/admin/certificados/${two!.id}/reemissao`, {
      holder_name: 'Bruno Presente de Souza',
    })
    expect(reissued.status, JSON.stringify(reissued.body)).toBe(201)
    const fresh = IssuedCertificate.parse(reissued.body)
    expect(fresh).toMatchObject({ holder_name: 'Bruno Presente de Souza', state: 'valid' })
    expect(fresh.code).not.toBe(two!.code)
    const old = IssuedCertificatePage.parse(
      (await adminCall(admin(), 'GET', `/api/admin/certificados?q=${two!.code}`)).body,
    )
    expect(old.items[0]).toMatchObject({ state: 'replaced', replaced_by: fresh.code })
    expect(
      (
        await adminCall(admin(), 'POST', `/api/admin/certificados/${two!.id}/reemissao`, {
          holder_name: 'Mais Um',
        })
      ).status,
    ).toBe(409)

    expect((await auditOf('certificate', one!.id))[0]).toMatchObject({
      action: 'certificate.revoke',
      data: { reason: 'Presença registrada por engano' },
    })
    expect((await auditOf('certificate', two!.id))[0]).toMatchObject({
      action: 'certificate.reissue',
      data: { after: { code: fresh.code } },
    })
    expect(
      (await adminCall(admin(), 'POST', '/api/admin/certificados/999999999/revogacao', { reason: 'Motivo' }))
        .status,
    ).toBe(404)

    const csv = await adminCall(admin(), 'GET', `/api/admin/certificados/exportacao?q=${fresh.code}`)
    expect(csv.status).toBe(200)
    expect(csv.body).toContain('Bruno Presente de Souza')
  })
})
