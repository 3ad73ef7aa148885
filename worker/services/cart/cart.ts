import { and, asc, eq, inArray, min, notInArray } from 'drizzle-orm'
import { classes, courses, products } from '../../../db/schema.ts'
import type { AppContext } from '../../context.ts'
import {
  CART_MESSAGES,
  type CartResponse,
  type CartView,
  type CheckoutView,
  type ItemType,
  type UpdateCartInput,
} from '../../contract/cart.ts'
import { discountValue } from '../../domain/catalog.ts'
import { instalmentOptions } from '../../domain/instalments.ts'
import { coverImageUrl } from '../../domain/institute.ts'
import { couponIsUsable, itemsOfType } from '../../domain/pricing.ts'
import { SEAT_MESSAGES } from '../../domain/seats.ts'
import { AppError, invalidField } from '../../errors.ts'
import { toTurma } from '../catalog/courses.ts'
import { storeStudentDocument } from '../files/files.ts'
import { isAvailable, itemImage, itemSeatsLeft, type PricedSnapshot, priceSnapshot } from './pricing.ts'
import { type CartSnapshot, emptyCart, readCart, writeCart } from './snapshot.ts'

/** A cart that does not exist (expired, or never did): the browser clears its stored hash. */
export const cartGone = () => new AppError('NOT_FOUND', CART_MESSAGES.notFound, undefined, { clear: true })

async function requireCart(ctx: AppContext, hash: string): Promise<CartSnapshot> {
  const cart = await readCart(ctx, hash)
  if (!cart) throw cartGone()
  return cart
}

function displayName(snapshot: PricedSnapshot, type: ItemType, id: number, fallback: string): string {
  if (type !== 'turma') return fallback
  const row = snapshot.details.classes.get(id)
  return row ? `${row.course.name} — ${row.turma.name}` : fallback
}

export function cartView(snapshot: PricedSnapshot): CartView {
  const { priced } = snapshot
  return {
    itens: priced.items.map((item) => {
      const seatsLeft = itemSeatsLeft(snapshot, item)
      return {
        id: item.id,
        type: item.type,
        name: displayName(snapshot, item.type, item.id, item.name),
        img: itemImage(snapshot.details, item),
        net_value: item.netCents,
        gross_value: item.grossCents,
        ...(seatsLeft === undefined ? {} : { seats_left: seatsLeft }),
      }
    }),
    num_itens: priced.totals.numItens,
    gross_total: priced.totals.grossTotalCents,
    net_value: priced.totals.netTotalCents,
  }
}

async function respond(
  ctx: AppContext,
  cart: CartSnapshot,
  msg?: string,
  priced?: PricedSnapshot,
): Promise<CartResponse> {
  const snapshot = priced ?? (await priceSnapshot(ctx, cart))
  // Lines that stopped being for sale leave the cart at its next change.
  const kept = snapshot.unavailable.length
    ? { ...cart, items: cart.items.filter((item) => isAvailable(snapshot.details, item)) }
    : cart
  const hash = await writeCart(ctx, kept)
  return {
    hash,
    data: { data: cartView(snapshot), boleto: snapshot.priced.boletoAllowed },
    ...(msg ? { msg } : {}),
  }
}

/** POST /carrinho-de-compras/update-cart: add or remove a class, product or bundle. */
export async function updateCart({ ctx, input }: { ctx: AppContext; input: UpdateCartInput }) {
  const current = input.hash ? await requireCart(ctx, input.hash) : emptyCart()
  const { id, type } = input.data
  const present = current.items.some((item) => item.type === type && item.id === id)

  if (input.option === 'remove') {
    if (!present) throw invalidField('data', 'Este item não está no carrinho.')
    const items = current.items.filter((item) => !(item.type === type && item.id === id))
    return respond(ctx, { ...current, items }, CART_MESSAGES.removed)
  }
  if (present) return respond(ctx, current, CART_MESSAGES.added)
  const next = { ...current, items: [...current.items, { type, id }] }
  const check = await priceSnapshot(ctx, next)
  if (check.unavailable.some((item) => item.type === type && item.id === id)) {
    throw invalidField('data', CART_MESSAGES.itemUnavailable)
  }
  if (itemSeatsLeft(check, { type, id }) === 0) throw invalidField('data', SEAT_MESSAGES.soldOut)
  return respond(ctx, next, CART_MESSAGES.added, check)
}

