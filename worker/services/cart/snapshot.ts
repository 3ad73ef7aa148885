import { z } from 'zod'
import type { AppContext } from '../../context.ts'
import { CART_ITEM_TYPES } from '../../domain/catalog.ts'
import { newToken } from '../auth/tokens.ts'

// DESIGN 5: an immutable snapshot per change under a new random hash; references only, no prices.
export const CART_TTL_SECONDS = 30 * 24 * 3600

export const CartSnapshot = z.object({
  v: z.literal(1),
  items: z.array(z.object({ type: z.enum(CART_ITEM_TYPES), id: z.number().int() })),
  coupons: z.array(z.string()),
  flags: z.object({
    hasStudentDoc: z.boolean(),
    studentDocKey: z.string().nullable(),
    hasPassport: z.boolean(),
  }),
})
export type CartSnapshot = z.infer<typeof CartSnapshot>

export const emptyCart = (): CartSnapshot => ({
  v: 1,
  items: [],
  coupons: [],
  flags: { hasStudentDoc: false, studentDocKey: null, hasPassport: false },
})

const key = (hash: string) => `cart:v1:${hash}`

export async function readCart(
  ctx: AppContext,
  hash: string | null | undefined,
): Promise<CartSnapshot | null> {
  if (!hash) return null
  const parsed = CartSnapshot.safeParse(await ctx.env.CARTS.get(key(hash), 'json'))
  return parsed.success ? parsed.data : null
}

/** Writes a new snapshot and answers its hash; no key is ever written twice. */
export async function writeCart(ctx: AppContext, cart: CartSnapshot): Promise<string> {
  const hash = newToken()
  await ctx.env.CARTS.put(key(hash), JSON.stringify(cart), { expirationTtl: CART_TTL_SECONDS })
  return hash
}
