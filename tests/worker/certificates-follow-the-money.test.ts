import { and, eq, like } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { auditLog, certificates, enrollments, orders, users } from '../../db/schema.ts'
import { IssuedCertificatePage } from '../../worker/contract/admin-certificates.ts'
import { AdminOrder } from '../../worker/contract/admin-sales.ts'
import { CertificateVerification, MyCertificates } from '../../worker/contract/certificates.ts'
import { PayResult } from '../../worker/contract/checkout.ts'
import { CHARGEBACK_MESSAGES, ChargebackResult } from '../../worker/contract/refunds.ts'
import { CERTIFICATE_MONEY_REASONS, certificateStatus } from '../../worker/domain/certificates.ts'
import { issueCertificate } from '../../worker/services/certificates/issue.ts'
import { CERTIFICATE_STATUS_SQL } from '../../worker/services/certificates/standing.ts'
import { CERTIFICATE_MESSAGES } from '../../worker/services/certificates/student.ts'
import { reconcilePayments } from '../../worker/services/payment-ledgers.ts'
import { newAdmin, refundOrder } from '../support/worker/admin.ts'
import {
  buyClass,
  call,
  cartWith,
  enrolledClasses,
  enrollmentStatuses,
  newPayer,
  orderRow,
  orderScreen,
  payCheckout,
  payDifference,
  sessionCookieOf,
} from '../support/worker/checkout.ts'
import {
  createClass,
  createUser,
  sessionCookie,
  testContext,
  testDb,
  unique,
  uniqueEmail,
} from '../support/worker/db.ts'
import { workerFetch } from '../support/worker/http.ts'
import { latestMailsTo } from '../support/worker/mail.ts'
import {
  chargebackAtProvider,
  disputeWonAtProvider,
  payAtProvider,
  refundAtProvider,
  sendWebhook,
} from '../support/worker/pagarme.ts'

// Issue 39, item 3 (decision 023): what money grants, money going back takes back. A refund of the
// purchase (withdrawal, the admin's refund, one made at the provider) revokes the certificates it
// paid for; an open chargeback suspends them, a won one reinstates them (and the access), a lost
// one revokes them. Gifts follow their order, and wait for their recipient's proof (decision 010).
// The certificates are issued directly (issueCertificate): the watching rules are another part's.

const db = testDb()
/** The course certificate of `userId` for the course of `turma`, as every issuing path makes it. */
async function certify(userId: number, turma: { courseId: number }, title = unique('Curso BPC')) {
  const { certificate } = await issueCertificate(testContext(), {
    kind: 'course',
    userId,
    courseId: turma.courseId,
    holderName: 'Ana Beatriz Souza',
    title,
    minutes: 24 * 60,
    startedOn: '2026-03-02',
    completedOn: '2026-03-02',
    template: '',
    signatory: null,
    evidence: { lessonsDone: 4, lessonsTotal: 4, watchedPercent: 100 },
  })
  return certificate
}

const verify = async (code: string) => {
  const { status, body } = await call(`/api/certificados/${code}`)
  expect(status).toBe(200)
  return CertificateVerification.parse(body)
}

/** What a download answers `cookie`: its status, and its JSON body when it refuses (its type otherwise). */
async function download(code: string, file: 'pdf' | 'credencial', cookie: string) {
  const response = await workerFetch(`http://localhost/api/usuario/certificados/${code}/${file}`, {
    headers: { cookie },
  })
  const type = response.headers.get('content-type') ?? ''
  if (type.startsWith('application/json')) return { status: response.status, body: await response.json() }
  await response.arrayBuffer()
  return { status: response.status, body: type }
}

/** What the holder's own downloads answer: the PDF's and the credential's. */
async function downloads(code: string, cookie: string) {
  const [pdf, credential] = await Promise.all([
    download(code, 'pdf', cookie),
    download(code, 'credencial', cookie),
  ])
  return { pdf, credential }
}

const subjectsTo = async (to: string) => (await latestMailsTo(to)).map((mail) => mail.subject)