/** POST /carrinho-de-compras/set-cupom: a class coupon that applies to something in the cart. */
export async function applyCoupon({ ctx, hash, key }: { ctx: AppContext; hash: string; key: string }) {
  const current = await requireCart(ctx, hash)
  const normalized = key.trim().toUpperCase()
  if (current.flags.hasStudentDoc) throw invalidField('key', CART_MESSAGES.couponStudentDoc)
  const next = { ...current, coupons: [...new Set([...current.coupons, normalized])] }
  const snapshot = await priceSnapshot(ctx, next)
  const coupon = snapshot.details.coupons.get(normalized)
  const applies =
    coupon !== undefined &&
    couponIsUsable(coupon, ctx.now) &&
    snapshot.priced.appliedCoupons.some((c) => c.couponId === coupon.id)
  if (!applies) throw invalidField('key', CART_MESSAGES.couponInvalid)
  return respond(ctx, next, CART_MESSAGES.couponApplied, snapshot)
}

/** Student document and passport flags; a confirmed student document drops the coupons (SPEC 4). */
export async function setCartFlags({
  ctx,
  hash,
  flags,
}: {
  ctx: AppContext
  hash: string
  flags: {
    hasPassport?: boolean | undefined
    hasStudentDoc?: boolean | undefined
    studentDocKey?: string | null
  }
}) {
  const current = await requireCart(ctx, hash)
  const hasStudentDoc = flags.hasStudentDoc ?? current.flags.hasStudentDoc
  return respond(ctx, {
    ...current,
    coupons: hasStudentDoc ? [] : current.coupons,
    flags: {
      hasStudentDoc,
      studentDocKey: hasStudentDoc ? (flags.studentDocKey ?? current.flags.studentDocKey) : null,
      hasPassport: flags.hasPassport ?? current.flags.hasPassport,
    },
  })
}

/**
 * POST /api/carrinho/{hash}/documento-estudante: the document is stored only for a cart that
 * exists (a 4xx leaves no orphan file in R2), and brings the student price, dropping the coupons.
 */
export async function attachStudentDocument({
  ctx,
  hash,
  file,
}: {
  ctx: AppContext
  hash: string
  file: unknown
}) {
  await requireCart(ctx, hash)
  const studentDocKey = await storeStudentDocument({ ctx, file })
  return setCartFlags({ ctx, hash, flags: { hasStudentDoc: true, studentDocKey } })
}

/** GET /api/carrinho/{hash}: the header's view of a cart, without writing a new snapshot. */
export async function getCart({ ctx, hash }: { ctx: AppContext; hash: string }) {
  const snapshot = await priceSnapshot(ctx, await requireCart(ctx, hash))
  return { hash, data: { data: cartView(snapshot), boleto: snapshot.priced.boletoAllowed } }
}

/** GET /checkout/get?cart={hash}: the cart priced by the server, in the SPEC's shapes. */
export async function getCheckout({ ctx, hash }: { ctx: AppContext; hash: string }): Promise<CheckoutView> {
  const snapshot = await priceSnapshot(ctx, await requireCart(ctx, hash))
  return checkoutView(hash, snapshot)
}

