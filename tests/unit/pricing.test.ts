import { describe, expect, it } from 'vitest'
import { percentOf, roundCents } from '../../worker/domain/money.ts'
import {
  type CartFlags,
  couponIsUsable,
  PAYMENT_MESSAGES,
  type PriceCartInput,
  type PricedBundleItem,
  type PricedClassItem,
  type PricingBundle,
  type PricingClass,
  type PricingCoupon,
  type PricingProduct,
  priceBundle,
  priceCart,
  validatePaymentChoice,
} from '../../worker/domain/pricing.ts'
import { seeded } from '../support/seeded.ts'

// ── Factories ─────────────────────────────────────────────────────────────────

const cls = (over: Partial<PricingClass> & { id: number }): PricingClass => ({
  courseId: over.id * 100,
  name: `Turma ${over.id}`,
  priceCents: 100000,
  studentPriceCents: null,
  studentDiscount: 'N',
  isBoletoAllowed: true,
  instalmentTimes: 12,
  ...over,
})

const product = (over: Partial<PricingProduct> & { id: number }): PricingProduct => ({
  name: `Produto ${over.id}`,
  priceCents: 5000,
  ...over,
})

const bundle = (over: Partial<PricingBundle> & { id: number }): PricingBundle => ({
  name: `Pacote ${over.id}`,
  discountType: 'F',
  discountPercent: null,
  discountCents: 0,
  instalmentTimes: 12,
  classes: [],
  ...over,
})

const percentCoupon = (id: number, percent: number, scope: Partial<PricingCoupon> = {}): PricingCoupon => ({
  id,
  key: `CUPOM${id}`,
  discountType: 'P',
  discountPercent: percent,
  discountCents: null,
  classId: null,
  courseId: null,
  ...scope,
})

const fixedCoupon = (id: number, cents: number, scope: Partial<PricingCoupon> = {}): PricingCoupon => ({
  id,
  key: `CUPOM${id}`,
  discountType: 'F',
  discountPercent: null,
  discountCents: cents,
  classId: null,
  courseId: null,
  ...scope,
})

const NO_FLAGS: CartFlags = { hasStudentDoc: false, hasPassport: false }
const STUDENT: CartFlags = { hasStudentDoc: true, hasPassport: false }

const cart = (over: Partial<PriceCartInput>): PriceCartInput => ({
  classes: [],
  products: [],
  bundles: [],
  coupons: [],
  flags: NO_FLAGS,
  ...over,
})

function classItem(input: PriceCartInput, id: number): PricedClassItem {
  const item = priceCart(input).items.find((i) => i.type === 'turma' && i.id === id)
  if (item?.type !== 'turma') throw new Error(`no class ${id}`)
  return item
}

// ── Money ─────────────────────────────────────────────────────────────────────

describe('roundCents: half away from zero', () => {
  it.each([
    [0, 0],
    [2, 2],
    [2.5, 3],
    [-2.5, -3],
    [2.4999, 2],
    [-2.4999, -2],
    [2.5001, 3],
    [0.5, 1],
    [-0.5, -1],
    [104567.8375, 104568],
    [58585.2, 58585],
  ])('roundCents(%s) = %s', (value, expected) => {
    expect(roundCents(value)).toBe(expected)
  })

  it('never returns -0', () => {
    expect(Object.is(roundCents(-0.4), 0)).toBe(true)
    expect(Object.is(roundCents(-1, 3), 0)).toBe(true)
  })

  it.each([
    [5, 2, 3],
    [-5, 2, -3],
    [5, -2, -3],
    [7, 2, 4],
    [1, 3, 0],
    [2, 3, 1],
    [-2, 3, -1],
    [58585, 12, 4882],
    [104568, 3, 34856],
    [1045678375n, 10000n, 104568],
    [41209n * 20000n, 40000n, 20605], // exactly 20604.5
    [41209n * 20000n - 1n, 40000n, 20604],
  ])('roundCents(%s, %s) = %s exactly', (numerator, denominator, expected) => {
    expect(roundCents(numerator, denominator)).toBe(expected)
  })

  it.each([
    ['a zero denominator', () => roundCents(1, 0)],
    ['NaN', () => roundCents(Number.NaN)],
    ['Infinity', () => roundCents(Number.POSITIVE_INFINITY)],
    ['a float over a denominator', () => roundCents(2.5, 2)],
    ['a result beyond a safe integer', () => roundCents(2n ** 60n)],
  ])('throws a RangeError for %s', (_, call) => {
    expect(call).toThrow(RangeError)
  })

  it.each([
    [1999, 10, 200], // 199.9
    [1995, 10, 200], // 199.5
    [1994, 10, 199], // 199.4
    [10005, 10, 1001], // 1000.5
    [100000, 0, 0],
    [100000, 100, 100000],
  ])('percentOf(%i, %i) = %i', (cents, percent, expected) => {
    expect(percentOf(cents, percent)).toBe(expected)
  })
})

