import { type SQL, sql } from 'drizzle-orm'
import type { orders } from '../../../db/schema.ts'
import { Gift } from '../../contract/checkout.ts'

// A purchase given to someone else (the checkout's 'Presentear', issue 22, item 7): the recipient
// holds its enrollments; the buyer keeps the order, its receipts and its refunds.

type OrderRow = typeof orders.$inferSelect

/** The order's gift, if it is one: who receives it (issue 22, item 7). */
export function giftOf(order: Pick<OrderRow, 'gifts'>): Gift | null {
  const parsed = Gift.safeParse(order.gifts?.[0])
  return parsed.success ? parsed.data : null
}

/**
 * A gift's recipient: the account of its e-mail, made when there is none (no password yet: the
 * gift's e-mail carries the link to set one), written on the order, in the settlement's own
 * transaction (`thisStep`).
 */
export function recipientStatements(order: OrderRow, gift: Gift, thisStep: SQL): SQL[] {
  return [
    sql`INSERT INTO users (name, email, type, is_new_user)
      SELECT ${gift.name}, ${gift.email}, 'N', 1 WHERE ${thisStep}
      ON CONFLICT (email) DO NOTHING`,
    sql`UPDATE orders SET recipient_user_id = (SELECT id FROM users WHERE email = ${gift.email})
      WHERE id = ${order.id} AND ${thisStep}`,
  ]
}
