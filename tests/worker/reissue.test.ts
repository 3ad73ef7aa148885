import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import * as schema from '../../db/schema.ts'
import { CartResponse, CheckoutView } from '../../worker/contract/cart.ts'
import { PayResult } from '../../worker/contract/checkout.ts'
import { ReissueRefused } from '../../worker/contract/student.ts'
import { PURCHASE_MESSAGES } from '../../worker/services/checkout/purchases.ts'
import { reconcilePayments } from '../../worker/services/payment-ledgers.ts'
import { billingAddress } from '../support/buyer.ts'
import {
  buyClass,
  call,
  cartWith,
  newPayer,
  orderRow,
  orderScreen,
  sessionCookieOf,
} from '../support/worker/checkout.ts'
import { createClass, createCoupon, testContext, testDb } from '../support/worker/db.ts'

// Issue 29, item 2: a boleto or PIX issued again for an expired order is priced again.

const db = testDb()

/** A new buyer pays by PIX for these classes, with a coupon when given. */
async function buyByPix(classIds: number[], couponKey?: string) {
  let view = await cartWith(...classIds.map((id): ['turma', number] => ['turma', id]))
  if (couponKey) {
    const applied = CartResponse.parse(
      (await call('/carrinho-de-compras/set-cupom', { hash: view.hash, key: couponKey })).body,
    )
    view = CheckoutView.parse((await call(`/checkout/get?cart=${applied.hash}`)).body)
  }
  const { status, body, response } = await call('/checkout/pagar', {
    hash: view.hash,
    idempotency_key: `pedido-${crypto.randomUUID()}`,
    payer: newPayer(),
    billingAddress,
    total: view.totals.net_value,
    payment_type: 'PIX',
  })
  expect(status, JSON.stringify(body)).toBe(200)
  const result = PayResult.parse(body)
  return { order: await orderRow(result.order_id), cookie: sessionCookieOf(response) }
}

/** Past the PIX's expiry: the reconciliation cancels it at the provider and closes the order. */
async function expire(orderId: string) {
  const later = testContext({ now: new Date(Date.now() + 3600_000) })
  for (let run = 0; run < 8 && (await orderScreen(orderId)).status === 'pending'; run++) {
    await reconcilePayments({ ctx: later })
  }
  expect((await orderScreen(orderId)).status).toBe('expired')
}

const reissue = (orderId: string, cookie: string) =>
  call(`/api/usuario/compras/${orderId}/novo-pagamento`, null, { cookie })

const checkoutOf = async (hash: string) => CheckoutView.parse((await call(`/checkout/get?cart=${hash}`)).body)

const newCoupon = (classId: number, values: Partial<typeof schema.coupons.$inferInsert> = {}) =>
  createCoupon(db, { classId, ...values })

const usedCount = async (couponId: number) =>
  (await db.select().from(schema.coupons).where(eq(schema.coupons.id, couponId)))[0]!.usedCount

/** Refused: the message, and nothing of the order changed (still expired, never sent again). */
async function expectRefused(
  answer: Awaited<ReturnType<typeof reissue>>,
  order: typeof schema.orders.$inferSelect,
  message: string,
) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(422)
  const refused = ReissueRefused.parse(answer.body)
  expect(refused.message).toBe(message)
  expect(refused.errors).toEqual({ pedido: [message] })
  const after = await orderRow(order.id)
  expect(after).toMatchObject({
    status: 'expired',
    totalCents: order.totalCents,
    chargeAttempts: 1,
    gatewayOrderId: order.gatewayOrderId,
  })
  return refused.cart
}

