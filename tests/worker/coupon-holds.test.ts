import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { coupons, orders } from '../../db/schema.ts'
import { AdminCouponPage } from '../../worker/contract/admin-catalog.ts'
import { CartResponse, CheckoutView } from '../../worker/contract/cart.ts'
import { PayResult } from '../../worker/contract/checkout.ts'
import worker from '../../worker/index.ts'
import { OUTBOX_CRON } from '../../worker/scheduled.ts'
import { endCouponHolds } from '../../worker/services/checkout/coupon-holds.ts'
import { settleOrder } from '../../worker/services/checkout/order-ledger.ts'
import { billingAddress } from '../support/buyer.ts'
import { adminCall, newAdmin } from '../support/worker/admin.ts'
import { call, cartWith, newPayer, orderRow, orderScreen } from '../support/worker/checkout.ts'
import { createClass, createCoupon, testContext, testDb } from '../support/worker/db.ts'
import { cardToken, payAtProvider, sendWebhook } from '../support/worker/pagarme.ts'

// Issue 29, item 10: an unpaid order holds a limited coupon for a short, stated time; a late
// payment takes its use again, past the limit when none is left.

const db = testDb()
const USED_UP = 'Cupom inválido, expirado ou que não vale para os itens do carrinho.'

const limitedCoupon = (classId: number, maxUses = 1) => createCoupon(db, { classId, maxUses })

const applyCoupon = (hash: string, key: string) => call('/carrinho-de-compras/set-cupom', { hash, key })

/** A new buyer checks the class out with the coupon, by the given method. */
async function buyWithCoupon(classId: number, key: string, payment: 'PIX' | 'BOLETO' | 'CREDIT_CARD') {
  const view = await cartWith(['turma', classId])
  const applied = await applyCoupon(view.hash, key)
  expect(applied.status, JSON.stringify(applied.body)).toBe(200)
  const checkout = CheckoutView.parse(
    (await call(`/checkout/get?cart=${CartResponse.parse(applied.body).hash}`)).body,
  )
  const { status, body } = await call('/checkout/pagar', {
    hash: checkout.hash,
    idempotency_key: `pedido-${crypto.randomUUID()}`,
    payer: newPayer(),
    billingAddress,
    total: checkout.totals.net_value,
    payment_type: payment,
    ...(payment === 'CREDIT_CARD' ? { cardhash: await cardToken() } : {}),
  })
  expect(status, JSON.stringify(body)).toBe(200)
  return orderRow(PayResult.parse(body).order_id)
}

const couponRow = async (id: number) => (await db.select().from(coupons).where(eq(coupons.id, id)))[0]!

/** The admin's coupon list, as the screen shows the row. */
async function adminCoupon(key: string) {
  const { cookie } = await newAdmin()
  const listed = await adminCall(cookie, 'GET', `/api/admin/cupons?q=${key}`)
  expect(listed.status).toBe(200)
  return AdminCouponPage.parse(listed.body).items.find((item) => item.key === key)!
}

/** The provider reports the boleto or PIX paid (the money arrived at the bank). */
async function paidAtTheBank(order: typeof orders.$inferSelect) {
  await payAtProvider(order.gatewayChargeId!)
  const hook = await sendWebhook('charge.paid', order.gatewayChargeId!)
  expect(hook.status).toBe(200)
}

/** A run of the five-minute Cron Trigger at the given time. */
async function scheduledRun(at: number) {
  const execution = createExecutionContext()
  await worker.scheduled!(createScheduledController({ scheduledTime: at, cron: OUTBOX_CRON }), env, execution)
  await waitOnExecutionContext(execution)
}

