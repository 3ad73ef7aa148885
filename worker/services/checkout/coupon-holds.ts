import { type SQL, sql } from 'drizzle-orm'
import type { AppContext } from '../../context.ts'
import type { OrderState } from '../../domain/orders.ts'

/**
 * The uses of a limited coupon that orders count (issue 29, item 10; README "Coupons").
 *
 * An order reserves one use of each coupon of its lines when it is written (coupons.used_count + 1
 * in its own batch, refused past the limit) and marks it on itself (orders.coupon_held). An unpaid
 * order holds it for a short, stated time: until its PIX expires (30 minutes) or its boleto falls
 * due (3 days), not for the days a boleto may still be paid after that. Then, or when it fails or
 * expires, the use goes back; a payment that arrives later takes it again, beyond the limit when
 * none is left (honoured: the buyer paid that price), which the admin's coupon list shows.
 */

/** The coupons of an order's lines. */
const couponsOf = (orderId: string) =>
  sql`SELECT coupon_id FROM order_items WHERE order_id = ${orderId} AND coupon_id IS NOT NULL`

const held = (orderId: string, value: 0 | 1) =>
  sql`EXISTS (SELECT 1 FROM orders WHERE id = ${orderId} AND coupon_held = ${value})`

/** Gives the order's coupon uses back, when it still counts them. */
function giveBack(orderId: string, when: SQL): SQL[] {
  return [
    sql`UPDATE coupons SET used_count = used_count - 1
      WHERE used_count > 0 AND id IN (${couponsOf(orderId)}) AND ${held(orderId, 1)} AND ${when}`,
    sql`UPDATE orders SET coupon_held = 0 WHERE id = ${orderId} AND coupon_held = 1 AND ${when}`,
  ]
}

/**
 * Takes the order's coupon uses again (a payment after its hold ended): within the limit while
 * uses are left, counted apart beyond it (the limit's check stays whole for the checkout).
 */
function takeAgain(orderId: string, when: SQL): SQL[] {
  const ofThisOrder = sql`id IN (${couponsOf(orderId)}) AND ${held(orderId, 0)} AND ${when}`
  return [
    sql`UPDATE coupons SET over_limit_uses = over_limit_uses + 1
      WHERE max_uses IS NOT NULL AND used_count >= max_uses AND ${ofThisOrder}`,
    sql`UPDATE coupons SET used_count = used_count + 1
      WHERE (max_uses IS NULL OR used_count < max_uses) AND ${ofThisOrder}`,
    sql`UPDATE orders SET coupon_held = 1 WHERE id = ${orderId} AND coupon_held = 0
      AND EXISTS (${couponsOf(orderId)}) AND ${when}`,
  ]
}

const UNPAID: OrderState[] = ['pending', 'failed', 'expired']

/** What a step of an order's settlement does to its coupon uses (in the step's own transaction). */
export function couponStatements(
  orderId: string,
  current: OrderState,
  next: OrderState,
  thisStep: SQL,
): SQL[] {
  if (current === 'pending' && (next === 'failed' || next === 'expired')) return giveBack(orderId, thisStep)
  if (UNPAID.includes(current) && !UNPAID.includes(next)) return takeAgain(orderId, thisStep)
  return []
}

/**
 * The scheduled end of holds: unpaid orders whose PIX has expired or whose boleto has fallen due
 * give their coupon uses back, in one transaction. Returns how many orders did.
 */
export async function endCouponHolds(ctx: AppContext): Promise<number> {
  const now = ctx.now.getTime()
  const due = (order: SQL) => sql`${order}.status = 'pending' AND ${order}.coupon_held = 1
    AND (${order}.pix_expires_at < ${now} OR ${order}.boleto_due_at < ${now})`
  const [, ended] = await ctx.db.batch([
    ctx.db.run(sql`UPDATE coupons SET used_count = max(0, used_count - (
        SELECT count(DISTINCT o.id) FROM orders o JOIN order_items i ON i.order_id = o.id
        WHERE i.coupon_id = coupons.id AND ${due(sql`o`)}))
      WHERE id IN (SELECT i.coupon_id FROM orders o JOIN order_items i ON i.order_id = o.id
        WHERE ${due(sql`o`)})`),
    ctx.db.run(sql`UPDATE orders SET coupon_held = 0 WHERE ${due(sql`orders`)}`),
  ])
  return ended.rowsAffected
}
