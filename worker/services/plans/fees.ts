import { asc, sql } from 'drizzle-orm'
import { feePlans } from '../../../db/schema.ts'
import type { FeePlan } from '../../contract/catalog.ts'

/** How a call's fees are listed everywhere: registration fees first, then by due day, cheapest first. */
export const FEE_ORDER = [
  sql`${feePlans.kind} = 'monthly'`,
  asc(feePlans.dueOn),
  asc(feePlans.amountCents),
  asc(feePlans.id),
] as const

/** A call's fee as its page and Meus editais show it (card instalments between 1 and 12). */
export function toFeePlan(plan: typeof feePlans.$inferSelect): FeePlan {
  return {
    id: plan.id,
    kind: plan.kind,
    name: plan.name,
    due_on: plan.dueOn,
    amount: plan.amountCents,
    payment_methods: plan.paymentMethods,
    instalment_times: Math.min(12, Math.max(1, plan.instalmentTimes)),
  }
}