describe('coupon holds', () => {
  it('a PIX holds the last use until it expires; paid after that, it is honoured past the limit, which the admin sees', async () => {
    const turma = await createClass(db, { priceCents: 20000 })
    const coupon = await limitedCoupon(turma.id)
    const pix = await buyWithCoupon(turma.id, coupon.key, 'PIX')
    expect(pix.totalCents).toBe(18000)
    expect(await couponRow(coupon.id)).toMatchObject({ usedCount: 1, overLimitUses: 0 })
    // While the PIX can be paid, the last use is this buyer's: another is told the one message.
    const other = await cartWith(['turma', turma.id])
    expect((await applyCoupon(other.hash, coupon.key)).body.errors).toEqual({ key: [USED_UP] })

    // The PIX expired (30 minutes): the Cron Trigger's next run gives the use back, though the
    // order stays open for a payment already on its way.
    await db
      .update(orders)
      .set({ pixExpiresAt: new Date(Date.now() - 60_000) })
      .where(eq(orders.id, pix.id))
    await scheduledRun(Date.now())
    expect(await couponRow(coupon.id)).toMatchObject({ usedCount: 0, overLimitUses: 0 })
    expect(await orderRow(pix.id)).toMatchObject({ status: 'pending', couponHeld: false })

    const card = await buyWithCoupon(turma.id, coupon.key, 'CREDIT_CARD')
    expect(card).toMatchObject({ status: 'paid', totalCents: 18000 })
    expect(await couponRow(coupon.id)).toMatchObject({ usedCount: 1, overLimitUses: 0 })

    // The first buyer's PIX is paid after all: the order is honoured at its price, and the use
    // it takes again goes past the limit, on the admin's coupon.
    await paidAtTheBank(pix)
    expect((await orderScreen(pix.id)).status).toBe('paid')
    expect(await couponRow(coupon.id)).toMatchObject({ usedCount: 1, overLimitUses: 1 })
    expect(await orderRow(pix.id)).toMatchObject({ couponHeld: true })
    expect(await adminCoupon(coupon.key)).toMatchObject({ used_count: 1, max_uses: 1, over_limit_uses: 1 })
    // A second report of the same payment takes nothing more.
    expect((await sendWebhook('charge.paid', pix.gatewayChargeId!)).status).toBe(200)
    expect(await couponRow(coupon.id)).toMatchObject({ usedCount: 1, overLimitUses: 1 })
  })

  it('a boleto holds its use until it falls due, not the days it may still be paid after', async () => {
    const turma = await createClass(db, { priceCents: 30000 })
    const coupon = await limitedCoupon(turma.id, 2)
    const boleto = await buyWithCoupon(turma.id, coupon.key, 'BOLETO')
    expect(boleto.boletoDueAt!.getTime()).toBeGreaterThan(Date.now() + 2 * 86_400_000)

    await endCouponHolds(testContext({ now: new Date(boleto.boletoDueAt!.getTime() - 60_000) }))
    expect(await couponRow(coupon.id)).toMatchObject({ usedCount: 1 })
    await endCouponHolds(testContext({ now: new Date(boleto.boletoDueAt!.getTime() + 60_000) }))
    expect(await couponRow(coupon.id)).toMatchObject({ usedCount: 0 })
    // Run again, nothing more goes back.
    await endCouponHolds(testContext({ now: new Date(boleto.boletoDueAt!.getTime() + 120_000) }))
    expect(await couponRow(coupon.id)).toMatchObject({ usedCount: 0 })

    // Paid in the days after the due date: the use is taken again, within the limit.
    await paidAtTheBank(boleto)
    expect((await orderScreen(boleto.id)).status).toBe('paid')
    expect(await couponRow(coupon.id)).toMatchObject({ usedCount: 1, overLimitUses: 0 })
  })

  it('an order that expired gives its use back once, and paid late takes it again', async () => {
    const turma = await createClass(db, { priceCents: 30000 })
    const coupon = await limitedCoupon(turma.id, 5)
    const pix = await buyWithCoupon(turma.id, coupon.key, 'PIX')
    expect(await couponRow(coupon.id)).toMatchObject({ usedCount: 1 })
    // Closed as our deadline says (the cancel at the provider came after the payer paid).
    const expired = await settleOrder(testContext(), pix, { status: 'expired', refundedCents: 0 })
    expect(expired.order.status).toBe('expired')
    expect(await couponRow(coupon.id)).toMatchObject({ usedCount: 0 })
    // The hold's end finds nothing more to give back.
    await endCouponHolds(testContext({ now: new Date(Date.now() + 86_400_000) }))
    expect(await couponRow(coupon.id)).toMatchObject({ usedCount: 0 })

    await paidAtTheBank(pix)
    expect((await orderScreen(pix.id)).status).toBe('paid')
    expect(await couponRow(coupon.id)).toMatchObject({ usedCount: 1, overLimitUses: 0 })
  })
})
