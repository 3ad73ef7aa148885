import { sql } from 'drizzle-orm'
import type { AppContext } from '../../context.ts'

/**
 * The statements an order's batch runs (services/checkout/pay.ts): the checkout of that cart and
 * address is closed by the order, and the reminders it got point at the order (the dashboard's
 * recovered sales), unless the order was not written (another request took its key).
 */
export function closeAbandonedCheckout(
  ctx: AppContext,
  { orderId, email, cartHash }: { orderId: string; email: string; cartHash: string },
) {
  const written = sql`EXISTS (SELECT 1 FROM orders WHERE id = ${orderId})`
  return [
    ctx.db.run(sql`UPDATE abandoned_checkouts SET order_id = ${orderId}
      WHERE email = ${email} AND cart_hash = ${cartHash} AND order_id IS NULL AND ${written}`),
    ctx.db.run(sql`UPDATE reminders SET order_id = ${orderId}
      WHERE order_id IS NULL AND checkout_id IN
        (SELECT id FROM abandoned_checkouts WHERE order_id = ${orderId})`),
  ] as const
}