/** The reconciliation, a few hours on, until `orderId` moves (the shared database holds every file's orders). */
async function reconcileUntilMoved(orderId: string, hours = 7) {
  const before = (await orderRow(orderId)).status
  await db.update(orders).set({ reconciledAt: null }).where(eq(orders.id, orderId))
  const ctx = testContext({ now: new Date(Date.now() + hours * 3600_000) })
  for (let run = 0; run < 5 && (await orderRow(orderId)).status === before; run++) {
    expect((await reconcilePayments({ ctx })).interrupted).toBe(false)
  }
  return orderRow(orderId)
}

const askWithdrawal = (orderId: string, cookie: string) =>
  call(`/api/usuario/compras/${orderId}/reembolso`, { motivo: 'Desisti da compra.' }, { cookie })

describe('a refund revokes the certificates the purchase paid for', () => {
  // The first PDF loads the fonts: slow once.
  it('a withdrawal within 7 days: the verification says revoked with the reason, the downloads stop, the holder is told', {
    timeout: 60_000,
  }, async () => {
    const { order, cookie, turma, payer } = await buyClass('CREDIT_CARD')
    const certificate = await certify(order.userId!, turma)
    expect(await verify(certificate.code)).toMatchObject({ status: 'valid' })

    // Issued: the holder is e-mailed, with the verification page's address.
    const [issued] = (await latestMailsTo(payer.email)).filter(
      (mail) => mail.subject === `Seu certificado: ${certificate.title}`,
    )
    expect(issued?.text).toContain(`/certificados/${certificate.code}`)
    expect(issued?.text).toContain(certificate.code)
    const before = await downloads(certificate.code, cookie)
    expect([before.pdf.status, before.credential.status]).toEqual([200, 200])

    const withdrawn = await askWithdrawal(order.id, cookie)
    expect(withdrawn.status, JSON.stringify(withdrawn.body)).toBe(200)
    expect((await orderRow(order.id)).status).toBe('refunded')

    const revoked = await verify(certificate.code)
    expect(revoked).toMatchObject({ status: 'revoked', revoked_reason: CERTIFICATE_MONEY_REASONS.refunded })
    expect(revoked.revoked_reason).toBe('compra reembolsada')
    expect(revoked.revoked_at).not.toBeNull()

    const after = await downloads(certificate.code, cookie)
    expect([after.pdf.status, after.credential.status]).toEqual([403, 403])
    expect(after.pdf.body).toEqual({ msg: CERTIFICATE_MESSAGES.revoked('compra reembolsada') })
    // An administrator still downloads it (the institute's records).
    const admin = await newAdmin()
    expect(await download(certificate.code, 'pdf', admin.cookie)).toEqual({
      status: 200,
      body: 'application/pdf',
    })

    // The student's page: marked, with the reason, and no download offered.
    const mine = MyCertificates.parse((await call('/api/usuario/certificados', undefined, { cookie })).body)
    expect(mine.certificates.find((held) => held.code === certificate.code)).toMatchObject({
      status: 'revoked',
      revoked_reason: 'compra reembolsada',
      links: { pdf: null, credential: null, verification: `/certificados/${certificate.code}` },
    })

    const [told] = (await latestMailsTo(payer.email)).filter(
      (mail) => mail.subject === `Certificado revogado: ${certificate.title}`,
    )
    expect(told?.text).toContain('Motivo: compra reembolsada.')
    expect(told?.text).toContain(`/certificados/${certificate.code}`)
  })

  it("the admin's refund: a partial one keeps the certificate, the rest revokes it once", async () => {
    const { order, turma, payer } = await buyClass('CREDIT_CARD')
    const certificate = await certify(order.userId!, turma)
    const admin = await newAdmin()
    const refund = (body: unknown) => refundOrder(admin.cookie, order.id, body)

    expect((await refund({ amount_cents: 9000 })).status).toBe(200)
    expect((await orderRow(order.id)).status).toBe('partially_refunded')
    expect(await verify(certificate.code)).toMatchObject({ status: 'valid', revoked_at: null })

    expect((await refund({})).status).toBe(200)
    expect((await orderRow(order.id)).status).toBe('refunded')
    expect(await verify(certificate.code)).toMatchObject({
      status: 'revoked',
      revoked_reason: 'compra reembolsada',
    })
    // A replayed report of the refund adds nothing: one revocation, one e-mail.
    expect((await sendWebhook('charge.refunded', order.gatewayChargeId!)).status).toBe(200)
    expect(
      (await subjectsTo(payer.email)).filter(
        (subject) => subject === `Certificado revogado: ${certificate.title}`,
      ),
    ).toHaveLength(1)
  })

  it('a refund made at the provider, learned by its webhook', async () => {
    const { order, turma } = await buyClass('CREDIT_CARD')
    const certificate = await certify(order.userId!, turma)
    await refundAtProvider(order.gatewayChargeId!)
    expect(await verify(certificate.code)).toMatchObject({ status: 'valid' })
    expect((await sendWebhook('charge.refunded', order.gatewayChargeId!)).status).toBe(200)
    expect(await verify(certificate.code)).toMatchObject({
      status: 'revoked',
      revoked_reason: 'compra reembolsada',
    })
  })

  it('a refund made at the provider whose webhook never came, found by the reconciliation', async () => {
    const { order, turma } = await buyClass('CREDIT_CARD')
    const certificate = await certify(order.userId!, turma)
    await refundAtProvider(order.gatewayChargeId!)
    expect((await reconcileUntilMoved(order.id)).status).toBe('refunded')
    expect(await verify(certificate.code)).toMatchObject({
      status: 'revoked',
      revoked_reason: 'compra reembolsada',
    })
  })

  it('another active enrollment that gives the same course keeps the certificate', async () => {
    const { order, turma, cookie } = await buyClass('CREDIT_CARD')
    const certificate = await certify(order.userId!, turma)
    // The same course's other class, enrolled by hand (paid outside the site).
    const other = await createClass(db, { courseId: turma.courseId, name: 'Outra turma' })
    await db.insert(enrollments).values({ userId: order.userId!, classId: other.id, source: 'manual' })

    expect((await askWithdrawal(order.id, cookie)).status).toBe(200)
    expect(await enrollmentStatuses(order.id)).toEqual(['cancelled'])
    expect(await verify(certificate.code)).toMatchObject({ status: 'valid', revoked_at: null })
    expect((await downloads(certificate.code, cookie)).pdf.status).toBe(200)
  })

  it("a gift: its refund revokes the recipient's certificate, not the buyer's own", async () => {
    const recipient = {
      name: 'Helena Presenteada',
      email: uniqueEmail('presente'),
    }
    const turma = await createClass(db)
    const { status, body, payer } = await payCheckout(await cartWith(['turma', turma.id]), {
      extra: { gifts: [recipient] },
    })
    expect(status, JSON.stringify(body)).toBe(200)
    const order = await orderRow(PayResult.parse(body).order_id)
    const [account] = await db.select().from(users).where(eq(users.email, recipient.email))
    expect(order.recipientUserId).toBe(account!.id)
    const gifted = await certify(account!.id, turma)
    // The buyer holds a certificate of the same course, from elsewhere: not the gift's to take.
    const [buyer] = await db.select().from(users).where(eq(users.email, payer.email))
    const own = await certify(buyer!.id, turma)

    const admin = await newAdmin()
    expect((await refundOrder(admin.cookie, order.id)).status).toBe(200)
    expect(await verify(gifted.code)).toMatchObject({
      status: 'revoked',
      revoked_reason: 'compra reembolsada',
    })
    expect(await verify(own.code)).toMatchObject({ status: 'valid' })
    expect(await subjectsTo(recipient.email)).toContain(`Certificado revogado: ${gifted.title}`)
  })
})

