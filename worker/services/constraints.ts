// The database's refusals that are answers rather than errors: a constraint failed. drizzle and
// the libSQL client wrap the server's message a few causes deep, so it is read along the chain.

/** The messages of an error and its causes, joined. */
export function causeMessages(error: unknown): string {
  const parts: string[] = []
  let current: unknown = error
  for (let depth = 0; depth < 6 && current instanceof Error; depth += 1) {
    parts.push(current.message)
    current = current.cause
  }
  return parts.join(' | ')
}

/** Did a constraint whose failure message matches `pattern` refuse the write? */
export const constraintFailed = (error: unknown, pattern: RegExp) => pattern.test(causeMessages(error))

/** The coupon's CHECK (`coupons_uses_within_limit`, db/schema.ts) refused one more use. */
export const isCouponLimit = (error: unknown) => constraintFailed(error, /coupons_uses_within_limit/)

/** A class's seat triggers (`order_items_seat`, `orders_seat_reopened`, migration 0009) refused it. */
export const isClassSoldOut = (error: unknown) => constraintFailed(error, /class_sold_out/)

/** The seats' floor trigger (`classes_seats_floor`, migration 0020) refused fewer seats than are taken. */
export const isBelowSeatsTaken = (error: unknown) => constraintFailed(error, /class_seats_below_taken/)
