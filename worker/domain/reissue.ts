import type { CartItemType } from './catalog.ts'
import type { Cents } from './money.ts'
import type { PaymentType } from './payments.ts'
import { type PricedCart, validatePaymentChoice } from './pricing.ts'

/** An order line as the checkout writes it: one per class of a bundle, with the coupon it got. */
export type PricedLine = {
  itemType: CartItemType
  itemId: number
  classId: number | null
  couponId: number | null
  netCents: Cents
}

/** The lines a priced cart would be written as (the checkout's order_items, without names). */
export function linesOfPricedCart(priced: PricedCart): PricedLine[] {
  return priced.items.flatMap((item): PricedLine[] => {
    if (item.type === 'pacote') {
      return item.classes.map((c) => ({
        itemType: 'pacote',
        itemId: item.id,
        classId: c.classId,
        couponId: null,
        netCents: c.netCents,
      }))
    }
    if (item.type === 'turma') {
      return [
        {
          itemType: 'turma',
          itemId: item.id,
          classId: item.id,
          couponId: item.couponId,
          netCents: item.netCents,
        },
      ]
    }
    return [{ itemType: 'produto', itemId: item.id, classId: null, couponId: null, netCents: item.netCents }]
  })
}

const lineKey = (line: PricedLine) =>
  [line.itemType, line.itemId, line.classId ?? '', line.couponId ?? '', line.netCents].join(':')

export type ReissuedOrder = {
  paymentType: PaymentType | null
  instalments: number
  donationCents: Cents
  totalCents: Cents
  lines: PricedLine[]
}

/**
 * An expired boleto or PIX is issued again only as it would be sold today (DESIGN 4: priced
 * again, never from the old total): every item still for sale, each line at the same net price
 * with the same coupon, the same payment type allowed, and the same total.
 */
export function reissueAsStored(order: ReissuedOrder, priced: PricedCart, unavailableItems: number): boolean {
  if (unavailableItems > 0) return false
  const stored = order.lines.map(lineKey).sort()
  const today = linesOfPricedCart(priced).map(lineKey).sort()
  if (stored.length !== today.length || stored.some((key, index) => key !== today[index])) return false
  const choice = validatePaymentChoice(priced, {
    paymentType: order.paymentType,
    instalments: order.instalments,
    donationCents: order.donationCents,
  })
  return (
    choice.ok &&
    choice.value.paymentType === order.paymentType &&
    choice.value.totalCents === order.totalCents
  )
}