// ── Student price ─────────────────────────────────────────────────────────────

describe('student price', () => {
  it.each([
    // [studentDiscount, studentPriceCents, flags, net, studentPrice]
    ['A', 60000, STUDENT, 60000, true],
    ['A', 60000, NO_FLAGS, 100000, false],
    ['N', 60000, STUDENT, 100000, false],
    ['A', null, STUDENT, 100000, false],
    ['A', 0, STUDENT, 0, true],
  ] as const)(
    'discount %s, student price %s, flags %o → net %i',
    (studentDiscount, studentPriceCents, flags, net, student) => {
      const input = cart({ classes: [cls({ id: 1, studentDiscount, studentPriceCents })], flags })
      expect(classItem(input, 1)).toMatchObject({ grossCents: 100000, netCents: net, studentPrice: student })
    },
  )

  it('keeps the list price as gross', () => {
    const priced = priceCart(
      cart({ classes: [cls({ id: 1, studentDiscount: 'A', studentPriceCents: 60000 })], flags: STUDENT }),
    )
    expect(priced.totals).toEqual({ numItens: 1, grossTotalCents: 100000, netTotalCents: 60000 })
  })
})

// ── Coupons ───────────────────────────────────────────────────────────────────

describe('class coupons', () => {
  const turma = cls({ id: 1, courseId: 7, priceCents: 19990 })

  it.each([
    ['10% of R$ 199,90', percentCoupon(1, 10), 1999, 17991],
    ['15% rounds 2998.5 up', percentCoupon(1, 15), 2999, 16991],
    ['100%', percentCoupon(1, 100), 19990, 0],
    ['0%', percentCoupon(1, 0), 0, 19990],
    ['R$ 50,00 fixed', fixedCoupon(1, 5000), 5000, 14990],
    ['fixed above the price is capped at zero', fixedCoupon(1, 30000), 19990, 0],
    ['a null amount discounts nothing', { ...fixedCoupon(1, 0), discountCents: null }, 0, 19990],
  ])('%s', (_, coupon, discount, net) => {
    const priced = priceCart(cart({ classes: [turma], coupons: [coupon] }))
    expect(priced.items[0]).toMatchObject({ couponId: 1, couponDiscountCents: discount, netCents: net })
    expect(priced.appliedCoupons).toEqual([{ couponId: 1, classIds: [1], discountCents: discount }])
    expect(priced.rejectedCoupons).toEqual([])
  })

  it('is dropped when a student document is present, even on a class without student price', () => {
    const input = cart({
      classes: [cls({ id: 1, studentDiscount: 'A', studentPriceCents: 60000 }), cls({ id: 2 })],
      coupons: [percentCoupon(5, 50)],
      flags: STUDENT,
    })
    const priced = priceCart(input)
    expect(priced.items.map((i) => [i.netCents, (i as PricedClassItem).couponId])).toEqual([
      [60000, null],
      [100000, null],
    ])
    expect(priced.appliedCoupons).toEqual([])
    expect(priced.rejectedCoupons).toEqual([{ couponId: 5, reason: 'student_doc' }])
  })

  it('scoped by course applies to every class of that course', () => {
    const input = cart({
      classes: [cls({ id: 1, courseId: 7 }), cls({ id: 2, courseId: 7 }), cls({ id: 3, courseId: 8 })],
      coupons: [fixedCoupon(9, 1000, { courseId: 7 })],
    })
    const priced = priceCart(input)
    expect(priced.items.map((i) => i.netCents)).toEqual([99000, 99000, 100000])
    expect(priced.appliedCoupons).toEqual([{ couponId: 9, classIds: [1, 2], discountCents: 2000 }])
  })

  it('scoped by class applies to that class only', () => {
    const input = cart({
      classes: [cls({ id: 1, courseId: 7 }), cls({ id: 2, courseId: 7 })],
      coupons: [fixedCoupon(9, 1000, { classId: 2 })],
    })
    expect(priceCart(input).items.map((i) => i.netCents)).toEqual([100000, 99000])
  })

  it('scoped by class and course needs both to match', () => {
    const classes = [cls({ id: 1, courseId: 7 })]
    const both = priceCart(cart({ classes, coupons: [fixedCoupon(9, 1000, { classId: 1, courseId: 7 })] }))
    expect(both.items[0]!.netCents).toBe(99000)
    const mismatch = priceCart(
      cart({ classes, coupons: [fixedCoupon(9, 1000, { classId: 1, courseId: 8 })] }),
    )
    expect(mismatch.items[0]!.netCents).toBe(100000)
    expect(mismatch.rejectedCoupons).toEqual([{ couponId: 9, reason: 'no_matching_class' }])
  })

  it('with no scope applies to every class in the cart', () => {
    const input = cart({
      classes: [cls({ id: 1 }), cls({ id: 2, priceCents: 500 })],
      coupons: [fixedCoupon(3, 1000)],
    })
    expect(priceCart(input).items.map((i) => i.netCents)).toEqual([99000, 0])
  })

  it('the largest discount wins when two coupons match', () => {
    const input = cart({
      classes: [
        cls({ id: 1, courseId: 7, priceCents: 19990 }),
        cls({ id: 2, courseId: 7, priceCents: 2000 }),
      ],
      coupons: [fixedCoupon(4, 3000, { courseId: 7 }), percentCoupon(3, 10, { classId: 1 })],
    })
    const priced = priceCart(input)
    // class 1: 3000 fixed beats 1999 (10%); class 2: 10% does not match, the fixed one caps at 2000
    expect(priced.items.map((i) => [i.netCents, (i as PricedClassItem).couponId])).toEqual([
      [16990, 4],
      [0, 4],
    ])
    expect(priced.appliedCoupons).toEqual([{ couponId: 4, classIds: [1, 2], discountCents: 5000 }])
    expect(priced.rejectedCoupons).toEqual([{ couponId: 3, reason: 'better_coupon' }])
  })

  it('a tie goes to the lowest coupon id, whatever the input order', () => {
    const classes = [cls({ id: 1, priceCents: 10000 })]
    for (const coupons of [
      [fixedCoupon(8, 1000), percentCoupon(2, 10)],
      [percentCoupon(2, 10), fixedCoupon(8, 1000)],
    ]) {
      const priced = priceCart(cart({ classes, coupons }))
      expect(priced.items[0]).toMatchObject({ couponId: 2, netCents: 9000 })
      expect(priced.rejectedCoupons).toEqual([{ couponId: 8, reason: 'better_coupon' }])
    }
  })

  it('different coupons may win on different classes', () => {
    const input = cart({
      classes: [cls({ id: 1 }), cls({ id: 2 })],
      coupons: [fixedCoupon(1, 500, { classId: 1 }), fixedCoupon(2, 700, { classId: 2 })],
    })
    const priced = priceCart(input)
    expect(priced.items.map((i) => i.netCents)).toEqual([99500, 99300])
    expect(priced.appliedCoupons).toEqual([
      { couponId: 1, classIds: [1], discountCents: 500 },
      { couponId: 2, classIds: [2], discountCents: 700 },
    ])
  })

  it('does not touch products or classes inside a bundle', () => {
    const inBundle = cls({ id: 5, courseId: 7, priceCents: 30000 })
    const input = cart({
      products: [product({ id: 1, priceCents: 5000 })],
      bundles: [bundle({ id: 1, classes: [inBundle] })],
      coupons: [percentCoupon(1, 50, { classId: 5 }), percentCoupon(2, 50, { courseId: 7 })],
    })
    const priced = priceCart(input)
    expect(priced.items.map((i) => i.netCents)).toEqual([5000, 30000])
    expect(priced.rejectedCoupons).toEqual([
      { couponId: 1, reason: 'no_matching_class' },
      { couponId: 2, reason: 'no_matching_class' },
    ])
  })

  it('rejects an invalid percent', () => {
    const input = cart({ classes: [turma], coupons: [percentCoupon(1, 101)] })
    expect(() => priceCart(input)).toThrow(RangeError)
  })
})

