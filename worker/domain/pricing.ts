import type { DiscountType } from './catalog.ts'
import {
  capInstalments,
  type InstalmentInput,
  type InstalmentOption,
  instalmentOption,
} from './instalments.ts'
import { assertCents, type Cents, percentOf } from './money.ts'
import { PAYMENT_TYPES, type PaymentType } from './payments.ts'

// ── Inputs: catalogue rows as the service loads them ──────────────────────────

export type PricingClass = {
  id: number
  courseId: number
  name: string
  priceCents: Cents
  studentPriceCents: Cents | null
  studentDiscount: 'A' | 'N'
  isBoletoAllowed: boolean
  instalmentTimes: number
}

export type PricingProduct = { id: number; name: string; priceCents: Cents }

export type PricingBundle = {
  id: number
  name: string
  /** 'P': percent in discountPercent; anything else: fixed discountCents (SPEC section 3). */
  discountType: DiscountType
  discountPercent: number | null
  discountCents: Cents | null
  instalmentTimes: number
  classes: PricingClass[]
}

/** A class coupon (type 'C'). Validity (active, expiry, uses) is the caller's: see couponIsUsable. */
export type PricingCoupon = {
  id: number
  key: string
  discountType: DiscountType
  discountPercent: number | null
  discountCents: Cents | null
  classId: number | null
  courseId: number | null
}

export type CartFlags = { hasStudentDoc: boolean; hasPassport: boolean }

export type PriceCartInput = {
  classes: PricingClass[]
  products: PricingProduct[]
  bundles: PricingBundle[]
  coupons: PricingCoupon[]
  flags: CartFlags
}

// ── Output ────────────────────────────────────────────────────────────────────

export type PricedClassItem = {
  type: 'turma'
  id: number
  courseId: number
  name: string
  /** The list price (priceCents), before student price and coupon. */
  grossCents: Cents
  netCents: Cents
  studentPrice: boolean
  couponId: number | null
  couponDiscountCents: Cents
}

export type PricedProductItem = {
  type: 'produto'
  id: number
  name: string
  grossCents: Cents
  netCents: Cents
}

/** One class of a bundle, with its share of the bundle's discount. */
export type BundleClassSplit = {
  classId: number
  courseId: number
  name: string
  grossCents: Cents
  discountCents: Cents
  netCents: Cents
}

export type PricedBundleItem = {
  type: 'pacote'
  id: number
  name: string
  /** valor_total: the sum of its classes' list prices. */
  grossCents: Cents
  /** valor_descontado: grossCents − discountCents, and exactly the sum of classes[].netCents. */
  netCents: Cents
  discountCents: Cents
  /** Sorted by class id ascending. */
  classes: BundleClassSplit[]
}

export type PricedItem = PricedClassItem | PricedProductItem | PricedBundleItem

/** A priced cart's items of one type, typed as that type's. */
export const itemsOfType = <Type extends PricedItem['type']>(items: PricedItem[], type: Type) =>
  items.filter((item): item is Extract<PricedItem, { type: Type }> => item.type === type)

export type CouponRejection = 'student_doc' | 'no_matching_class' | 'better_coupon'

export type AppliedCoupon = { couponId: number; classIds: number[]; discountCents: Cents }

export type PricedCart = {
  /** Classes, then products, then bundles, each in input order. */
  items: PricedItem[]
  totals: { numItens: number; grossTotalCents: Cents; netTotalCents: Cents }
  boletoAllowed: boolean
  /** min(12, instalmentTimes of every class and bundle); a zero total still pays 1x only. */
  maxInstalments: number
  appliedCoupons: AppliedCoupon[]
  rejectedCoupons: { couponId: number; reason: CouponRejection }[]
}

// ── Rules ─────────────────────────────────────────────────────────────────────

/** Throws a RangeError unless a percent is an integer from 0 to 100. */
function assertPercent(value: number, label: string): number {
  if (!Number.isInteger(value) || value < 0 || value > 100) {
    throw new RangeError(`${label} must be an integer from 0 to 100 (got ${value})`)
  }
  return value
}