describe('a chargeback suspends; won, it reinstates; lost, it revokes', () => {
  async function disputed() {
    const bought = await buyClass('CREDIT_CARD')
    const certificate = await certify(bought.order.userId!, bought.turma)
    await chargebackAtProvider(bought.order.gatewayChargeId!)
    expect((await sendWebhook('charge.chargedback', bought.order.gatewayChargeId!)).status).toBe(200)
    return { ...bought, certificate }
  }
  const decide = (orderId: string, cookie: string, body: unknown) =>
    call(`/api/admin/pedidos/${orderId}/contestacao`, body, { cookie })

  it('an open chargeback suspends the certificate; the dispute won (read by the reconciliation) brings it and the access back', async () => {
    const { order, cookie, turma, payer, certificate } = await disputed()
    expect((await orderRow(order.id)).status).toBe('charged_back')
    const suspended = await verify(certificate.code)
    expect(suspended).toMatchObject({
      status: 'suspended',
      suspended_reason: CERTIFICATE_MONEY_REASONS.chargeback,
      revoked_at: null,
    })
    expect(suspended.suspended_at).not.toBeNull()
    const refused = await downloads(certificate.code, cookie)
    expect([refused.pdf.status, refused.credential.status]).toEqual([403, 403])
    expect(refused.pdf.body).toEqual({
      msg: CERTIFICATE_MESSAGES.suspended(CERTIFICATE_MONEY_REASONS.chargeback),
    })
    expect(await enrolledClasses(cookie)).toEqual([])
    expect(await subjectsTo(payer.email)).toContain(`Certificado suspenso: ${certificate.title}`)
    // No new generation escapes the suspension while the dispute runs.
    const admin = await newAdmin()
    const reissue = await call(
      `/api/admin/certificados/${certificate.id}/reemissao`,
      { holder_name: 'Ana Beatriz Souza Lima' },
      { cookie: admin.cookie },
    )
    expect(reissue.status).toBe(409)

    // Still disputed: the reconciliation re-reads it and changes nothing.
    await reconcileUntilMoved(order.id, 7)
    expect((await orderRow(order.id)).status).toBe('charged_back')

    // The institute wins the dispute: the charge stays chargedback, a chargeback_refund payable appears.
    expect((await disputeWonAtProvider(order.gatewayChargeId!)).status).toBe(200)
    expect((await reconcileUntilMoved(order.id, 14)).status).toBe('paid')
    expect(await verify(certificate.code)).toMatchObject({
      status: 'valid',
      suspended_at: null,
      suspended_reason: null,
    })
    expect(await enrolledClasses(cookie)).toEqual([turma.id])
    expect(await enrollmentStatuses(order.id)).toEqual(['active'])
    expect((await downloads(certificate.code, cookie)).pdf.status).toBe(200)
    const subjects = await subjectsTo(payer.email)
    expect(subjects).toContain(`Certificado restabelecido: ${certificate.title}`)
    expect(subjects).toContain(`Contestação encerrada — pedido ${order.id}`)

    // A replay of the chargeback's webhook re-reads the charge: still won, nothing moves.
    expect((await sendWebhook('charge.chargedback', order.gatewayChargeId!)).status).toBe(200)
    expect((await orderRow(order.id)).status).toBe('paid')
    expect(await verify(certificate.code)).toMatchObject({ status: 'valid' })

    // The admin's order shows the dispute won.
    const seen = AdminOrder.parse(
      (await call(`/api/admin/pedidos/${order.id}`, undefined, { cookie: admin.cookie })).body,
    )
    expect(seen.dispute).toMatchObject({ state: 'won', lost_after: null })
  })

  it('the admin reads the provider now: still open, then won', async () => {
    const { order, certificate, cookie, turma } = await disputed()
    const admin = await newAdmin()
    const open = await decide(order.id, admin.cookie, { acao: 'consultar' })
    expect(open.status, JSON.stringify(open.body)).toBe(200)
    expect(ChargebackResult.parse(open.body)).toMatchObject({
      status: 'charged_back',
      dispute: 'open',
      message: CHARGEBACK_MESSAGES.stillOpen,
    })
    const seen = AdminOrder.parse(
      (await call(`/api/admin/pedidos/${order.id}`, undefined, { cookie: admin.cookie })).body,
    )
    expect(seen.dispute?.state).toBe('open')
    expect(seen.dispute?.lost_after).not.toBeNull()

    await disputeWonAtProvider(order.gatewayChargeId!)
    const won = await decide(order.id, admin.cookie, { acao: 'consultar' })
    expect(ChargebackResult.parse(won.body)).toMatchObject({
      status: 'paid',
      dispute: 'won',
      message: CHARGEBACK_MESSAGES.won,
    })
    expect(await verify(certificate.code)).toMatchObject({ status: 'valid' })
    expect(await enrolledClasses(cookie)).toEqual([turma.id])
    // Nothing left to decide.
    expect((await decide(order.id, admin.cookie, { acao: 'consultar' })).status).toBe(409)
  })

  it('the admin records it lost (once, with how it was learned): the certificate is revoked for good', async () => {
    const { order, certificate, payer, cookie } = await disputed()
    const admin = await newAdmin()
    const noNote = await decide(order.id, admin.cookie, { acao: 'perdida' })
    expect(noNote.status).toBe(422)
    expect(noNote.body.errors).toEqual({ observacao: [CHARGEBACK_MESSAGES.note] })
    expect((await decide(order.id, admin.cookie, { acao: 'desistir' })).status).toBe(422)
    const student = await sessionCookie((await createUser(db)).id)
    expect(
      (await decide(order.id, student, { acao: 'perdida', observacao: 'e-mail do Pagar.me' })).status,
    ).toBe(403)
    expect((await orderRow(order.id)).status).toBe('charged_back')

    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        decide(order.id, admin.cookie, { acao: 'perdida', observacao: 'E-mail do Pagar.me de 10/03' }),
      ),
    )
    expect(answers.map((answer) => answer.status)).toEqual(Array(5).fill(200))
    expect(answers.filter((answer) => answer.body.message === CHARGEBACK_MESSAGES.lost)).toHaveLength(1)
    expect((await orderRow(order.id)).status).toBe('chargeback_lost')
    expect(await orderScreen(order.id)).toMatchObject({ status: 'chargeback_lost' })
    expect(await verify(certificate.code)).toMatchObject({
      status: 'revoked',
      revoked_reason: CERTIFICATE_MONEY_REASONS.chargebackLost,
    })
    const audit = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, order.id), eq(auditLog.action, 'order.chargeback_lost')))
    expect(audit.map((line) => line.data)).toEqual([{ note: 'E-mail do Pagar.me de 10/03' }])
    expect(await subjectsTo(payer.email)).toContain(`Certificado revogado: ${certificate.title}`)
    expect((await downloads(certificate.code, cookie)).pdf.status).toBe(403)

    // Lost is for good: a dispute won at the provider afterwards brings nothing back.
    await disputeWonAtProvider(order.gatewayChargeId!)
    expect((await sendWebhook('charge.chargedback', order.gatewayChargeId!)).status).toBe(200)
    expect((await orderRow(order.id)).status).toBe('chargeback_lost')
    expect(await verify(certificate.code)).toMatchObject({ status: 'revoked' })
    // An order with no open dispute has nothing to record.
    const paid = await buyClass('CREDIT_CARD')
    const notDisputed = await decide(paid.order.id, admin.cookie, { acao: 'perdida', observacao: 'engano' })
    expect(notDisputed.status).toBe(409)
    expect(notDisputed.body).toEqual({ msg: CHARGEBACK_MESSAGES.notDisputed })
  })

  it('a dispute not won in 180 days is recorded lost by the reconciliation', async () => {
    const { order, certificate } = await disputed()
    await db
      .update(orders)
      .set({ chargedBackAt: new Date(Date.now() - 181 * 86_400_000) })
      .where(eq(orders.id, order.id))
    expect((await reconcileUntilMoved(order.id, 0)).status).toBe('chargeback_lost')
    expect(await verify(certificate.code)).toMatchObject({
      status: 'revoked',
      revoked_reason: CERTIFICATE_MONEY_REASONS.chargebackLost,
    })
  })
})

