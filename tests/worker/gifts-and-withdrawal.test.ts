import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { auditLog, classes, enrollments, orderItems, orders, users } from '../../db/schema.ts'
import { AdminEnrollmentPage } from '../../worker/contract/admin-sales.ts'
import { GIFT_MESSAGES, PayResult } from '../../worker/contract/checkout.ts'
import { WITHDRAWAL_MESSAGES, WithdrawalResult } from '../../worker/contract/student.ts'
import { INSTITUTE } from '../../worker/domain/institute.ts'
import { adminCookie } from '../support/worker/admin.ts'
import {
  buyClass,
  call,
  cartWith,
  enrolledClasses,
  enrollmentStatuses,
  myPurchases,
  newPayer,
  payCheckout,
} from '../support/worker/checkout.ts'
import {
  createClass,
  createCourse,
  createUser,
  sessionCookie,
  testDb,
  uniqueEmail,
} from '../support/worker/db.ts'
import { notInvoiceMail } from '../support/worker/invoices.ts'
import { latestMailsTo } from '../support/worker/mail.ts'
import { providerRequests } from '../support/worker/pagarme.ts'

// Issue 22, items 7 and 8: a gift reaches its recipient (the access, and an e-mail naming who sent
// it); a buyer gives a purchase up within 7 days (CDC art. 49): an online course refunded at once,
// an in-person class asked of the institute, which approves or refuses with an answer.

const db = testDb()

async function buyGift(gifts: unknown[], payer = newPayer()) {
  const turma = await createClass(db)
  const view = await cartWith(['turma', turma.id])
  return { ...(await payCheckout(view, { payer, extra: { gifts } })), turma }
}

const lastMailTo = async (to: string) => (await latestMailsTo(to)).filter(notInvoiceMail)[0]