describe('couponIsUsable', () => {
  const now = new Date('2026-03-10T12:00:00Z')
  const base = { isActive: true, expiresAt: null, maxUses: null, usedCount: 0 }
  it.each([
    ['active, no limits', base, true],
    ['inactive', { ...base, isActive: false }, false],
    ['expires later', { ...base, expiresAt: new Date('2026-03-10T12:00:01Z') }, true],
    ['expires now', { ...base, expiresAt: now }, false],
    ['expired', { ...base, expiresAt: new Date('2026-01-01T00:00:00Z') }, false],
    ['uses left', { ...base, maxUses: 10, usedCount: 9 }, true],
    ['uses exhausted', { ...base, maxUses: 10, usedCount: 10 }, false],
    ['zero uses allowed', { ...base, maxUses: 0 }, false],
  ])('%s → %s', (_, coupon, expected) => {
    expect(couponIsUsable(coupon, now)).toBe(expected)
  })
})

// ── Bundles ───────────────────────────────────────────────────────────────────

describe('bundles', () => {
  it('percent: each class loses round(price × p%), the bundle the sum', () => {
    const priced = priceBundle(
      bundle({
        id: 1,
        discountType: 'P',
        discountPercent: 10,
        discountCents: null,
        classes: [cls({ id: 2, priceCents: 10005 }), cls({ id: 1, priceCents: 19990 })],
      }),
    )
    expect(priced).toEqual({
      type: 'pacote',
      id: 1,
      name: 'Pacote 1',
      grossCents: 29995,
      netCents: 26995,
      discountCents: 3000,
      classes: [
        {
          classId: 1,
          courseId: 100,
          name: 'Turma 1',
          grossCents: 19990,
          discountCents: 1999,
          netCents: 17991,
        },
        {
          classId: 2,
          courseId: 200,
          name: 'Turma 2',
          grossCents: 10005,
          discountCents: 1001,
          netCents: 9004,
        },
      ],
    })
  })

  it('fixed: R$ 100,00 over 3 classes splits 3334, 3333, 3333 by class id', () => {
    const priced = priceBundle(
      bundle({
        id: 1,
        discountCents: 10000,
        classes: [cls({ id: 30 }), cls({ id: 10 }), cls({ id: 20 })],
      }),
    )
    expect(priced.classes.map((c) => [c.classId, c.discountCents, c.netCents])).toEqual([
      [10, 3334, 96666],
      [20, 3333, 96667],
      [30, 3333, 96667],
    ])
    expect(priced).toMatchObject({ grossCents: 300000, discountCents: 10000, netCents: 290000 })
    expect(priced.classes.reduce((s, c) => s + c.netCents, 0)).toBe(290000)
  })

  it.each([
    // [discount, class count, expected shares]
    [10001, 3, [3334, 3334, 3333]],
    [9999, 3, [3333, 3333, 3333]],
    [2, 3, [1, 1, 0]],
    [7, 1, [7]],
  ])('fixed %i over %i classes → %j', (discountCents, count, shares) => {
    const classes = Array.from({ length: count }, (_, i) => cls({ id: i + 1 }))
    const priced = priceBundle(bundle({ id: 1, discountCents, classes }))
    expect(priced.classes.map((c) => c.discountCents)).toEqual(shares)
    expect(priced.discountCents).toBe(discountCents)
  })

  it('fixed: a share above a class price is capped there and the excess dropped', () => {
    const priced = priceBundle(
      bundle({
        id: 1,
        discountCents: 6000,
        classes: [cls({ id: 1, priceCents: 1000 }), cls({ id: 2, priceCents: 50000 })],
      }),
    )
    expect(priced.classes.map((c) => [c.discountCents, c.netCents])).toEqual([
      [1000, 0],
      [3000, 47000],
    ])
    expect(priced).toMatchObject({ grossCents: 51000, discountCents: 4000, netCents: 47000 })
  })

  it('fixed above the whole bundle makes it free', () => {
    const priced = priceBundle(
      bundle({
        id: 1,
        discountCents: 999999,
        classes: [cls({ id: 1, priceCents: 100 }), cls({ id: 2, priceCents: 3 })],
      }),
    )
    expect(priced).toMatchObject({ grossCents: 103, discountCents: 103, netCents: 0 })
  })

  it('an empty bundle or a null discount costs what its classes cost', () => {
    expect(priceBundle(bundle({ id: 1, discountCents: 5000 }))).toMatchObject({
      grossCents: 0,
      netCents: 0,
      discountCents: 0,
      classes: [],
    })
    const nullFixed = priceBundle(bundle({ id: 1, discountCents: null, classes: [cls({ id: 1 })] }))
    expect(nullFixed).toMatchObject({ netCents: 100000, discountCents: 0 })
    const nullPercent = priceBundle(
      bundle({ id: 1, discountType: 'P', discountPercent: null, classes: [cls({ id: 1 })] }),
    )
    expect(nullPercent).toMatchObject({ netCents: 100000, discountCents: 0 })
  })

  it('uses the plain class price inside a bundle, even with a student document', () => {
    const inside = cls({ id: 1, studentDiscount: 'A', studentPriceCents: 10 })
    const priced = priceCart(
      cart({ bundles: [bundle({ id: 1, discountCents: 1000, classes: [inside] })], flags: STUDENT }),
    )
    expect(priced.items[0]).toMatchObject({ type: 'pacote', grossCents: 100000, netCents: 99000 })
  })

  it.each([
    ['a percent above 100', { discountType: 'P' as const, discountPercent: 150 }],
    ['a fractional percent', { discountType: 'P' as const, discountPercent: 12.5 }],
    ['negative fixed centavos', { discountCents: -1 }],
    ['a fractional class price', { classes: [cls({ id: 1, priceCents: 10.5 })] }],
  ])('rejects %s', (_, over) => {
    expect(() => priceBundle(bundle({ id: 1, classes: [cls({ id: 1 })], ...over }))).toThrow(RangeError)
  })
})

