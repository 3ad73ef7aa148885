import { and, eq, inArray, isNotNull, or, sql } from 'drizzle-orm'
import {
  bundleClasses,
  bundles,
  classes,
  classSeats,
  coupons,
  courses,
  products,
} from '../../../db/schema.ts'
import type { AppContext } from '../../context.ts'
import { coverImageUrl } from '../../domain/institute.ts'
import {
  bundleIsForSale,
  couponIsUsable,
  type PricedCart,
  type PricingBundle,
  type PricingCoupon,
  priceCart,
} from '../../domain/pricing.ts'
import { scarcestSeats, seatsLeft } from '../../domain/seats.ts'
import { bundleForPricing, toPricingClass } from '../catalog/pricing.ts'
import type { CartSnapshot } from './snapshot.ts'

type ClassRow = typeof classes.$inferSelect
type BundleRow = typeof bundles.$inferSelect
type CourseRow = typeof courses.$inferSelect
export type ClassWithCourse = { turma: ClassRow; course: CourseRow }

export type CartDetails = {
  classes: Map<number, ClassWithCourse>
  products: Map<number, typeof products.$inferSelect>
  bundles: Map<number, { bundle: BundleRow; classIds: number[] }>
  coupons: Map<string, typeof coupons.$inferSelect>
}

export type PricedSnapshot = {
  cart: CartSnapshot
  priced: PricedCart
  details: CartDetails
  /** Items that no longer exist or are not for sale (closed class, unpublished product...). */
  unavailable: CartSnapshot['items']
  /** Seats left of each class with a limit, read live (never from a catalogue snapshot). */
  seats: Map<number, number>
}

const ids = (cart: CartSnapshot, type: string) =>
  cart.items.filter((item) => item.type === type).map((item) => item.id)
const none = [-1] // `IN ()` is not SQL: an id that never exists keeps one statement per table

/** Everything pricing needs, in one database round trip (DESIGN 12), then the pure pricing. */
export async function priceSnapshot(ctx: AppContext, cart: CartSnapshot): Promise<PricedSnapshot> {
  const { db } = ctx
  const bundleIds = ids(cart, 'pacote')
  const classIds = ids(cart, 'turma')
  const productIds = ids(cart, 'produto')
  const bundleList = bundleIds.length ? bundleIds : none
  const [bundleRows, memberRows, classRows, productRows, couponRows, seatRows] = await db.batch([
    db.select().from(bundles).where(inArray(bundles.id, bundleList)),
    db
      .select({ bundleId: bundleClasses.bundleId, turma: classes, course: courses })
      .from(bundleClasses)
      .innerJoin(classes, eq(classes.id, bundleClasses.classId))
      .innerJoin(courses, eq(courses.id, classes.courseId))
      .where(inArray(bundleClasses.bundleId, bundleList)),
    db
      .select({ turma: classes, course: courses })
      .from(classes)
      .innerJoin(courses, eq(courses.id, classes.courseId))
      .where(inArray(classes.id, classIds.length ? classIds : none)),
    db
      .select()
      .from(products)
      .where(inArray(products.id, productIds.length ? productIds : none)),
    db
      .select()
      .from(coupons)
      .where(and(inArray(coupons.key, cart.coupons.length ? cart.coupons : ['']))),
    db
      .select()
      .from(classSeats)
      .where(
        and(
          isNotNull(classSeats.seats),
          or(
            inArray(classSeats.classId, classIds.length ? classIds : none),
            sql`${classSeats.classId} IN (SELECT class_id FROM bundle_classes WHERE bundle_id IN ${bundleList})`,
          ),
        ),
      ),
  ])

  const details: CartDetails = {
    classes: new Map(
      [...classRows, ...memberRows].map((row) => [row.turma.id, { turma: row.turma, course: row.course }]),
    ),
    products: new Map(productRows.map((row) => [row.id, row])),
    bundles: new Map(
      bundleRows.map((bundle) => [
        bundle.id,
        {
          bundle,
          classIds: memberRows
            .filter((m) => m.bundleId === bundle.id)
            .map((m) => m.turma.id)
            .sort((a, b) => a - b),
        },
      ]),
    ),
    coupons: new Map(couponRows.map((row) => [row.key, row])),
  }

  const unavailable = cart.items.filter((item) => !isAvailable(details, item))
  const available = cart.items.filter((item) => isAvailable(details, item))
  const priced = priceCart({
    classes: available
      .filter((i) => i.type === 'turma')
      .map((i) => toPricingClass(details.classes.get(i.id)!.turma)),
    products: available
      .filter((i) => i.type === 'produto')
      .map((i) => {
        const product = details.products.get(i.id)!
        return { id: product.id, name: product.name, priceCents: product.priceCents }
      }),
    bundles: available.filter((i) => i.type === 'pacote').map((i) => toPricingBundle(details, i.id)),
    coupons: [...details.coupons.values()].filter((c) => couponIsUsable(c, ctx.now)).map(toPricingCoupon),
    flags: { hasStudentDoc: cart.flags.hasStudentDoc, hasPassport: cart.flags.hasPassport },
  })
  const seats = new Map(seatRows.map((row) => [row.classId, seatsLeft(row.seats, row.taken, row.held) ?? 0]))
  return { cart, priced, details, unavailable, seats }
}

/** Seats left for a cart line: its class's, or a bundle's scarcest class's; undefined without a limit. */
export function itemSeatsLeft(snapshot: PricedSnapshot, item: { type: string; id: number }) {
  let classIds: number[] = []
  if (item.type === 'turma') classIds = [item.id]
  if (item.type === 'pacote') classIds = snapshot.details.bundles.get(item.id)?.classIds ?? []
  return scarcestSeats(classIds.map((id) => snapshot.seats.get(id)))
}

export function isAvailable(details: CartDetails, item: CartSnapshot['items'][number]): boolean {
  if (item.type === 'turma') {
    const row = details.classes.get(item.id)
    return Boolean(row?.turma.isOpen && row.course.isPublished)
  }
  if (item.type === 'produto') return Boolean(details.products.get(item.id)?.isPublished)
  const entry = details.bundles.get(item.id)
  return (
    entry !== undefined &&
    bundleIsForSale(
      entry.bundle,
      entry.classIds.map((id) => {
        const row = details.classes.get(id)
        return row && { ...row.turma, course: row.course }
      }),
    )
  )
}

function toPricingBundle(details: CartDetails, id: number): PricingBundle {
  const { bundle, classIds } = details.bundles.get(id)!
  return bundleForPricing(
    bundle,
    classIds.map((classId) => details.classes.get(classId)!.turma),
  )
}

function toPricingCoupon(coupon: typeof coupons.$inferSelect): PricingCoupon {
  return {
    id: coupon.id,
    key: coupon.key,
    discountType: coupon.discountType,
    discountPercent: coupon.discountPercent,
    discountCents: coupon.discountCents,
    classId: coupon.classId,
    courseId: coupon.courseId,
  }
}

/** The picture of a cart line: the course's or product's first slider image, or the default. */
export function itemImage(details: CartDetails, item: { type: string; id: number }): string {
  if (item.type === 'produto') return coverImageUrl('produtos', details.products.get(item.id)?.slider)
  const classId = item.type === 'turma' ? item.id : details.bundles.get(item.id)?.classIds[0]
  return coverImageUrl(
    'cursos',
    classId === undefined ? undefined : details.classes.get(classId)?.course.slider,
  )
}
