import { env } from 'cloudflare:workers'
import { eq } from 'drizzle-orm'
import { describe, expect, it, vi } from 'vitest'
import * as schema from '../../db/schema.ts'
import { PayResult } from '../../worker/contract/checkout.ts'
import {
  DataExport,
  EbookLibrary,
  PurchaseDetail,
  PurchaseList,
  StudentCourse,
} from '../../worker/contract/student.ts'
import { reconcilePayments } from '../../worker/services/payment-ledgers.ts'
import { DOWNLOAD_MESSAGES, downloadLink } from '../../worker/services/student/downloads.ts'
import { buyClass, call, myPurchases, newPayer, orderScreen } from '../support/worker/checkout.ts'
import {
  createClass,
  createCourse,
  createUser,
  sessionCookie,
  testContext,
  testDb,
  unique,
} from '../support/worker/db.ts'
import { workerFetch } from '../support/worker/http.ts'
import { mailsTo } from '../support/worker/mail.ts'
import { chargeAtProvider, payAtProvider, sendWebhook } from '../support/worker/pagarme.ts'
import { fetchPage, NAVIGATE, withRenderer } from '../support/worker/pages.ts'
import { applicant, byCard, createEdital, payPlan, purchase } from '../support/worker/plans.ts'

const db = testDb()
const ORIGIN = 'http://localhost'
const PDF = new TextEncoder().encode('%PDF-1.4\n% material de teste\n%%EOF\n')

/** A course with two modules, three lessons and one material (in R2), and a student enrolled in it. */
async function enrolledCourse() {
  const course = await createCourse(db, { name: 'Curso de Teste da Área do Aluno' })
  const turma = await createClass(db, { courseId: course.id, details: 'Traga jaleco.' })
  const [first, second] = await db
    .insert(schema.courseModules)
    .values([
      { courseId: course.id, title: 'Módulo 1', sortOrder: 1 },
      { courseId: course.id, title: 'Módulo 2', sortOrder: 2 },
    ])
    .returning()
  const lessonRows = await db
    .insert(schema.lessons)
    .values([
      { moduleId: first!.id, title: 'Aula 1', youtubeId: 'dQw4w9WgXcQ', durationSeconds: 600, sortOrder: 1 },
      { moduleId: first!.id, title: 'Aula 2', youtubeId: 'oHg5SJYRHA0', sortOrder: 2 },
      { moduleId: second!.id, title: 'Leitura', body: '## Texto', sortOrder: 1 },
    ])
    .returning()
  const key = `cursos/${course.url}/${unique('apostila')}.pdf`
  await env.FILES.put(key, PDF, { httpMetadata: { contentType: 'application/pdf' } })
  const [material] = await db
    .insert(schema.courseMaterials)
    .values({ courseId: course.id, title: 'Apostila do módulo 1', fileKey: key, sizeBytes: PDF.length })
    .returning()
  const student = await createUser(db)
  const [enrollment] = await db
    .insert(schema.enrollments)
    .values({ userId: student.id, classId: turma.id })
    .returning()
  return {
    course,
    turma,
    lessons: lessonRows,
    material: material!,
    student,
    enrollment: enrollment!,
    cookie: await sessionCookie(student.id),
  }
}

const get = (path: string, cookie?: string, headers: Record<string, string> = {}) =>
  workerFetch(`${ORIGIN}${path}`, { headers: { ...(cookie ? { cookie } : {}), ...headers } })