// ── Cart ──────────────────────────────────────────────────────────────────────

describe('priceCart', () => {
  const mixed = cart({
    classes: [
      cls({ id: 1, courseId: 7, priceCents: 19990 }),
      cls({ id: 2, courseId: 8, priceCents: 50000, studentDiscount: 'A', studentPriceCents: 40000 }),
    ],
    products: [product({ id: 1, priceCents: 4590 }), product({ id: 2, priceCents: 0 })],
    bundles: [
      bundle({
        id: 1,
        discountType: 'P',
        discountPercent: 20,
        classes: [cls({ id: 3, priceCents: 30000 }), cls({ id: 4, priceCents: 20000 })],
      }),
    ],
    coupons: [percentCoupon(1, 10, { courseId: 7 })],
  })

  it('reports every item with gross and net, and the totals', () => {
    const priced = priceCart(mixed)
    expect(priced.items.map((i) => [i.type, i.id, i.grossCents, i.netCents])).toEqual([
      ['turma', 1, 19990, 17991],
      ['turma', 2, 50000, 50000],
      ['produto', 1, 4590, 4590],
      ['produto', 2, 0, 0],
      ['pacote', 1, 50000, 40000],
    ])
    expect(priced.totals).toEqual({ numItens: 5, grossTotalCents: 124580, netTotalCents: 112581 })
  })

  it('with a student document: student price, no coupon', () => {
    const priced = priceCart({ ...mixed, flags: STUDENT })
    expect(priced.items.map((i) => i.netCents)).toEqual([19990, 40000, 4590, 0, 40000])
    expect(priced.totals).toEqual({ numItens: 5, grossTotalCents: 124580, netTotalCents: 104580 })
  })

  it('an empty cart is free', () => {
    expect(priceCart(cart({}))).toEqual({
      items: [],
      totals: { numItens: 0, grossTotalCents: 0, netTotalCents: 0 },
      boletoAllowed: true,
      maxInstalments: 12,
      appliedCoupons: [],
      rejectedCoupons: [],
    })
  })

  it('products: net is the price', () => {
    const priced = priceCart(
      cart({ products: [product({ id: 9, priceCents: 12345 })], coupons: [percentCoupon(1, 50)] }),
    )
    expect(priced.items).toEqual([
      { type: 'produto', id: 9, name: 'Produto 9', grossCents: 12345, netCents: 12345 },
    ])
  })

  it.each([
    [
      'every class allows it',
      cart({ classes: [cls({ id: 1 })], bundles: [bundle({ id: 1, classes: [cls({ id: 2 })] })] }),
      true,
    ],
    ['products only', cart({ products: [product({ id: 1 })] }), true],
    [
      'one class forbids it',
      cart({ classes: [cls({ id: 1 }), cls({ id: 2, isBoletoAllowed: false })] }),
      false,
    ],
    [
      'a class inside a bundle forbids it',
      cart({
        bundles: [bundle({ id: 1, classes: [cls({ id: 1 }), cls({ id: 2, isBoletoAllowed: false })] })],
      }),
      false,
    ],
    [
      'the passport flag',
      cart({ classes: [cls({ id: 1 })], flags: { hasStudentDoc: false, hasPassport: true } }),
      false,
    ],
  ])('boleto: %s → %s', (_, input, allowed) => {
    expect(priceCart(input).boletoAllowed).toBe(allowed)
  })

  it.each([
    [
      'the smallest class',
      cart({ classes: [cls({ id: 1, instalmentTimes: 10 }), cls({ id: 2, instalmentTimes: 6 })] }),
      6,
    ],
    [
      'a bundle below its classes',
      cart({
        classes: [cls({ id: 1, instalmentTimes: 10 })],
        bundles: [bundle({ id: 1, instalmentTimes: 4, classes: [cls({ id: 2, instalmentTimes: 12 })] })],
      }),
      4,
    ],
    [
      'the bundle, not its classes',
      cart({
        bundles: [bundle({ id: 1, instalmentTimes: 10, classes: [cls({ id: 2, instalmentTimes: 2 })] })],
      }),
      10,
    ],
    ['never above 12', cart({ classes: [cls({ id: 1, instalmentTimes: 24 })] }), 12],
    ['products do not cap', cart({ products: [product({ id: 1 })] }), 12],
  ])('maxInstalments: %s', (_, input, max) => {
    expect(priceCart(input).maxInstalments).toBe(max)
  })
})