export function checkoutView(hash: string, snapshot: PricedSnapshot): CheckoutView {
  const { priced, details, cart } = snapshot
  const turma = (id: number) => {
    const row = details.classes.get(id)!
    return toTurma(row.turma, row.course)
  }
  const itemNets = priced.items.map((item) => item.netCents)
  return {
    hash,
    turmas: itemsOfType(priced.items, 'turma').map((item) => ({
      ...turma(item.id),
      gross_value: item.grossCents,
      net_value: item.netCents,
      student_price_applied: item.studentPrice,
      coupon_id: item.couponId,
    })),
    produtos: itemsOfType(priced.items, 'produto').map((item) => {
      const product = details.products.get(item.id)!
      return {
        id: item.id,
        name: product.name,
        price: product.priceCents,
        slider: product.slider,
        net_value: item.netCents,
      }
    }),
    pacotes: itemsOfType(priced.items, 'pacote').map((item) => {
      const { bundle } = details.bundles.get(item.id)!
      return {
        id: item.id,
        name: item.name,
        discount: discountValue(bundle),
        discount_type: bundle.discountType,
        valor_total: item.grossCents,
        valor_descontado: item.netCents,
        ids_turma: item.classes.map((c) => c.classId),
        instalment_times: bundle.instalmentTimes,
        courses: item.classes.map((c) => ({ turma: turma(c.classId), net_value: c.netCents })),
      }
    }),
    cupons: priced.appliedCoupons.flatMap(({ couponId }) => {
      const coupon = [...details.coupons.values()].find((c) => c.id === couponId)
      if (!coupon) return []
      return [
        {
          key: coupon.key,
          type: 'C' as const,
          cupom: {
            id: coupon.id,
            type: coupon.discountType,
            value: discountValue(coupon),
          },
          turma_id: coupon.classId,
          course_id: coupon.courseId,
        },
      ]
    }),
    boleto: priced.boletoAllowed,
    flags: { has_student_doc: cart.flags.hasStudentDoc, has_passport: cart.flags.hasPassport },
    totals: {
      num_itens: priced.totals.numItens,
      gross_total: priced.totals.grossTotalCents,
      net_value: priced.totals.netTotalCents,
    },
    max_instalments: priced.maxInstalments,
    instalments: instalmentOptions({
      itemNetCents: itemNets,
      donationCents: 0,
      maxInstalments: priced.maxInstalments,
    }).map((option) => ({
      instalments: option.instalments,
      total: option.totalCents,
      instalment: option.instalmentCents,
      interest: option.interestCents,
    })),
  }
}

/** GET /carrinho-de-compras/recomendation/{hash}: courses of the same sections and products not in the cart. */
export async function recommend({ ctx, hash }: { ctx: AppContext; hash: string }) {
  const cart = await requireCart(ctx, hash)
  const snapshot = await priceSnapshot(ctx, cart)
  const inCartCourses = [...snapshot.details.classes.values()].map((row) => row.course.id)
  const sections = [...new Set([...snapshot.details.classes.values()].map((row) => row.course.section))]
  const inCartProducts = cart.items.filter((i) => i.type === 'produto').map((i) => i.id)
  const { db } = ctx
  const [courseRows, classRows, productRows] = await db.batch([
    db
      .select()
      .from(courses)
      .where(
        and(
          eq(courses.isPublished, true),
          notInArray(courses.id, inCartCourses.length ? inCartCourses : [-1]),
          sections.length ? inArray(courses.section, sections) : undefined,
        ),
      )
      .orderBy(asc(courses.sortOrder), asc(courses.id))
      .limit(4),
    db
      .select({ courseId: classes.courseId, price: min(classes.priceCents) })
      .from(classes)
      .where(eq(classes.isOpen, true))
      .groupBy(classes.courseId),
    db
      .select()
      .from(products)
      .where(
        and(
          eq(products.isPublished, true),
          notInArray(products.id, inCartProducts.length ? inCartProducts : [-1]),
        ),
      )
      .orderBy(asc(products.id))
      .limit(4),
  ])
  return {
    cursos: courseRows.map((course) => {
      const from = classRows.find((c) => c.courseId === course.id)?.price ?? null
      return {
        id: course.id,
        name: course.name,
        url: course.url,
        img: coverImageUrl('cursos', course.slider),
        price_from: from,
      }
    }),
    produtos: productRows.map((product) => ({
      id: product.id,
      name: product.name,
      img: coverImageUrl('produtos', product.slider),
      price: product.priceCents,
    })),
  }
}