describe('Minhas compras', () => {
  it('lists the student’s orders newest first, with a pending boleto and PIX to reopen; the detail carries the receipt', async () => {
    const payer = newPayer()
    const card = await buyClass('CREDIT_CARD', payer)
    // The buyer proved the e-mail (the confirmation's link): later guest purchases are theirs at once.
    await db
      .update(schema.users)
      .set({ emailVerifiedAt: new Date() })
      .where(eq(schema.users.id, card.order.userId!))
    const boleto = await buyClass('BOLETO', payer)
    const pix = await buyClass('PIX', payer)
    const cookie = card.cookie
    const { status, body } = await call('/api/usuario/compras', undefined, { cookie })
    expect(status).toBe(200)
    const list = PurchaseList.parse(body)
    expect(list.map((row) => row.order_id)).toEqual([pix.order.id, boleto.order.id, card.order.id])
    const [pixRow, boletoRow, cardRow] = list as [(typeof list)[0], (typeof list)[0], (typeof list)[0]]
    expect(cardRow).toMatchObject({ status: 'paid', payment_type: 'CREDIT_CARD', boleto: null, pix: null })
    expect(cardRow.items).toHaveLength(1)
    expect(boletoRow.boleto).toMatchObject({
      line: expect.stringMatching(/^\d{47}$/),
      due_at: expect.any(String),
    })
    expect(pixRow.pix?.code).toMatch(/^000201/)

    const detail = PurchaseDetail.parse(
      (await call(`/api/usuario/compras/${card.order.id}`, undefined, { cookie })).body,
    )
    expect(detail.receipt).toMatchObject({
      card: { last_four: '0010', brand: 'Visa' },
      authorization_code: expect.any(String),
      paid_at: expect.any(String),
    })
    expect(detail.payer.email).toBe(payer.email)

    // Another student sees none of it.
    const other = await sessionCookie((await createUser(db)).id)
    expect(await myPurchases(other)).toEqual([])
    expect((await call(`/api/usuario/compras/${card.order.id}`, undefined, { cookie: other })).status).toBe(
      404,
    )
  })

  it('an expired PIX is issued again for the same order: one order, a new charge, and paying it enrols', async () => {
    const { order, cookie, turma } = await buyClass('PIX')
    // Past the PIX's expiry: the reconciliation cancels it at the provider and closes it.
    const later = testContext({ now: new Date(Date.now() + 3600_000) })
    for (let run = 0; run < 8 && (await orderScreen(order.id)).status === 'pending'; run++) {
      await reconcilePayments({ ctx: later })
    }
    expect((await orderScreen(order.id)).status).toBe('expired')
    const [listed] = await myPurchases(cookie)
    expect(listed).toMatchObject({ order_id: order.id, can_reissue: true, pix: null })

    const again = await call(`/api/usuario/compras/${order.id}/novo-pagamento`, null, { cookie })
    expect(again.status).toBe(200)
    const result = PayResult.parse(again.body)
    expect(result).toMatchObject({ order_id: order.id, status: 'pending' })
    expect(result.ccj_pix_code).not.toBe(order.pixCode)
    const twice = await call(`/api/usuario/compras/${order.id}/novo-pagamento`, null, { cookie })
    expect(twice.body.ccj_pix_code).toBe(result.ccj_pix_code)
    expect(
      await db.select().from(schema.orders).where(eq(schema.orders.cartHash, order.cartHash)),
    ).toHaveLength(1)

    // The old charge's late event changes nothing; the new one paid enrols the buyer.
    await sendWebhook('charge.payment_failed', order.gatewayChargeId!)
    expect((await orderScreen(order.id)).status).toBe('pending')
    const [reopened] = await db.select().from(schema.orders).where(eq(schema.orders.id, order.id))
    expect(reopened!.gatewayChargeId).not.toBe(order.gatewayChargeId)
    await payAtProvider(reopened!.gatewayChargeId!)
    await sendWebhook('charge.paid', reopened!.gatewayChargeId!)
    expect((await orderScreen(order.id)).status).toBe('paid')
    const courses = (await call('/api/usuario/cursos', undefined, { cookie })).body as Array<{
      class_id: number
    }>
    expect(courses.map((row) => row.class_id)).toEqual([turma.id])

    // Only an expired boleto or PIX can be issued again.
    const paid = await call(`/api/usuario/compras/${order.id}/novo-pagamento`, null, { cookie })
    expect(paid.status).toBe(409)
  })
})