describe('issuing an expired boleto or PIX again prices it again', () => {
  it('a price raised after the order: refused with a cart of the same class at the new price', async () => {
    const { order, cookie, turma } = await buyClass('PIX', newPayer(), 30000)
    await expire(order.id)
    await db.update(schema.classes).set({ priceCents: 35000 }).where(eq(schema.classes.id, turma.id))

    const cart = await expectRefused(await reissue(order.id, cookie), order, PURCHASE_MESSAGES.changed)
    expect(cart).toEqual(expect.any(String))
    const view = await checkoutOf(cart!)
    expect(view.turmas.map((row) => [row.id, row.net_value])).toEqual([[turma.id, 35000]])
    expect(view.totals.net_value).toBe(35000)

    // Asking again changes nothing: never the old total.
    await expectRefused(await reissue(order.id, cookie), order, PURCHASE_MESSAGES.changed)
  })

  it('a class sold out while the order was expired: refused (Turma esgotada), never a 500', async () => {
    const turma = await createClass(db, { priceCents: 30000, seats: 1 })
    const first = await buyByPix([turma.id])
    await expire(first.order.id)
    // The seat the expiry released goes to another buyer.
    await buyByPix([turma.id])
    const again = await reissue(first.order.id, first.cookie)
    expect([409, 422], JSON.stringify(again.body)).toContain(again.status)
    expect(JSON.stringify(again.body)).toMatch(/Turma esgotada|não estão mais à venda|mudaram/)
    expect((await orderRow(first.order.id)).status).toBe('expired')
  })

  it('the same prices: a new PIX for the same order at its stored total', async () => {
    const { order, cookie } = await buyClass('PIX', newPayer(), 30000)
    await expire(order.id)
    const again = await reissue(order.id, cookie)
    expect(again.status, JSON.stringify(again.body)).toBe(200)
    const result = PayResult.parse(again.body)
    expect(result).toMatchObject({ order_id: order.id, status: 'pending', total: 30000 })
    expect(result.ccj_pix_code).not.toBe(order.pixCode)
    expect(await orderRow(order.id)).toMatchObject({
      status: 'pending',
      chargeAttempts: 2,
      totalCents: 30000,
    })
  })

  it('a coupon still valid is applied again: the same discounted total, its use reserved again', async () => {
    const turma = await createClass(db, { priceCents: 20000 })
    const coupon = await newCoupon(turma.id, { maxUses: 5 })
    const { order, cookie } = await buyByPix([turma.id], coupon.key)
    expect(order.totalCents).toBe(18000)
    await expire(order.id)
    expect(await usedCount(coupon.id)).toBe(0)

    const again = await reissue(order.id, cookie)
    expect(again.status, JSON.stringify(again.body)).toBe(200)
    expect(PayResult.parse(again.body)).toMatchObject({ status: 'pending', total: 18000 })
    expect(await usedCount(coupon.id)).toBe(1)
  })

  it('a class no longer on sale: refused; the cart holds what is still sold, or there is none', async () => {
    const [kept, closed] = [
      await createClass(db, { priceCents: 20000 }),
      await createClass(db, { priceCents: 15000 }),
    ]
    const both = await buyByPix([kept.id, closed.id])
    const alone = await buyClass('PIX', newPayer(), 25000)
    await expire(both.order.id)
    await expire(alone.order.id)
    await db.update(schema.classes).set({ isOpen: false }).where(eq(schema.classes.id, closed.id))
    await db.update(schema.classes).set({ isOpen: false }).where(eq(schema.classes.id, alone.turma.id))

    const cart = await expectRefused(
      await reissue(both.order.id, both.cookie),
      both.order,
      PURCHASE_MESSAGES.partlyOffSale,
    )
    const view = await checkoutOf(cart!)
    expect(view.turmas.map((row) => [row.id, row.net_value])).toEqual([[kept.id, 20000]])

    expect(
      await expectRefused(
        await reissue(alone.order.id, alone.cookie),
        alone.order,
        PURCHASE_MESSAGES.offSale,
      ),
    ).toBeNull()
  })

  it('a coupon switched off: refused; the cart holds the class at its price, without the coupon', async () => {
    const turma = await createClass(db, { priceCents: 20000 })
    const coupon = await newCoupon(turma.id)
    const { order, cookie } = await buyByPix([turma.id], coupon.key)
    expect(order.totalCents).toBe(18000)
    await expire(order.id)
    await db.update(schema.coupons).set({ isActive: false }).where(eq(schema.coupons.id, coupon.id))

    const cart = await expectRefused(await reissue(order.id, cookie), order, PURCHASE_MESSAGES.changed)
    const view = await checkoutOf(cart!)
    expect(view.cupons).toEqual([])
    expect(view.totals.net_value).toBe(20000)
    expect(await usedCount(coupon.id)).toBe(0)
  })

  it('a coupon whose last use sold while the order was expired: refused, as the checkout drops it', async () => {
    const turma = await createClass(db, { priceCents: 20000 })
    const coupon = await newCoupon(turma.id, { maxUses: 1 })
    const { order, cookie } = await buyByPix([turma.id], coupon.key)
    await expire(order.id)
    // Someone else's order takes the use this one gave back.
    await db.update(schema.coupons).set({ usedCount: 1 }).where(eq(schema.coupons.id, coupon.id))

    const cart = await expectRefused(await reissue(order.id, cookie), order, PURCHASE_MESSAGES.changed)
    expect((await checkoutOf(cart!)).totals.net_value).toBe(20000)
    expect(await usedCount(coupon.id)).toBe(1)
  })
})