function assertClass(pricingClass: PricingClass): void {
  assertCents(pricingClass.priceCents, `class ${pricingClass.id} priceCents`)
  if (pricingClass.studentPriceCents !== null) {
    assertCents(pricingClass.studentPriceCents, `class ${pricingClass.id} studentPriceCents`)
  }
}

/** SPEC 9: the student price applies when student_discount is 'A' and a student document exists. */
export function studentPriceApplies(pricingClass: PricingClass, hasStudentDoc: boolean): boolean {
  return hasStudentDoc && pricingClass.studentDiscount === 'A' && pricingClass.studentPriceCents !== null
}

/** A class sold on its own: its student price when that applies, else its list price. */
export function classPrice(pricingClass: PricingClass, hasStudentDoc: boolean): Cents {
  return studentPriceApplies(pricingClass, hasStudentDoc)
    ? (pricingClass.studentPriceCents ?? pricingClass.priceCents)
    : pricingClass.priceCents
}

/** A coupon fits a class when every non-null scope field matches; with both null it fits any class. */
export function couponMatches(coupon: PricingCoupon, pricingClass: PricingClass): boolean {
  return (
    (coupon.classId === null || coupon.classId === pricingClass.id) &&
    (coupon.courseId === null || coupon.courseId === pricingClass.courseId)
  )
}

/** The coupon's discount on a price, never more than the price. A null amount discounts nothing. */
export function couponDiscount(coupon: PricingCoupon, priceCents: Cents): Cents {
  if (coupon.discountType === 'P') {
    const percent = assertPercent(coupon.discountPercent ?? 0, `coupon ${coupon.id} discountPercent`)
    return Math.min(priceCents, percentOf(priceCents, percent))
  }
  const amount = assertCents(coupon.discountCents ?? 0, `coupon ${coupon.id} discountCents`)
  return Math.min(priceCents, amount)
}

/** Validity the caller checks before pricing: active, not expired (expiresAt > now), uses left. */
/** Every use of the coupon is sold: the reason a checkout whose cart holds it lost its discount. */
export function couponIsExhausted(coupon: { maxUses: number | null; usedCount: number }): boolean {
  return coupon.maxUses !== null && coupon.usedCount >= coupon.maxUses
}

export function couponIsUsable(
  coupon: { isActive: boolean; expiresAt: Date | null; maxUses: number | null; usedCount: number },
  now: Date,
): boolean {
  if (!coupon.isActive) return false
  if (coupon.expiresAt !== null && coupon.expiresAt.getTime() <= now.getTime()) return false
  if (couponIsExhausted(coupon)) return false
  return true
}

/**
 * A bundle is for sale while it is published and has classes, every one of them open and of a
 * published course (an absent class is not open): the cart takes no other bundle, and a course page
 * offers no other.
 */
export function bundleIsForSale(
  bundle: { isPublished: boolean },
  classes: readonly ({ isOpen: boolean; course: { isPublished: boolean } } | undefined)[],
): boolean {
  return (
    bundle.isPublished &&
    classes.length > 0 &&
    classes.every((turma) => turma?.isOpen === true && turma.course.isPublished)
  )
}

/**
 * A bundle is priced on its classes' list prices: the student price and coupons do not apply
 * inside a bundle, whose own discount is the offer. Percent: each class loses round(price × p%).
 * Fixed: the amount is split evenly by class id, the leftover centavos going one each to the
 * first classes; a share above its class price is capped there and the excess dropped.
 */
export function priceBundle(bundle: PricingBundle): PricedBundleItem {
  bundle.classes.forEach(assertClass)
  const classes = [...bundle.classes].sort((a, b) => a.id - b.id)
  let shares: Cents[]
  if (bundle.discountType === 'P') {
    const percent = assertPercent(bundle.discountPercent ?? 0, `bundle ${bundle.id} discountPercent`)
    shares = classes.map((c) => percentOf(c.priceCents, percent))
  } else {
    const amount = assertCents(bundle.discountCents ?? 0, `bundle ${bundle.id} discountCents`)
    const count = classes.length
    const base = count === 0 ? 0 : Math.floor(amount / count)
    const remainder = count === 0 ? 0 : amount - base * count
    shares = classes.map((_, index) => base + (index < remainder ? 1 : 0))
  }
  const split = classes.map((c, index): BundleClassSplit => {
    const discountCents = Math.min(c.priceCents, shares[index] ?? 0)
    return {
      classId: c.id,
      courseId: c.courseId,
      name: c.name,
      grossCents: c.priceCents,
      discountCents,
      netCents: c.priceCents - discountCents,
    }
  })
  const grossCents = sum(split.map((s) => s.grossCents))
  const discountCents = sum(split.map((s) => s.discountCents))
  return {
    type: 'pacote',
    id: bundle.id,
    name: bundle.name,
    grossCents,
    netCents: grossCents - discountCents,
    discountCents,
    classes: split,
  }
}