describe('a course for its student', () => {
  it('shows modules, lessons, material and progress; marking a lesson watched moves the progress', async () => {
    const { course, cookie, lessons } = await enrolledCourse()
    const { status, body } = await call(`/api/usuario/cursos/${course.url}`, undefined, { cookie })
    expect(status).toBe(200)
    const view = StudentCourse.parse(body)
    expect(view.modules.map((module) => module.lessons.map((lesson) => lesson.title))).toEqual([
      ['Aula 1', 'Aula 2'],
      ['Leitura'],
    ])
    expect(view.classes[0]?.details).toBe('Traga jaleco.')
    expect(view.progress).toEqual({ watched: 0, total: 3, percent: 0 })
    expect(view.materials[0]?.download_url).toMatch(/^\/download\/[\w-]+\.[\w-]+\.[\w-]+$/)

    const marked = await call(`/api/usuario/aulas/${lessons[0]!.id}/assistida`, null, { cookie })
    expect(marked.body).toEqual({
      lesson_id: lessons[0]!.id,
      watched: true,
      progress: { watched: 1, total: 3, percent: 33 },
    })
    // Marking twice counts once.
    await call(`/api/usuario/aulas/${lessons[0]!.id}/assistida`, null, { cookie })
    const after = StudentCourse.parse(
      (await call(`/api/usuario/cursos/${course.url}`, undefined, { cookie })).body,
    )
    expect(after.progress.watched).toBe(1)
    expect(after.modules[0]?.lessons[0]?.watched).toBe(true)
    // The student's own mark is never evidence of study (issue 39).
    expect(after.study).toMatchObject({ lessons_done: 0, lessons_total: 3 })
    const unmarked = await workerFetch(`${ORIGIN}/api/usuario/aulas/${lessons[0]!.id}/assistida`, {
      method: 'DELETE',
      headers: { cookie, origin: ORIGIN },
    })
    expect(((await unmarked.json()) as { progress: { watched: number } }).progress.watched).toBe(0)
  })

  it('refuses a student who is not enrolled (403) and an unknown course (404)', async () => {
    const { course, lessons } = await enrolledCourse()
    const stranger = await sessionCookie((await createUser(db)).id)
    const refused = await call(`/api/usuario/cursos/${course.url}`, undefined, { cookie: stranger })
    expect(refused.status).toBe(403)
    expect(refused.body.msg).toMatch(/matrícula ativa/)
    expect(
      (await call(`/api/usuario/aulas/${lessons[0]!.id}/assistida`, null, { cookie: stranger })).status,
    ).toBe(403)
    expect(
      (await call('/api/usuario/cursos/curso-que-nao-existe', undefined, { cookie: stranger })).status,
    ).toBe(404)
  })
})

describe('signed downloads', () => {
  it('give the file to its student only: logged out, someone else, expired or after the enrollment ends → 403', async () => {
    const { course, cookie, student, material, enrollment } = await enrolledCourse()
    const view = StudentCourse.parse(
      (await call(`/api/usuario/cursos/${course.url}`, undefined, { cookie })).body,
    )
    const link = view.materials[0]!.download_url

    const ok = await get(link, cookie)
    expect(ok.status).toBe(200)
    expect(ok.headers.get('content-type')).toBe('application/pdf')
    expect(ok.headers.get('content-disposition')).toBe('attachment; filename="apostila-do-modulo-1.pdf"')
    expect(new Uint8Array(await ok.arrayBuffer())).toEqual(PDF)

    const loggedOut = await get(link)
    expect(loggedOut.status).toBe(403)
    expect(await loggedOut.json()).toEqual({ msg: DOWNLOAD_MESSAGES.personal })
    // A person opening it in the browser reads a page.
    const page = await get(link, undefined, { accept: 'text/html', 'sec-fetch-mode': 'navigate' })
    expect(page.status).toBe(403)
    expect(page.headers.get('content-type')).toMatch(/^text\/html/)
    expect(await page.text()).toContain(DOWNLOAD_MESSAGES.personal)

    const other = await sessionCookie((await createUser(db)).id)
    expect((await get(link, other)).status).toBe(403)

    const stale = await downloadLink(
      testContext({ now: new Date(Date.now() - 3600_000) }),
      student.id,
      'material',
      material.id,
    )
    const expired = await get(stale, cookie)
    expect(expired.status).toBe(403)
    expect(await expired.json()).toEqual({ msg: DOWNLOAD_MESSAGES.expired })

    const tampered = await get(`${link.slice(0, -3)}abc`, cookie)
    expect(tampered.status).toBe(403)
    expect((await get('/download/nao-e-um-token', cookie)).status).toBe(422)

    // A refund cancels the enrollment: the same fresh link stops working.
    await db
      .update(schema.enrollments)
      .set({ status: 'cancelled' })
      .where(eq(schema.enrollments.id, enrollment.id))
    const refunded = await get(link, cookie)
    expect(refunded.status).toBe(403)
    expect(await refunded.json()).toEqual({ msg: DOWNLOAD_MESSAGES.noAccess })
    expect((await call(`/api/usuario/cursos/${course.url}`, undefined, { cookie })).status).toBe(403)
  })
})

