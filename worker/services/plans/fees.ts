import { asc, type SQL, sql } from 'drizzle-orm'
import { feePlans } from '../../../db/schema.ts'
import type { FeePlan } from '../../contract/catalog.ts'
import { OPEN_STATES } from '../../domain/orders.ts'

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

/**
 * The fee `fp` is owed by the application named `application` in the query (an alias the caller
 * writes, never input): it applies to it (a monthly fee once approved; none once refused or
 * cancelled) and no payment of it is paid or waiting — worker/domain/editais.ts's `feeApplies` and
 * `feeState` in SQL.
 */
export function feeOwed(application: 'applications' | 'a'): SQL {
  const a = sql.raw(application)
  return sql`${a}.status NOT IN ('rejected', 'cancelled')
    AND (fp.kind = 'registration' OR ${a}.status = 'approved')
    AND NOT EXISTS (SELECT 1 FROM plan_payments pp WHERE pp.application_id = ${a}.id
      AND pp.plan_id = fp.id AND pp.status IN ${OPEN_STATES})`
}
