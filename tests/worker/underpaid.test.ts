import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { auditLog, classSeats } from '../../db/schema.ts'
import { PayResult } from '../../worker/contract/checkout.ts'
import { DIFFERENCE_MESSAGES } from '../../worker/services/checkout/differences.ts'
import { REFUND_MESSAGES } from '../../worker/services/checkout/refund.ts'
import { reconcilePayments } from '../../worker/services/payment-ledgers.ts'
import { acceptReceived, adminCall, newAdmin, refundOrder } from '../support/worker/admin.ts'
import {
  askDifference,
  buyClass,
  enrolledClasses,
  enrollmentsOf,
  myPurchase,
  orderRow,
  payDifference,
} from '../support/worker/checkout.ts'
import { testContext, testDb } from '../support/worker/db.ts'
import { mailsTo } from '../support/worker/mail.ts'
import {
  BANK_ACCOUNT,
  chargebackAtProvider,
  payAtProvider,
  payAtProviderAndTell,
  providerRequests,
  refundAtProvider,
  sendWebhook,
} from '../support/worker/pagarme.ts'

// Issue 40, item 5: a boleto paid short (Pagar.me's `underpaid`, `paid_amount` < `amount`) keeps the
// access closed, the student sees what is missing and pays the difference, or the institute decides
// (accepts what came, or refunds it). Through the sandbox, which pays a boleto short as Pagar.me does.

const db = testDb()
const seatsOf = async (classId: number) =>
  (await db.select().from(classSeats).where(eq(classSeats.classId, classId)))[0]!
const SHORT = 9000

/** A new buyer's boleto for a class with seats, paid `SHORT` centavos short, told by the webhook. */
async function paidShort() {
  const bought = await buyClass('BOLETO')
  await payAtProvider(bought.order.gatewayChargeId!, bought.order.totalCents - SHORT)
  expect((await sendWebhook('charge.underpaid', bought.order.gatewayChargeId!)).status).toBe(200)
  return bought
}

/** A boleto paid short, completed by its difference paid by PIX: the order paid, its access open. */
async function completedByDifference() {
  const bought = await paidShort()
  const difference = await payDifference(bought.order.id, bought.cookie)
  expect((await orderRow(bought.order.id)).status).toBe('paid')
  expect(await enrolledClasses(bought.cookie)).toContain(bought.turma.id)
  return { ...bought, difference }
}