describe('Meus e-books', () => {
  it('lists the course’s e-book while enrolled, adds a free one with one click, and refuses a paid one', async () => {
    const { course, cookie, enrollment } = await enrolledCourse()
    const key = `ebooks/${unique('livro')}.pdf`
    await env.FILES.put(key, PDF, { httpMetadata: { contentType: 'application/pdf' } })
    const [withCourse, free] = await db
      .insert(schema.ebooks)
      .values([
        { title: 'E-book do curso', courseId: course.id, access: 'purchase', fileKey: key },
        { title: 'E-book gratuito de teste', access: 'free', fileKey: key },
      ])
      .returning()
    const library = EbookLibrary.parse((await call('/api/usuario/ebooks', undefined, { cookie })).body)
    expect(library.owned.map((ebook) => [ebook.id, ebook.source])).toEqual([[withCourse!.id, 'curso']])
    expect(library.free.map((ebook) => ebook.id)).toContain(free!.id)
    expect((await get(library.owned[0]!.download_url, cookie)).status).toBe(200)

    const added = EbookLibrary.parse((await call(`/api/usuario/ebooks/${free!.id}`, null, { cookie })).body)
    expect(added.owned.map((ebook) => ebook.id)).toEqual([withCourse!.id, free!.id])
    expect(added.free.map((ebook) => ebook.id)).not.toContain(free!.id)
    expect((await call(`/api/usuario/ebooks/${withCourse!.id}`, null, { cookie })).status).toBe(409)
    expect((await call('/api/usuario/ebooks/999999999', null, { cookie })).status).toBe(404)

    await db
      .update(schema.enrollments)
      .set({ status: 'cancelled' })
      .where(eq(schema.enrollments.id, enrollment.id))
    const after = EbookLibrary.parse((await call('/api/usuario/ebooks', undefined, { cookie })).body)
    expect(after.owned.map((ebook) => ebook.id)).toEqual([free!.id])
    expect((await get(library.owned[0]!.download_url, cookie)).status).toBe(403)
  })
})

describe('an anonymous buyer’s first password', () => {
  it('the confirmation of a purchase that created the account carries a single-use link to set it', async () => {
    const { payer } = await buyClass('CREDIT_CARD')
    const [mail] = await mailsTo(payer.email)
    expect(mail!.text).toContain('Criar minha senha')
    const token = /\/senha\/redefinir#token=([\w-]+)&primeira=1/.exec(mail!.text)?.[1]
    expect(token).toBeDefined()
    const set = await call('/api/auth/reset-password', {
      token,
      password: 'MinhaSenha1',
      password_confirmation: 'MinhaSenha1',
    })
    expect(set.status).toBe(200)
    const login = await call('/login', { email: payer.email, password: 'MinhaSenha1', json: true })
    expect(login.status).toBe(200)
    expect(
      (
        await call('/api/auth/reset-password', {
          token,
          password: 'OutraSenha2',
          password_confirmation: 'OutraSenha2',
        })
      ).status,
    ).toBe(422)

    // A buyer who already has a password gets no such link.
    const second = await buyClass('CREDIT_CARD', payer)
    const mails = await mailsTo(payer.email)
    const latest = mails.find((row) => row.subject.includes(second.order.id))!
    expect(latest.text).not.toContain('Criar minha senha')
  })
})