describe('the admin finds the certificates money took back, by state, with the reason', () => {
  it('filters by state; the list reads each state as certificateStatus does', async () => {
    const refunded = await buyClass('CREDIT_CARD')
    const revokedOne = await certify(refunded.order.userId!, refunded.turma, unique('Curso estornado'))
    const admin = await newAdmin()
    await refundOrder(admin.cookie, refunded.order.id)
    const disputedBuy = await buyClass('CREDIT_CARD')
    const suspendedOne = await certify(
      disputedBuy.order.userId!,
      disputedBuy.turma,
      unique('Curso contestado'),
    )
    await chargebackAtProvider(disputedBuy.order.gatewayChargeId!)
    await sendWebhook('charge.chargedback', disputedBuy.order.gatewayChargeId!)

    const list = async (query: string) => {
      const { status, body } = await call(`/api/admin/certificados?${query}`, undefined, {
        cookie: admin.cookie,
      })
      expect(status, JSON.stringify(body)).toBe(200)
      return IssuedCertificatePage.parse(body).items
    }
    const revokedList = await list(`state=revoked&q=${revokedOne.code}`)
    expect(revokedList.map((row) => [row.code, row.state, row.revoked_reason])).toEqual([
      [revokedOne.code, 'revoked', 'compra reembolsada'],
    ])
    const suspendedList = await list(`state=suspended&q=${suspendedOne.code}`)
    expect(suspendedList.map((row) => [row.code, row.state, row.suspended_reason])).toEqual([
      [suspendedOne.code, 'suspended', CERTIFICATE_MONEY_REASONS.chargeback],
    ])
    expect(await list(`state=valid&q=${suspendedOne.code}`)).toEqual([])
    expect(
      (await call('/api/admin/certificados?state=perdido', undefined, { cookie: admin.cookie })).status,
    ).toBe(422)

    // The SQL of the filter and the domain's rule agree on every row.
    const rows = await db
      .select({ row: certificates, state: CERTIFICATE_STATUS_SQL })
      .from(certificates)
      .where(like(certificates.title, 'Curso%'))
    expect(rows.length).toBeGreaterThan(1)
    for (const { row, state } of rows) expect(state, row.code).toBe(certificateStatus(row))
  })
})