describe('a gift (issue 22, item 7)', () => {
  it('bought by one account, opened by another: the recipient holds the access and was told who sent it', async () => {
    const recipient = { name: 'Helena Presenteada', email: uniqueEmail('presente') }
    const { status, body, turma, payer, response } = await buyGift([recipient])
    expect(status, JSON.stringify(body)).toBe(200)
    const result = PayResult.parse(body)
    expect(result.status).toBe('paid')
    const buyerCookie = response.headers
      .getSetCookie()
      .find((c) => c.startsWith('renalis_session='))!
      .split(';')[0]!

    // The buyer keeps the purchase, not the class; the purchase names the recipient.
    expect(await enrolledClasses(buyerCookie)).not.toContain(turma.id)
    const [purchase] = await myPurchases(buyerCookie)
    expect(purchase).toMatchObject({ order_id: result.order_id, gift: recipient })
    const confirmation = await lastMailTo(payer.email)
    expect(confirmation?.subject).toContain('Pagamento confirmado')

    // The recipient: an account made for the e-mail, the class, an e-mail naming the buyer.
    const [account] = await db.select().from(users).where(eq(users.email, recipient.email))
    expect(account).toMatchObject({ name: recipient.name, passwordHash: null })
    const held = await db.select().from(enrollments).where(eq(enrollments.orderId, result.order_id))
    expect(held.map((row) => [row.userId, row.classId, row.status])).toEqual([
      [account!.id, turma.id, 'active'],
    ])
    const mail = await lastMailTo(recipient.email)
    expect(mail?.subject).toBe(`${payer.name} enviou um presente para você — ${INSTITUTE.name}`)

    // The recipient follows the e-mail's link, sets a password, signs in and finds the class.
    const token = /\/senha\/redefinir#token=([\w-]+)/.exec(mail!.text)?.[1]
    expect(token, 'link para criar a senha').toBeTruthy()
    const reset = await call('/api/auth/reset-password', {
      token,
      password: 'senha-do-presente-1',
      password_confirmation: 'senha-do-presente-1',
    })
    expect(reset.status, JSON.stringify(reset.body)).toBe(200)
    const login = await call('/login', { email: recipient.email, password: 'senha-do-presente-1' })
    expect(login.status).toBe(200)
    const recipientCookie = login.response.headers
      .getSetCookie()
      .find((c) => c.startsWith('renalis_session='))!
      .split(';')[0]!
    expect(await enrolledClasses(recipientCookie)).toContain(turma.id)

    // The admin's enrollments: the recipient's, given by the buyer.
    const admin = await adminCookie()
    const list = AdminEnrollmentPage.parse(
      (
        await call(`/api/admin/matriculas?q=${encodeURIComponent(recipient.email)}`, undefined, {
          cookie: admin,
        })
      ).body,
    )
    expect(list.items.map((row) => [row.student.email, row.order?.gift_from])).toEqual([
      [recipient.email, { name: payer.name, email: payer.email }],
    ])
  })

  it('to an account that exists: the access is added to it, with no password link', async () => {
    const existing = await createUser(db, { passwordHash: 'x', email: uniqueEmail('conta') })
    const { status, body, turma } = await buyGift([{ name: 'Conta Antiga', email: existing.email }])
    expect(status, JSON.stringify(body)).toBe(200)
    const cookie = await sessionCookie(existing.id)
    expect(await enrolledClasses(cookie)).toContain(turma.id)
    const mail = await lastMailTo(existing.email)
    expect(mail?.text).not.toContain('/senha/redefinir')
  })

  it('refuses a gift to oneself, or to two people, before anything is written', async () => {
    const payer = newPayer()
    const self = await buyGift([{ name: 'Eu Mesma', email: payer.email }], payer)
    expect(self.status).toBe(422)
    expect(self.body.errors).toEqual({ 'gifts.0.email': [GIFT_MESSAGES.notYourself] })
    const two = await buyGift([
      { name: 'Pessoa Um', email: uniqueEmail('um') },
      { name: 'Pessoa Dois', email: uniqueEmail('dois') },
    ])
    expect(two.status).toBe(422)
    expect(JSON.stringify(two.body.errors)).toContain(GIFT_MESSAGES.one)
    const bad = await buyGift([{ name: 'X', email: 'não é e-mail' }])
    expect(bad.status).toBe(422)
    const written = await db
      .select()
      .from(orders)
      .where(eq(orders.payer, { ...payer, cpf: payer.cpf.replace(/\D/g, '') }))
    expect(written).toEqual([])
  })
})

const askRefund = async (orderId: string, cookie: string, motivo: unknown = 'Comprei o curso errado.') =>
  call(`/api/usuario/compras/${orderId}/reembolso`, { motivo }, { cookie })

