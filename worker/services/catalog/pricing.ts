import type { bundles, classes } from '../../../db/schema.ts'
import type { PricingBundle, PricingClass } from '../../domain/pricing.ts'

// The catalogue's rows as the pricing rules take them: the cart, the course page and the showcase
// preview price from the same figures.

type ClassRow = typeof classes.$inferSelect
type BundleRow = typeof bundles.$inferSelect

/** A class row as the pricing rules take it (the cart's and the showcase preview's prices agree). */
export function toPricingClass(turma: ClassRow): PricingClass {
  return {
    id: turma.id,
    courseId: turma.courseId,
    name: turma.name,
    priceCents: turma.priceCents,
    studentPriceCents: turma.studentPriceCents,
    studentDiscount: turma.studentDiscount,
    isBoletoAllowed: turma.isBoletoAllowed,
    instalmentTimes: turma.instalmentTimes,
  }
}

/** A bundle row and its class rows as the pricing rules take them (the cart and the course page). */
export function bundleForPricing(bundle: BundleRow, bundleClasses: readonly ClassRow[]): PricingBundle {
  return {
    id: bundle.id,
    name: bundle.name,
    discountType: bundle.discountType,
    discountPercent: bundle.discountPercent,
    discountCents: bundle.discountCents,
    instalmentTimes: bundle.instalmentTimes,
    classes: bundleClasses.map(toPricingClass),
  }
}
