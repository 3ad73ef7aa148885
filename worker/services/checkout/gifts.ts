import { type SQL, sql } from 'drizzle-orm'
import type { orders } from '../../../db/schema.ts'
import { Gift } from '../../contract/checkout.ts'
import { NOBODY_HOLDS_IT } from '../auth/holders.ts'

// A purchase given to someone else (the checkout's 'Presentear', issue 22, item 7): the recipient
// holds its enrollments; the buyer keeps the order, its receipts and its refunds.

type OrderRow = typeof orders.$inferSelect

/** The order's gift, if it is one: who receives it (issue 22, item 7). */
export function giftOf(order: Pick<OrderRow, 'gifts'>): Gift | null {
  const parsed = Gift.safeParse(order.gifts?.[0])
  return parsed.success ? parsed.data : null
}

/**
 * The account that may receive a gift to `email` now (decision 010): one that proved the address,
 * or one nobody holds (no password, no session: only a proof opens it, as a new account made for
 * the gift). An account someone holds without having proved the address receives nothing yet.
 */
export const giftTakerOf = (email: string) =>
  sql`(SELECT id FROM users WHERE email = ${email} AND (email_verified_at IS NOT NULL OR ${NOBODY_HOLDS_IT}))`

/**
 * A gift's recipient, in the settlement's own transaction (`thisStep`): the account of its e-mail,
 * made when there is none (no password yet: the gift's e-mail carries the link to set one). When
 * that account may not receive it yet, the order waits for the proof of the address
 * (`gift_claim_email`; proofStatements in services/auth/proof.ts gives it then).
 */
export function recipientStatements(order: OrderRow, gift: Gift, thisStep: SQL): SQL[] {
  const taker = giftTakerOf(gift.email)
  return [
    sql`INSERT INTO users (name, email, type, is_new_user)
      SELECT ${gift.name}, ${gift.email}, 'N', 1 WHERE ${thisStep}
      ON CONFLICT (email) DO NOTHING`,
    sql`UPDATE orders SET recipient_user_id = ${taker},
        gift_claim_email = CASE WHEN ${taker} IS NULL THEN ${gift.email} END
      WHERE id = ${order.id} AND ${thisStep}`,
  ]
}