describe('the right of withdrawal (issue 22, item 8)', () => {
  it('an online course by card: 10 requests at once refund it once, at the provider, and end the access', async () => {
    const { order, cookie, turma } = await buyClass('CREDIT_CARD')
    const [purchase] = await myPurchases(cookie)
    expect(purchase?.withdrawal).toMatchObject({ state: 'available', at_once: true })

    const empty = await askRefund(order.id, cookie, '')
    expect(empty.status).toBe(422)
    expect(empty.body.errors).toEqual({ motivo: [WITHDRAWAL_MESSAGES.reason] })

    const answers = await Promise.all(Array.from({ length: 10 }, () => askRefund(order.id, cookie)))
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200))
    const deletes = await providerRequests(`/charges/${order.gatewayChargeId}`, 'DELETE')
    expect(deletes.filter((request) => request.status < 300)).toHaveLength(1)
    const [after] = await db.select().from(orders).where(eq(orders.id, order.id))
    expect(after).toMatchObject({
      status: 'refunded',
      refundedCents: order.totalCents,
      withdrawalStatus: 'approved',
    })
    expect(await enrollmentStatuses(order.id)).toEqual(['cancelled'])
    expect(await enrolledClasses(cookie)).not.toContain(turma.id)
    const result = WithdrawalResult.parse(answers[0]!.body)
    expect(result.withdrawal.reason).toBe('Comprei o curso errado.')
    const [listed] = await myPurchases(cookie)
    expect(listed).toMatchObject({ status: 'refunded', withdrawal: { state: 'approved' } })
  })

  it('an in-person class: one request however often asked; the institute refuses with an answer, or approves and refunds', async () => {
    const admin = await adminCookie()
    const presencial = await createCourse(db, { section: 'presencial' })
    const buy = async () => {
      const { order, cookie, turma } = await buyClass('CREDIT_CARD')
      // The class bought is an in-person course's.
      await db.update(classes).set({ courseId: presencial.id }).where(eq(classes.id, turma.id))
      await db.update(orderItems).set({ courseId: presencial.id }).where(eq(orderItems.orderId, order.id))
      return { order, cookie }
    }
    const first = await buy()
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => askRefund(first.order.id, first.cookie)),
    )
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200))
    expect(answers.filter((a) => a.body.message === WITHDRAWAL_MESSAGES.requested)).toHaveLength(1)
    expect(
      await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, first.order.id), eq(auditLog.action, 'order.withdrawal_requested'))),
    ).toHaveLength(1)
    expect((await lastMailTo(INSTITUTE.emails.education))?.subject).toBe(
      `Pedido de reembolso (desistência) — pedido ${first.order.id}`,
    )
    expect(await providerRequests(`/charges/${first.order.gatewayChargeId}`, 'DELETE')).toEqual([])
    expect(await enrollmentStatuses(first.order.id)).toEqual(['active'])

    const decide = (orderId: string, body: unknown) =>
      call(`/api/admin/pedidos/${orderId}/reembolso-solicitado`, body, { cookie: admin })
    const noAnswer = await decide(first.order.id, { decisao: 'recusar' })
    expect(noAnswer.status).toBe(422)
    expect(noAnswer.body.errors).toEqual({ resposta: [WITHDRAWAL_MESSAGES.answer] })
    const refused = await decide(first.order.id, { decisao: 'recusar', resposta: 'A turma já começou.' })
    expect(refused.status, JSON.stringify(refused.body)).toBe(200)
    expect((await decide(first.order.id, { decisao: 'aprovar' })).status).toBe(409)
    const [seen] = await myPurchases(first.cookie)
    expect(seen?.withdrawal).toMatchObject({ state: 'refused', answer: 'A turma já começou.' })
    expect((await lastMailTo(first.order.payer.email))?.text).toContain('A turma já começou.')
    expect((await askRefund(first.order.id, first.cookie)).status).toBe(422)

    const second = await buy()
    expect((await askRefund(second.order.id, second.cookie)).status).toBe(200)
    const approved = await decide(second.order.id, { decisao: 'aprovar' })
    expect(approved.status, JSON.stringify(approved.body)).toBe(200)
    const [after] = await db.select().from(orders).where(eq(orders.id, second.order.id))
    expect(after).toMatchObject({ status: 'refunded', withdrawalStatus: 'approved' })
    expect(await enrollmentStatuses(second.order.id)).toEqual(['cancelled'])
  })

  it('after 7 days the option is gone and the answer says why; a stranger’s or an unpaid order is not theirs to give up', async () => {
    const { order, cookie } = await buyClass('CREDIT_CARD')
    await db
      .update(orders)
      .set({ paidAt: new Date(Date.now() - 8 * 86_400_000) })
      .where(eq(orders.id, order.id))
    const [purchase] = await myPurchases(cookie)
    expect(purchase?.withdrawal?.state).toBe('expired')
    const late = await askRefund(order.id, cookie)
    expect(late.status).toBe(422)
    expect(late.body.errors).toEqual({ pedido: [WITHDRAWAL_MESSAGES.expired] })
    expect(await providerRequests(`/charges/${order.gatewayChargeId}`, 'DELETE')).toEqual([])

    const stranger = await sessionCookie((await createUser(db)).id)
    expect((await askRefund(order.id, stranger)).status).toBe(404)
    const pix = await buyClass('PIX')
    const [pending] = await myPurchases(pix.cookie)
    expect(pending?.withdrawal).toBeNull()
    expect((await askRefund(pix.order.id, pix.cookie)).status).toBe(422)
  })
})
