import { and, eq, isNull } from 'drizzle-orm'
import { abandonedCheckouts } from '../../../db/schema.ts'
import type { AppContext } from '../../context.ts'
import {
  type AbandonedCheckoutInput,
  type AbandonedCheckoutSaved,
  REMINDER_MESSAGES,
  type ResumedCheckout,
} from '../../contract/reminders.ts'
import { AppError, notFound } from '../../errors.ts'
import { linesOf } from '../cart/lines.ts'
import { priceSnapshot } from '../cart/pricing.ts'
import { CartSnapshot, readCart, writeCart } from '../cart/snapshot.ts'

/**
 * POST /api/lembretes/checkout: a buyer who ticked the reminders' box typed a valid e-mail at the
 * checkout. One row per address and cart: the first sighting writes it, a later one refreshes what
 * the cart holds and when it was seen (the delays count from then); unticking the box deletes it.
 * A cart already ordered by that address is left as it is.
 */
export async function saveAbandonedCheckout({
  ctx,
  input,
}: {
  ctx: AppContext
  input: AbandonedCheckoutInput
}): Promise<AbandonedCheckoutSaved> {
  const mine = and(eq(abandonedCheckouts.email, input.email), eq(abandonedCheckouts.cartHash, input.hash))
  if (!input.consent) {
    await ctx.db.delete(abandonedCheckouts).where(and(mine, isNull(abandonedCheckouts.orderId)))
    return { saved: false }
  }
  const cart = await readCart(ctx, input.hash)
  if (!cart || cart.items.length === 0) {
    throw new AppError('VALIDATION', REMINDER_MESSAGES.checkoutGone, {
      hash: [REMINDER_MESSAGES.checkoutGone],
    })
  }
  const snapshot = await priceSnapshot(ctx, cart)
  const items = linesOf(snapshot).map((line) => ({ name: line.name, cents: line.netCents }))
  const totalCents = snapshot.priced.totals.netTotalCents
  const saved = await ctx.db
    .insert(abandonedCheckouts)
    .values({
      id: `chk_${crypto.randomUUID().replace(/-/g, '')}`,
      email: input.email,
      cartHash: input.hash,
      items,
      totalCents,
      cart,
      createdAt: ctx.now,
      seenAt: ctx.now,
    })
    .onConflictDoUpdate({
      target: [abandonedCheckouts.email, abandonedCheckouts.cartHash],
      set: { items, totalCents, seenAt: ctx.now },
      setWhere: isNull(abandonedCheckouts.orderId),
    })
    .returning({ id: abandonedCheckouts.id })
  return { saved: saved.length > 0 }
}

/**
 * GET /api/lembretes/checkout/{id}: the cart the reminder's link brings back. The cart's snapshot
 * lives 30 days in KV; past that, it is written again from the copy the row keeps, and the row
 * follows the new hash (so the order made from it still closes this checkout).
 */
export async function resumeCheckout({ ctx, id }: { ctx: AppContext; id: string }): Promise<ResumedCheckout> {
  const [row] = await ctx.db.select().from(abandonedCheckouts).where(eq(abandonedCheckouts.id, id))
  if (!row || row.orderId) throw notFound(REMINDER_MESSAGES.checkoutGone)
  if (await readCart(ctx, row.cartHash)) return { hash: row.cartHash }
  const stored = CartSnapshot.safeParse(row.cart)
  if (!stored.success) throw notFound(REMINDER_MESSAGES.checkoutGone)
  const hash = await writeCart(ctx, stored.data)
  await ctx.db
    .update(abandonedCheckouts)
    .set({ cartHash: hash })
    .where(and(eq(abandonedCheckouts.id, id), isNull(abandonedCheckouts.orderId)))
  return { hash }
}