describe('privacy (LGPD art. 18)', () => {
  it('exports every record that names the student, and nobody else’s', async () => {
    const payer = newPayer()
    const { cookie, order } = await buyClass('CREDIT_CARD', payer)
    const [user] = await db.select().from(schema.users).where(eq(schema.users.email, payer.email))
    await db
      .insert(schema.leads)
      .values({ name: payer.name, email: payer.email, phone: payer.phone, description: 'Olá' })
    const { edital, plans } = await createEdital([{ methods: ['boleto'] }])
    const [application] = await db
      .insert(schema.applications)
      .values({ editalId: edital.id, userId: user!.id })
      .returning()
    await payPlan(cookie, purchase(user!, plans[0]!, application!.id))
    const someoneElse = await buyClass('CREDIT_CARD')

    const response = await get('/api/usuario/privacidade/exportar', cookie)
    expect(response.headers.get('content-disposition')).toMatch(/attachment/)
    const data = DataExport.parse(await response.json())
    expect(data.profile).toMatchObject({ email: payer.email, name: payer.name })
    expect(data.orders.map((row) => row.id)).toEqual([order.id])
    expect(data.orders[0]).toMatchObject({ payer: { cpf: '52998224725' } })
    expect(data.enrollments).toHaveLength(1)
    expect(data.applications.map((row) => row.id)).toEqual([application!.id])
    expect(data.plan_payments).toHaveLength(1)
    expect(data.leads).toEqual([expect.objectContaining({ email: payer.email, message: 'Olá' })])
    expect(data.consents.length).toBeGreaterThanOrEqual(2)
    expect(JSON.stringify(data)).not.toContain(someoneElse.payer.email)
    expect(JSON.stringify(data)).not.toContain(someoneElse.order.id)
  })

  it('deletes the account: personal data anonymised, sessions ended, login fails, orders kept without personal data', async () => {
    const payer = newPayer()
    const { cookie, order } = await buyClass('CREDIT_CARD', payer)
    const second = await sessionCookie(
      (await db.select().from(schema.users).where(eq(schema.users.email, payer.email)))[0]!.id,
    )
    const password = await call('/api/auth/reset-password', {
      token: /#token=([\w-]+)/.exec((await mailsTo(payer.email))[0]!.text)![1],
      password: 'MinhaSenha1',
      password_confirmation: 'MinhaSenha1',
    })
    expect(password.status).toBe(200)
    const login = await call('/login', { email: payer.email, password: 'MinhaSenha1', json: true })
    const fresh = login.response.headers.get('set-cookie')!.split(';')[0]!
    await db.insert(schema.leads).values({ name: payer.name, email: payer.email, phone: payer.phone })
    const other = await buyClass('CREDIT_CARD')
    // The other sale settled first: its note authorised after the answer (waitUntil) and its e-mail
    // queued, so what differs in its export later is the deletion's doing.
    await vi.waitFor(
      async () => {
        const subjects = (await mailsTo(other.payer.email)).map((mail) => mail.subject)
        expect(subjects).toContain(`Nota fiscal do seu pedido ${other.order.id}`)
      },
      { timeout: 10_000, interval: 100 },
    )
    const otherBefore = (await (
      await get('/api/usuario/privacidade/exportar', other.cookie)
    ).json()) as object
    const totalsBefore = await db
      .select({ id: schema.orders.id, total: schema.orders.totalCents })
      .from(schema.orders)

    expect((await call('/api/usuario/privacidade/excluir', {}, { cookie: fresh })).status).toBe(422)
    const deleted = await call('/api/usuario/privacidade/excluir', { confirmar: true }, { cookie: fresh })
    expect(deleted.status).toBe(200)
    expect(deleted.response.headers.get('set-cookie')).toMatch(/renalis_session=;/)

    // Every session ended; the e-mail and password no longer log in.
    for (const session of [cookie, second, fresh]) {
      expect((await call('/api/usuario/compras', undefined, { cookie: session })).status).toBe(401)
    }
    expect((await call('/login', { email: payer.email, password: 'MinhaSenha1', json: true })).status).toBe(
      422,
    )
    const [row] = await db.select().from(schema.orders).where(eq(schema.orders.id, order.id))
    expect(row!.payer).toEqual({ name: 'Titular removido (LGPD)', email: '', cpf: '', phone: '' })
    expect(row!.billingAddress).toBeNull()
    expect(
      await db.select({ id: schema.orders.id, total: schema.orders.totalCents }).from(schema.orders),
    ).toEqual(totalsBefore)
    const [user] = await db.select().from(schema.users).where(eq(schema.users.id, row!.userId!))
    expect(user).toMatchObject({ name: 'Conta excluída', phone: null, passwordHash: null })
    expect(user!.email).not.toContain(payer.email.split('@')[0]!)
    expect(await db.select().from(schema.leads).where(eq(schema.leads.email, payer.email))).toEqual([])
    // The confirmation goes to the old address.
    const notice = await mailsTo(payer.email)
    expect(notice.map((mail) => mail.subject)).toEqual(['Sua conta foi excluída — Instituto Renalis'])

    const otherAfter = (await (await get('/api/usuario/privacidade/exportar', other.cookie)).json()) as object
    expect({ ...otherAfter, exported_at: null }).toEqual({ ...otherBefore, exported_at: null })
  })

  it('the conference attendance and the reminders’ checkouts are exported, and go with the account', async () => {
    const payer = newPayer()
    const { cookie } = await buyClass('CREDIT_CARD', payer)
    const [user] = await db.select().from(schema.users).where(eq(schema.users.email, payer.email))
    let [talk] = await db.select().from(schema.conferenceTalks).limit(1)
    talk ??= (
      await db
        .insert(schema.conferenceTalks)
        .values({
          day: 9,
          slot: 9,
          initAt: new Date('2027-01-01T12:00:00Z'),
          title: 'Palestra da privacidade',
          speaker: 'Dra. Teste',
          content: 'Minicurrículo.',
          videoInit: 0,
          youtubeId: 'TestePriv01',
        })
        .returning()
    )[0]!
    await db.insert(schema.conferenceAttendance).values({ userId: user!.id, talkId: talk.id, seconds: 1200 })
    const checkoutId = unique('priv')
    await db.insert(schema.abandonedCheckouts).values({
      id: checkoutId,
      email: payer.email,
      cartHash: unique('hash'),
      items: [{ name: 'Curso', cents: 10000 }],
      totalCents: 10000,
      cart: {},
      seenAt: new Date(),
    })
    await db.insert(schema.reminders).values({
      kind: 'abandoned_first',
      subject: `abandoned_first:${checkoutId}`,
      email: payer.email,
      checkoutId,
    })

    const data = DataExport.parse(await (await get('/api/usuario/privacidade/exportar', cookie)).json())
    expect(data.conference_attendance).toEqual([
      expect.objectContaining({ talk: talk.title, seconds_watched: 1200 }),
    ])
    expect(data.reminder_checkouts).toEqual([expect.objectContaining({ total_cents: 10000, order_id: null })])
    expect(data.reminders_sent).toEqual([expect.objectContaining({ kind: 'abandoned_first' })])

    expect((await call('/api/usuario/privacidade/excluir', { confirmar: true }, { cookie })).status).toBe(200)
    expect(
      await db
        .select()
        .from(schema.conferenceAttendance)
        .where(eq(schema.conferenceAttendance.userId, user!.id)),
    ).toEqual([])
    expect(
      await db
        .select()
        .from(schema.abandonedCheckouts)
        .where(eq(schema.abandonedCheckouts.email, payer.email)),
    ).toEqual([])
    const [reminder] = await db
      .select()
      .from(schema.reminders)
      .where(eq(schema.reminders.subject, `abandoned_first:${checkoutId}`))
    expect(reminder!.email).not.toBe(payer.email)
  })
})