describe('a gift follows decision 010: an account that never proved the address waits for the proof', () => {
  it('a gift to an address someone signed up with (never proved) waits; the proof delivers it', async () => {
    const stranger = await createUser(db, {
      name: 'Quem Cadastrou',
      email: uniqueEmail('cadastro'),
      passwordHash: 'scrypt$qualquer',
      emailVerifiedAt: null,
    })
    const turma = await createClass(db)
    const payer = newPayer()
    const { status, body } = await payCheckout(await cartWith(['turma', turma.id]), {
      payer,
      extra: { gifts: [{ name: 'Helena Presenteada', email: stranger.email }] },
    })
    expect(status, JSON.stringify(body)).toBe(200)
    const order = await orderRow(PayResult.parse(body).order_id)
    expect(order).toMatchObject({ status: 'paid', recipientUserId: null, giftClaimEmail: stranger.email })
    // Nobody holds the class yet: not the account someone signed up with.
    const held = await db.select().from(enrollments).where(eq(enrollments.classId, turma.id))
    expect(held).toEqual([])
    expect(await enrolledClasses(await sessionCookie(stranger.id))).not.toContain(turma.id)

    // The buyer and the recipient are told it waits, and how to claim it.
    const confirmation = (await latestMailsTo(payer.email)).find((mail) =>
      mail.subject.startsWith('Pagamento confirmado'),
    )
    expect(confirmation?.text).toContain('assim que ele for confirmado')
    const giftMail = (await latestMailsTo(stranger.email)).find((mail) =>
      mail.subject.includes('enviou um presente'),
    )
    expect(giftMail?.text).toContain('o presente fica guardado até a confirmação')
    const token = /\/senha\/redefinir#token=([\w-]+)/.exec(giftMail!.text)?.[1]
    expect(token, 'link que confirma o e-mail').toBeTruthy()

    // The admin's order says so.
    const admin = await newAdmin()
    const seen = AdminOrder.parse(
      (await call(`/api/admin/pedidos/${order.id}`, undefined, { cookie: admin.cookie })).body,
    )
    expect(seen.gift_waits_for_proof).toBe(true)

    // The mailbox's owner follows the link: the address is proved, and the gift is theirs.
    const reset = await call('/api/auth/reset-password', {
      token,
      password: 'senha-do-presente-1',
      password_confirmation: 'senha-do-presente-1',
    })
    expect(reset.status, JSON.stringify(reset.body)).toBe(200)
    expect(await orderRow(order.id)).toMatchObject({ recipientUserId: stranger.id, giftClaimEmail: null })
    const login = await call('/login', { email: stranger.email, password: 'senha-do-presente-1' })
    expect(login.status).toBe(200)
    expect(await enrolledClasses(sessionCookieOf(login.response))).toContain(turma.id)
  })

  it('an account that proved the address receives it at once, as before', async () => {
    const proved = await createUser(db, {
      passwordHash: 'x',
      email: uniqueEmail('provada'),
    })
    const turma = await createClass(db)
    const { status, body } = await payCheckout(await cartWith(['turma', turma.id]), {
      extra: { gifts: [{ name: 'Conta Provada', email: proved.email }] },
    })
    expect(status, JSON.stringify(body)).toBe(200)
    const order = await orderRow(PayResult.parse(body).order_id)
    expect(order).toMatchObject({ recipientUserId: proved.id, giftClaimEmail: null })
    expect(await enrolledClasses(await sessionCookie(proved.id))).toContain(turma.id)
  })
})