describe('a boleto paid short (issue 40, item 5)', () => {
  it('the underpaid webhook keeps the access closed, the seat held, and shows the difference', async () => {
    const { order, turma, cookie, payer } = await paidShort()
    const received = order.totalCents - SHORT
    expect(await orderRow(order.id)).toMatchObject({
      status: 'underpaid',
      receivedCents: received,
      paidAt: null,
    })
    expect(await enrollmentsOf(order.id)).toEqual([])
    expect(await enrolledClasses(cookie)).not.toContain(turma.id)
    // Held, as a pending boleto's, while the difference is due or the institute decides.
    expect(await seatsOf(turma.id)).toMatchObject({ held: 1, taken: 0 })

    const mine = await myPurchase(cookie, order.id)
    expect(mine).toMatchObject({
      status: 'underpaid',
      underpaid: { received, missing: SHORT, can_pay_difference: true },
      withdrawal: null,
      can_reissue: false,
    })
    const told = (await mailsTo(payer.email)).filter((mail) => mail.subject.includes('pago a menor'))
    expect(told).toHaveLength(1)
    expect(told[0]!.text).toContain('faltam R$')

    // A replay changes nothing, and tells no one twice.
    expect((await sendWebhook('charge.underpaid', order.gatewayChargeId!)).status).toBe(200)
    expect((await orderRow(order.id)).status).toBe('underpaid')
    expect((await mailsTo(payer.email)).filter((mail) => mail.subject.includes('pago a menor'))).toHaveLength(
      1,
    )

    const { cookie: admin } = await newAdmin()
    const detail = await adminCall(admin, 'GET', `/api/admin/pedidos/${order.id}`)
    expect(detail.body).toMatchObject({ status: 'underpaid', received, missing: SHORT })
    const listed = await adminCall(admin, 'GET', '/api/admin/pedidos-pagos-a-menor')
    expect(listed.status).toBe(200)
    expect(listed.body).toEqual(
      expect.arrayContaining([expect.objectContaining({ order_id: order.id, received, missing: SHORT })]),
    )
  })

  it('the reconciliation reads a boleto paid short the same way, and never cancels it', async () => {
    const { order, cookie } = await buyClass('BOLETO')
    await payAtProvider(order.gatewayChargeId!, order.totalCents - SHORT)
    const later = testContext({ now: new Date(Date.now() + 31 * 60_000) })
    // A run reads at most 200 orders of the shared test database: run until this one was seen.
    for (let run = 0; run < 8 && (await orderRow(order.id)).status === 'pending'; run++) {
      expect((await reconcilePayments({ ctx: later })).interrupted).toBe(false)
    }
    expect(await orderRow(order.id)).toMatchObject({
      status: 'underpaid',
      receivedCents: order.totalCents - SHORT,
    })
    expect(await enrollmentsOf(order.id)).toEqual([])
    expect((await myPurchase(cookie, order.id)).underpaid).toMatchObject({ missing: SHORT })

    // Days on, it is re-read and stays as it is.
    const days = testContext({ now: new Date(Date.now() + 9 * 86_400_000) })
    for (let run = 0; run < 3; run++) await reconcilePayments({ ctx: days })
    expect(await providerRequests(`/charges/${order.gatewayChargeId}`, 'DELETE')).toEqual([])
    expect((await orderRow(order.id)).status).toBe('underpaid')
  })

  it('paying the difference opens the access, in the same settlement, once', async () => {
    const { order, cookie, turma, payer } = await paidShort()
    const asked = await askDifference(order.id, 'PIX', cookie)
    expect(asked.status, JSON.stringify(asked.body)).toBe(200)
    const difference = PayResult.parse(asked.body)
    expect(difference).toMatchObject({ status: 'pending', total: SHORT })
    expect(difference.ccj_pix_code).toBeTruthy()
    // A second click answers the same one.
    const again = await askDifference(order.id, 'PIX', cookie)
    expect(PayResult.parse(again.body).order_id).toBe(difference.order_id)
    const differenceRow = await orderRow(difference.order_id)
    expect(differenceRow).toMatchObject({ differenceOf: order.id, differenceKind: 'underpaid' })
    // Still closed while the difference waits.
    expect((await orderRow(order.id)).status).toBe('underpaid')

    await payAtProviderAndTell(differenceRow.gatewayChargeId!)
    expect((await orderRow(difference.order_id)).status).toBe('paid')
    expect(await orderRow(order.id)).toMatchObject({
      status: 'paid',
      receivedCents: order.totalCents - SHORT,
    })
    expect((await enrollmentsOf(order.id)).map((row) => row.status)).toEqual(['active'])
    expect(await enrolledClasses(cookie)).toContain(turma.id)
    expect(await seatsOf(turma.id)).toMatchObject({ held: 0, taken: 1 })

    // Replays add nothing: one enrollment, one confirmation of the order.
    expect((await sendWebhook('charge.paid', differenceRow.gatewayChargeId!)).status).toBe(200)
    expect((await sendWebhook('charge.underpaid', order.gatewayChargeId!)).status).toBe(200)
    expect(await enrollmentsOf(order.id)).toHaveLength(1)
    expect((await orderRow(order.id)).status).toBe('paid')
    const confirmations = (await mailsTo(payer.email)).filter((mail) => mail.text.includes(order.id))
    expect(confirmations.filter((mail) => /confirmad/i.test(mail.subject))).toHaveLength(1)

    const mine = await myPurchase(cookie, order.id)
    expect(mine).toMatchObject({ status: 'paid', underpaid: null })
    const late = await askDifference(order.id, 'BOLETO', cookie)
    expect(late.status).toBe(409)
    expect(late.body.msg).toBe('Este pedido não tem diferença a pagar.')
  })

  it('the admin accepts what arrived: paid, the access opens, one audit line; 409 otherwise', async () => {
    const { order, cookie, turma } = await paidShort()
    const { cookie: admin, user } = await newAdmin()
    const noNote = await acceptReceived(admin, order.id, {})
    expect(noNote.status).toBe(422)
    expect((await orderRow(order.id)).status).toBe('underpaid')

    const note = 'Tarifa bancária descontada pelo banco do aluno.'
    const accepted = await acceptReceived(admin, order.id, {
      observacao: note,
    })
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200)
    expect(accepted.body).toMatchObject({ order_id: order.id, status: 'paid' })
    expect(await orderRow(order.id)).toMatchObject({
      status: 'paid',
      receivedCents: order.totalCents - SHORT,
    })
    expect(await enrolledClasses(cookie)).toContain(turma.id)
    const audit = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, order.id), eq(auditLog.action, 'order.underpaid_accepted')))
    expect(audit).toHaveLength(1)
    expect(audit[0]).toMatchObject({
      actorUserId: user.id,
      data: { note, received_cents: order.totalCents - SHORT },
    })

    const twice = await acceptReceived(admin, order.id, {
      observacao: note,
    })
    expect(twice.status).toBe(409)
    expect(twice.body.msg).toBe('Este pedido não está pago a menor.')
    const paidInFull = await buyClass('CREDIT_CARD')
    const notShort = await acceptReceived(admin, paidInFull.order.id, {
      observacao: note,
    })
    expect(notShort.status).toBe(409)
  })

  it('the admin refunds what arrived (a boleto: to a bank account); the access never opened', async () => {
    const { order, cookie, turma } = await paidShort()
    const received = order.totalCents - SHORT
    const { cookie: admin } = await newAdmin()
    const tooMuch = await refundOrder(admin, order.id, {
      amount_cents: order.totalCents,
      bank_account: BANK_ACCOUNT,
    })
    expect(tooMuch.status).toBe(422)
    const refunded = await refundOrder(admin, order.id, {
      bank_account: BANK_ACCOUNT,
    })
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200)
    expect(refunded.body).toMatchObject({ status: 'refunded', refunded_cents: received })
    expect(await orderRow(order.id)).toMatchObject({ status: 'refunded', refundedCents: received })
    expect(await enrollmentsOf(order.id)).toEqual([])
    expect(await enrolledClasses(cookie)).not.toContain(turma.id)
    expect(await seatsOf(turma.id)).toMatchObject({ held: 0, taken: 0 })
    // Nothing left to decide or pay.
    const accept = await acceptReceived(admin, order.id, {
      observacao: 'tarde demais',
    })
    expect(accept.status).toBe(409)
    expect((await myPurchase(cookie, order.id)).underpaid).toBeNull()
  })

  it('accepted, part of it refunded: read as partly refunded (the charge stays underpaid at the provider)', async () => {
    const { order, cookie, turma } = await paidShort()
    const received = order.totalCents - SHORT
    const { cookie: admin } = await newAdmin()
    const accepted = await acceptReceived(admin, order.id, {
      observacao: 'Tarifa bancária.',
    })
    expect(accepted.status).toBe(200)
    const part = await refundOrder(admin, order.id, {
      amount_cents: 1000,
      bank_account: BANK_ACCOUNT,
    })
    expect(part.status, JSON.stringify(part.body)).toBe(200)
    expect(part.body).toMatchObject({ status: 'partially_refunded', refunded_cents: 1000 })
    expect(await enrolledClasses(cookie)).toContain(turma.id)
    // The rest of what arrived: refunded, the access ends.
    const rest = await refundOrder(admin, order.id, {
      bank_account: BANK_ACCOUNT,
    })
    expect(rest.status, JSON.stringify(rest.body)).toBe(200)
    expect(rest.body).toMatchObject({ status: 'refunded', refunded_cents: received })
    expect(await enrolledClasses(cookie)).not.toContain(turma.id)
  })

  it('the difference that opened the access is refunded only after the order it completed', async () => {
    const { order, cookie, turma, difference } = await completedByDifference()

    const { cookie: admin } = await newAdmin()
    const alone = await refundOrder(admin, difference.id)
    expect(alone.status).toBe(422)
    expect(alone.body.errors.status).toEqual([REFUND_MESSAGES.completesOrder(order.id)])
    expect(await providerRequests(`/charges/${difference.gatewayChargeId}`, 'DELETE')).toEqual([])
    expect((await orderRow(difference.id)).status).toBe('paid')
    expect(await enrolledClasses(cookie)).toContain(turma.id)

    // The order refunded (what arrived of it): its access ends; then the difference goes back too.
    const original = await refundOrder(admin, order.id, {
      bank_account: BANK_ACCOUNT,
    })
    expect(original.body).toMatchObject({ status: 'refunded', refunded_cents: order.totalCents - SHORT })
    expect(await enrolledClasses(cookie)).not.toContain(turma.id)
    expect(await seatsOf(turma.id)).toMatchObject({ held: 0, taken: 0 })
    const after = await refundOrder(admin, difference.id)
    expect(after.status, JSON.stringify(after.body)).toBe(200)
    expect(after.body).toMatchObject({ status: 'refunded', refunded_cents: SHORT })
  })

  it('the difference refunded at the provider takes the access back: the order is paid short again (decision 028)', async () => {
    const { order, cookie, turma, payer, difference } = await completedByDifference()
    // Refunded from Pagar.me's dashboard, not through the store: the webhook tells it.
    await refundAtProvider(difference.gatewayChargeId!)
    expect((await sendWebhook('charge.refunded', difference.gatewayChargeId!)).status).toBe(200)
    expect(await orderRow(difference.id)).toMatchObject({ status: 'refunded', refundedCents: SHORT })
    expect(await orderRow(order.id)).toMatchObject({
      status: 'underpaid',
      receivedCents: order.totalCents - SHORT,
    })
    expect((await enrollmentsOf(order.id)).map((row) => row.status)).toEqual(['cancelled'])
    expect(await enrolledClasses(cookie)).not.toContain(turma.id)
    // The seat is held again, as for any boleto paid short.
    expect(await seatsOf(turma.id)).toMatchObject({ held: 1, taken: 0 })
    const told = (await mailsTo(payer.email)).filter((mail) => mail.subject.includes('Diferença devolvida'))
    expect(told).toHaveLength(1)
    expect(told[0]!.text).toContain(`faltam R$`)
    expect((await myPurchase(cookie, order.id)).underpaid).toMatchObject({
      missing: SHORT,
      can_pay_difference: true,
    })
    // A replay moves nothing and tells no one twice.
    expect((await sendWebhook('charge.refunded', difference.gatewayChargeId!)).status).toBe(200)
    expect((await orderRow(order.id)).status).toBe('underpaid')
    expect(
      (await mailsTo(payer.email)).filter((mail) => mail.subject.includes('Diferença devolvida')),
    ).toHaveLength(1)

    // The difference paid again: the order is paid again, the access back.
    const asked = await askDifference(order.id, 'PIX', cookie)
    expect(asked.status, JSON.stringify(asked.body)).toBe(200)
    const second = await orderRow(PayResult.parse(asked.body).order_id)
    expect(second.id).not.toBe(difference.id)
    await payAtProviderAndTell(second.gatewayChargeId!)
    expect((await orderRow(order.id)).status).toBe('paid')
    expect(await enrolledClasses(cookie)).toContain(turma.id)
    expect(await seatsOf(turma.id)).toMatchObject({ held: 0, taken: 1 })
    // That second difference now completes the order: refunded alone, it is refused (422).
    const { cookie: admin } = await newAdmin()
    const alone = await refundOrder(admin, second.id)
    expect(alone.status).toBe(422)
  })

  it('the difference charged back takes the access back while disputed; no new difference meanwhile', async () => {
    const { order, cookie, turma, difference } = await completedByDifference()
    await chargebackAtProvider(difference.gatewayChargeId!)
    expect((await sendWebhook('charge.chargedback', difference.gatewayChargeId!)).status).toBe(200)
    expect((await orderRow(difference.id)).status).toBe('charged_back')
    expect((await orderRow(order.id)).status).toBe('underpaid')
    expect(await enrolledClasses(cookie)).not.toContain(turma.id)
    const again = await askDifference(order.id, 'PIX', cookie)
    expect(again.status).toBe(409)
    expect(again.body.msg).toBe(DIFFERENCE_MESSAGES.differenceDisputed)
  })

  it('a boleto paid in full or over still opens the access at once', async () => {
    const { order, cookie, turma } = await buyClass('BOLETO')
    await payAtProvider(order.gatewayChargeId!, order.totalCents + 500)
    expect((await sendWebhook('charge.overpaid', order.gatewayChargeId!)).status).toBe(200)
    expect((await orderRow(order.id)).status).toBe('paid')
    expect(await enrolledClasses(cookie)).toContain(turma.id)
  })
})