describe('deletion and plan payments', () => {
  it('a plan payment keeps its amount and state without the payer’s data', async () => {
    const { edital, plans } = await createEdital([{}])
    const { user, application, cookie } = await applicant(edital.id)
    const paid = await payPlan(cookie, await byCard(purchase(user, plans[0]!, application.id), 'debit_card'))
    expect(paid.body.status).toBe('paid')
    await call('/api/usuario/privacidade/excluir', { confirmar: true }, { cookie })
    const [row] = await db
      .select()
      .from(schema.planPayments)
      .where(eq(schema.planPayments.id, paid.body.payment_id))
    expect(row).toMatchObject({
      amountCents: 89000,
      status: 'paid',
      payer: { name: 'Titular removido (LGPD)' },
    })
    expect((await chargeAtProvider(row!.gatewayChargeId!)).status).toBe('paid')
  })
})

describe('the student pages’ Content-Security-Policy', () => {
  withRenderer()
  const directive = (response: Response, name: string) =>
    response.headers
      .get('content-security-policy')
      ?.split(';')
      .map((part) => part.trim().split(/\s+/))
      .find(([key]) => key === name)
      ?.slice(1)

  it('a course page may frame the privacy-enhanced video player; the payment-plan screen may reach the card gateway', async () => {
    const course = await fetchPage(
      '/usuario/cursos/hemodialise-para-enfermagem',
      { headers: NAVIGATE },
      { VIDEO_PLAYER: 'youtube' },
    )
    expect(directive(course, 'frame-src')).toEqual(["'self'", 'https://www.youtube-nocookie.com'])
    expect(directive(course, 'connect-src')).toEqual(["'self'"])
    const plan = await fetchPage('/usuario/editais/mensalidade/5', { headers: NAVIGATE })
    expect(directive(plan, 'connect-src')).toEqual(["'self'", new URL(env.PAGARME_API_URL!).origin])
    expect(directive(plan, 'frame-src')).toBeUndefined()
    for (const path of ['/usuario/cursos', '/usuario/editais', '/usuario/compras', '/']) {
      const other = await fetchPage(path, { headers: NAVIGATE })
      expect(directive(other, 'frame-src'), path).toBeUndefined()
    }
  })
})
