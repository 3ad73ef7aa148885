import { describe, expect, it } from 'vitest'
import { type PricingClass, type PricingCoupon, priceCart } from '../../worker/domain/pricing.ts'
import { type ReissuedOrder, reissueAsStored } from '../../worker/domain/reissue.ts'

const turma = (over: Partial<PricingClass> = {}): PricingClass => ({
  id: 7,
  courseId: 70,
  name: 'Turma 7',
  priceCents: 20000,
  studentPriceCents: null,
  studentDiscount: 'N',
  isBoletoAllowed: true,
  instalmentTimes: 12,
  ...over,
})

const coupon: PricingCoupon = {
  id: 3,
  key: 'DEZ',
  discountType: 'P',
  discountPercent: 10,
  discountCents: null,
  classId: 7,
  courseId: null,
}

// A PIX for class 7 at 200,00 with coupon 3 (10%): 180,00.
const stored: ReissuedOrder = {
  paymentType: 'PIX',
  instalments: 1,
  donationCents: 0,
  totalCents: 18000,
  lines: [{ itemType: 'turma', itemId: 7, classId: 7, couponId: 3, netCents: 18000 }],
}

const flags = { hasStudentDoc: false, hasPassport: false }
const priced = (classes: PricingClass[], coupons: PricingCoupon[] = [coupon]) =>
  priceCart({ classes, products: [], bundles: [], coupons, flags })

describe('reissueAsStored: an expired boleto or PIX is issued again only as it is sold today', () => {
  it.each([
    ['the same price and coupon', stored, priced([turma()]), 0, true],
    ['a price raised', stored, priced([turma({ priceCents: 25000 })]), 0, false],
    ['the coupon no longer usable', stored, priced([turma()], []), 0, false],
    ['an item off sale', stored, priced([turma()]), 1, false],
    [
      'boleto no longer allowed',
      { ...stored, paymentType: 'BOLETO' as const },
      priced([turma({ isBoletoAllowed: false })]),
      0,
      false,
    ],
    [
      'a donation kept in the total',
      { ...stored, donationCents: 500, totalCents: 18500 },
      priced([turma()]),
      0,
      true,
    ],
    ['a line missing', { ...stored, lines: [] }, priced([turma()]), 0, false],
  ])('%s', (_, order, cart, unavailable, expected) => {
    expect(reissueAsStored(order, cart, unavailable)).toBe(expected)
  })
})