function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0)
}

/** The best coupon for a class: largest discount, ties to the lowest coupon id. */
function bestCoupon(
  coupons: readonly PricingCoupon[],
  pricingClass: PricingClass,
  priceCents: Cents,
): { coupon: PricingCoupon; discountCents: Cents } | null {
  let best: { coupon: PricingCoupon; discountCents: Cents } | null = null
  for (const coupon of coupons) {
    if (!couponMatches(coupon, pricingClass)) continue
    const discountCents = couponDiscount(coupon, priceCents)
    if (
      best === null ||
      discountCents > best.discountCents ||
      (discountCents === best.discountCents && coupon.id < best.coupon.id)
    ) {
      best = { coupon, discountCents }
    }
  }
  return best
}

/** Prices a cart from catalogue rows: every price, discount and total in integer centavos. */
export function priceCart(input: PriceCartInput): PricedCart {
  const { hasStudentDoc, hasPassport } = input.flags
  // SPEC 4 and 9: a confirmed student document drops every coupon.
  const coupons = hasStudentDoc ? [] : input.coupons
  const applied = new Map<number, AppliedCoupon>()
  const matched = new Set<number>()

  const classItems = input.classes.map((pricingClass): PricedClassItem => {
    assertClass(pricingClass)
    const priceCents = classPrice(pricingClass, hasStudentDoc)
    for (const coupon of coupons) if (couponMatches(coupon, pricingClass)) matched.add(coupon.id)
    const best = bestCoupon(coupons, pricingClass, priceCents)
    if (best !== null) {
      const entry = applied.get(best.coupon.id) ?? {
        couponId: best.coupon.id,
        classIds: [],
        discountCents: 0,
      }
      entry.classIds.push(pricingClass.id)
      entry.discountCents += best.discountCents
      applied.set(best.coupon.id, entry)
    }
    const couponDiscountCents = best?.discountCents ?? 0
    return {
      type: 'turma',
      id: pricingClass.id,
      courseId: pricingClass.courseId,
      name: pricingClass.name,
      grossCents: pricingClass.priceCents,
      netCents: priceCents - couponDiscountCents,
      studentPrice: studentPriceApplies(pricingClass, hasStudentDoc),
      couponId: best?.coupon.id ?? null,
      couponDiscountCents,
    }
  })

  const productItems = input.products.map((product): PricedProductItem => {
    assertCents(product.priceCents, `product ${product.id} priceCents`)
    return {
      type: 'produto',
      id: product.id,
      name: product.name,
      grossCents: product.priceCents,
      netCents: product.priceCents,
    }
  })

  const bundleItems = input.bundles.map(priceBundle)
  const items: PricedItem[] = [...classItems, ...productItems, ...bundleItems]

  const rejectedCoupons = [...input.coupons]
    .sort((a, b) => a.id - b.id)
    .filter((coupon) => !applied.has(coupon.id))
    .map((coupon) => ({
      couponId: coupon.id,
      reason: hasStudentDoc
        ? ('student_doc' as const)
        : matched.has(coupon.id)
          ? ('better_coupon' as const)
          : ('no_matching_class' as const),
    }))

  const everyClass = [...input.classes, ...input.bundles.flatMap((bundle) => bundle.classes)]
  return {
    items,
    totals: {
      numItens: items.length,
      grossTotalCents: sum(items.map((item) => item.grossCents)),
      netTotalCents: sum(items.map((item) => item.netCents)),
    },
    boletoAllowed: !hasPassport && everyClass.every((c) => c.isBoletoAllowed),
    maxInstalments: capInstalments([
      ...input.classes.map((c) => c.instalmentTimes),
      ...input.bundles.map((bundle) => bundle.instalmentTimes),
    ]),
    appliedCoupons: [...applied.values()].sort((a, b) => a.couponId - b.couponId),
    rejectedCoupons,
  }
}