// ── Checkout choice ───────────────────────────────────────────────────────────

describe('validatePaymentChoice', () => {
  const paid = priceCart(cart({ classes: [cls({ id: 1, priceCents: 100000, instalmentTimes: 6 })] }))
  const noBoleto = priceCart(cart({ classes: [cls({ id: 1, isBoletoAllowed: false })] }))
  const free = priceCart(
    cart({ classes: [cls({ id: 1, priceCents: 10000 })], coupons: [percentCoupon(1, 100)] }),
  )

  it('credit card 3x: the SPEC example', () => {
    expect(validatePaymentChoice(paid, { paymentType: 'CREDIT_CARD', instalments: 3 })).toEqual({
      ok: true,
      value: {
        paymentType: 'CREDIT_CARD',
        instalments: 3,
        itemsNetCents: 100000,
        donationCents: 0,
        interestCents: 4568,
        totalCents: 104568,
        instalmentCents: 34856,
        roundingCents: 0,
      },
    })
  })

  it('adds the donation without interest', () => {
    const result = validatePaymentChoice(paid, {
      paymentType: 'CREDIT_CARD',
      instalments: 3,
      donationCents: 5000,
    })
    expect(result).toMatchObject({
      ok: true,
      value: { totalCents: 109568, interestCents: 4568, donationCents: 5000 },
    })
  })

  it.each(['BOLETO', 'PIX'] as const)('%s is 1x without interest', (paymentType) => {
    expect(validatePaymentChoice(paid, { paymentType })).toMatchObject({
      ok: true,
      value: { paymentType, instalments: 1, totalCents: 100000, interestCents: 0 },
    })
  })

  it('a free cart needs no payment type and pays 1x', () => {
    expect(free.totals.netTotalCents).toBe(0)
    expect(validatePaymentChoice(free, { paymentType: null })).toEqual({
      ok: true,
      value: {
        paymentType: null,
        instalments: 1,
        itemsNetCents: 0,
        donationCents: 0,
        interestCents: 0,
        totalCents: 0,
        instalmentCents: 0,
        roundingCents: 0,
      },
    })
    expect(validatePaymentChoice(free, { paymentType: 'PIX' })).toMatchObject({
      ok: true,
      value: { paymentType: null },
    })
    expect(validatePaymentChoice(free, { paymentType: 'CREDIT_CARD', instalments: 2 })).toEqual({
      ok: false,
      errors: { parcela: [PAYMENT_MESSAGES.instalmentsInvalid] },
    })
  })

  it('a free cart with a donation needs a payment type', () => {
    expect(validatePaymentChoice(free, { paymentType: undefined, donationCents: 1000 })).toEqual({
      ok: false,
      errors: { payment_type: ['Escolha a forma de pagamento.'] },
    })
  })

  it.each([
    ['no payment type', { paymentType: null }, { payment_type: ['Escolha a forma de pagamento.'] }],
    ['an empty payment type', { paymentType: '' }, { payment_type: ['Escolha a forma de pagamento.'] }],
    ['an unknown payment type', { paymentType: 'CASH' }, { payment_type: ['Forma de pagamento inválida.'] }],
    [
      '0 instalments',
      { paymentType: 'CREDIT_CARD', instalments: 0 },
      { parcela: ['Número de parcelas inválido.'] },
    ],
    [
      '1.5 instalments',
      { paymentType: 'CREDIT_CARD', instalments: 1.5 },
      { parcela: ['Número de parcelas inválido.'] },
    ],
    [
      'above the cart cap',
      { paymentType: 'CREDIT_CARD', instalments: 7 },
      { parcela: ['Número de parcelas inválido.'] },
    ],
    [
      'PIX in 3x',
      { paymentType: 'PIX', instalments: 3 },
      { parcela: ['Parcelamento disponível apenas no cartão de crédito.'] },
    ],
    [
      'boleto in 2x',
      { paymentType: 'BOLETO', instalments: 2 },
      { parcela: ['Parcelamento disponível apenas no cartão de crédito.'] },
    ],
    [
      'a negative donation',
      { paymentType: 'PIX', donationCents: -100 },
      { doacao: ['Valor da doação inválido.'] },
    ],
    [
      'a fractional donation',
      { paymentType: 'PIX', donationCents: 10.5 },
      { doacao: ['Valor da doação inválido.'] },
    ],
    [
      'several problems at once',
      { paymentType: null, instalments: 13, donationCents: -1 },
      {
        payment_type: ['Escolha a forma de pagamento.'],
        parcela: ['Número de parcelas inválido.'],
        doacao: ['Valor da doação inválido.'],
      },
    ],
  ])('refuses %s', (_, choice, errors) => {
    expect(validatePaymentChoice(paid, choice)).toEqual({ ok: false, errors })
  })

  it('refuses boleto when the cart does not allow it', () => {
    expect(validatePaymentChoice(noBoleto, { paymentType: 'BOLETO' })).toEqual({
      ok: false,
      errors: { payment_type: ['Boleto não disponível para este carrinho.'] },
    })
    expect(validatePaymentChoice(noBoleto, { paymentType: 'PIX' }).ok).toBe(true)
  })

  it('12x on R$ 490,00: the second SPEC example', () => {
    const cart490 = priceCart(cart({ products: [product({ id: 1, priceCents: 49000 })] }))
    expect(validatePaymentChoice(cart490, { paymentType: 'CREDIT_CARD', instalments: 12 })).toMatchObject({
      ok: true,
      value: { totalCents: 58585, instalmentCents: 4882, roundingCents: 1 },
    })
  })
})