describe("a boleto's difference going back (decision 028)", () => {
  it('charged back, it suspends the certificates of the order it completed; its dispute won brings them and the access back', async () => {
    const bought = await buyClass('BOLETO')
    const { order, cookie, turma, payer } = bought
    const short = 9000
    await payAtProvider(order.gatewayChargeId!, order.totalCents - short)
    expect((await sendWebhook('charge.underpaid', order.gatewayChargeId!)).status).toBe(200)
    const difference = await payDifference(order.id, cookie)
    expect((await orderRow(order.id)).status).toBe('paid')
    const certificate = await certify(order.userId!, turma)

    await chargebackAtProvider(difference.gatewayChargeId!)
    expect((await sendWebhook('charge.chargedback', difference.gatewayChargeId!)).status).toBe(200)
    expect((await orderRow(order.id)).status).toBe('underpaid')
    expect(await verify(certificate.code)).toMatchObject({
      status: 'suspended',
      suspended_reason: CERTIFICATE_MONEY_REASONS.differenceWentBack,
    })
    expect(await enrolledClasses(cookie)).not.toContain(turma.id)
    expect(await subjectsTo(payer.email)).toContain(`Certificado suspenso: ${certificate.title}`)

    // The institute wins the difference's dispute: the difference is paid again, and so the order.
    expect((await disputeWonAtProvider(difference.gatewayChargeId!)).status).toBe(200)
    expect((await sendWebhook('charge.chargedback', difference.gatewayChargeId!)).status).toBe(200)
    expect((await orderRow(difference.id)).status).toBe('paid')
    expect((await orderRow(order.id)).status).toBe('paid')
    expect(await verify(certificate.code)).toMatchObject({ status: 'valid', suspended_at: null })
    expect(await enrolledClasses(cookie)).toContain(turma.id)
    expect(await subjectsTo(payer.email)).toContain(`Certificado restabelecido: ${certificate.title}`)
  })
})