// ── Checkout: payment type, instalments and donation ──────────────────────────

export const PAYMENT_MESSAGES = {
  paymentTypeRequired: 'Escolha a forma de pagamento.',
  paymentTypeInvalid: 'Forma de pagamento inválida.',
  boletoUnavailable: 'Boleto não disponível para este carrinho.',
  instalmentsInvalid: 'Número de parcelas inválido.',
  instalmentsCardOnly: 'Parcelamento disponível apenas no cartão de crédito.',
  donationInvalid: 'Valor da doação inválido.',
} as const

/** Error keys are the checkout payload's field names (SPEC section 7), as the 422 body carries them. */
export type PaymentChoiceField = 'payment_type' | 'parcela' | 'doacao'
export type PaymentChoiceErrors = Partial<Record<PaymentChoiceField, string[]>>

export type PaymentChoice = {
  paymentType: string | null | undefined
  /** parcela; defaults to 1 */
  instalments?: number | undefined
  /** doacao in centavos; defaults to 0 */
  donationCents?: number | undefined
}

export type CheckoutAmounts = InstalmentOption & {
  /** null for a free checkout (total 0), which is paid by nobody. */
  paymentType: PaymentType | null
  itemsNetCents: Cents
  donationCents: Cents
}

export type PaymentChoiceResult =
  | { ok: true; value: CheckoutAmounts }
  | { ok: false; errors: PaymentChoiceErrors }

function isPaymentType(value: unknown): value is PaymentType {
  return (PAYMENT_TYPES as readonly unknown[]).includes(value)
}

/**
 * Checks a checkout's payment choice against a priced cart and returns the final amounts, or
 * pt-BR messages by field. A free checkout needs no payment type (one given is ignored) and pays
 * 1x; boleto and PIX are 1x only; boleto needs cart.boletoAllowed.
 */
export function validatePaymentChoice(cart: PricedCart, choice: PaymentChoice): PaymentChoiceResult {
  const errors: PaymentChoiceErrors = {}
  const add = (field: PaymentChoiceField, message: string) => {
    const list = errors[field] ?? []
    list.push(message)
    errors[field] = list
  }

  const donationCents = choice.donationCents ?? 0
  const donationOk = Number.isSafeInteger(donationCents) && donationCents >= 0
  if (!donationOk) add('doacao', PAYMENT_MESSAGES.donationInvalid)

  const itemNetCents = cart.items.map((item) => item.netCents)
  const free = cart.totals.netTotalCents + (donationOk ? donationCents : 0) === 0
  let paymentType: PaymentType | null = null
  if (!free) {
    const chosen = choice.paymentType
    if (chosen === null || chosen === undefined || chosen === '') {
      add('payment_type', PAYMENT_MESSAGES.paymentTypeRequired)
    } else if (!isPaymentType(chosen)) {
      add('payment_type', PAYMENT_MESSAGES.paymentTypeInvalid)
    } else if (chosen === 'BOLETO' && !cart.boletoAllowed) {
      add('payment_type', PAYMENT_MESSAGES.boletoUnavailable)
    } else {
      paymentType = chosen
    }
  }

  const instalments = choice.instalments ?? 1
  const input: InstalmentInput = {
    itemNetCents,
    donationCents: donationOk ? donationCents : 0,
    maxInstalments: cart.maxInstalments,
  }
  const result = instalmentOption(input, instalments)
  if (!result.ok) add('parcela', PAYMENT_MESSAGES.instalmentsInvalid)
  else if (instalments > 1 && paymentType !== null && paymentType !== 'CREDIT_CARD') {
    add('parcela', PAYMENT_MESSAGES.instalmentsCardOnly)
  }

  if (!result.ok || Object.keys(errors).length > 0) return { ok: false, errors }
  return {
    ok: true,
    value: {
      ...result.option,
      paymentType,
      itemsNetCents: cart.totals.netTotalCents,
      donationCents,
    },
  }
}