// ── Properties over generated carts (fixed seed) ──────────────────────────────

describe('generated carts', () => {
  function generator(seed: number) {
    const next = seeded(seed)
    const int = (max: number) => Math.floor(next() * (max + 1))
    return { int, pick: <T>(values: readonly T[]): T => values[int(values.length - 1)]! }
  }

  it('nets add up to the totals, bundles split exactly, nothing goes below zero', () => {
    const { int, pick } = generator(20260310)
    let id = 1
    const makeClass = (): PricingClass => {
      const priceCents = pick([0, 1, 99, 19990, int(500000)])
      return cls({
        id: id++,
        courseId: int(4),
        priceCents,
        studentDiscount: pick(['A', 'N'] as const),
        studentPriceCents: pick([null, int(priceCents)]),
        isBoletoAllowed: int(5) > 0,
        instalmentTimes: int(14),
      })
    }
    for (let run = 0; run < 500; run++) {
      const classes = Array.from({ length: int(3) }, makeClass)
      const input = cart({
        classes,
        products: Array.from({ length: int(2) }, () => product({ id: id++, priceCents: int(100000) })),
        bundles: Array.from({ length: int(2) }, () =>
          bundle({
            id: id++,
            discountType: pick(['P', 'F'] as const),
            discountPercent: int(100),
            discountCents: int(300000),
            instalmentTimes: int(12),
            classes: Array.from({ length: int(4) }, makeClass),
          }),
        ),
        coupons: Array.from({ length: int(3) }, (_, i) =>
          pick([percentCoupon, fixedCoupon])(i + 1, pick([int(100), int(50000)]) % 101, {
            classId: pick([null, classes[0]?.id ?? null]),
            courseId: pick([null, int(4)]),
          }),
        ),
        flags: { hasStudentDoc: int(3) === 0, hasPassport: int(5) === 0 },
      })
      const priced = priceCart(input)
      const sum = (values: number[]) => values.reduce((s, v) => s + v, 0)
      expect(priced.totals.netTotalCents).toBe(sum(priced.items.map((i) => i.netCents)))
      expect(priced.totals.grossTotalCents).toBe(sum(priced.items.map((i) => i.grossCents)))
      expect(priced.totals.numItens).toBe(input.classes.length + input.products.length + input.bundles.length)
      for (const item of priced.items) {
        expect(Number.isSafeInteger(item.netCents)).toBe(true)
        expect(item.netCents).toBeGreaterThanOrEqual(0)
        expect(item.netCents).toBeLessThanOrEqual(item.grossCents) // generated student prices ≤ list prices
        if (item.type === 'pacote') {
          const b: PricedBundleItem = item
          expect(sum(b.classes.map((c) => c.netCents))).toBe(b.netCents)
          expect(b.grossCents - b.discountCents).toBe(b.netCents)
          expect(b.classes.map((c) => c.classId)).toEqual(
            [...b.classes.map((c) => c.classId)].sort((x, y) => x - y),
          )
        }
        if (item.type === 'turma' && input.flags.hasStudentDoc) expect(item.couponId).toBeNull()
      }
      const couponIds = [...priced.appliedCoupons, ...priced.rejectedCoupons].map((c) => c.couponId).sort()
      expect(couponIds).toEqual(input.coupons.map((c) => c.id).sort())

      const n = int(priced.maxInstalments - 1) + 1
      const result = validatePaymentChoice(priced, { paymentType: 'CREDIT_CARD', instalments: n })
      if (priced.totals.netTotalCents === 0 && n > 1) expect(result.ok).toBe(false)
      else expect(result).toMatchObject({ ok: true, value: { itemsNetCents: priced.totals.netTotalCents } })
    }
  })
})
