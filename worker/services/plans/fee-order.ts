import { asc, sql } from 'drizzle-orm'
import { feePlans } from '../../../db/schema.ts'

/** How a call's fees are listed everywhere: registration fees first, then by due day, cheapest first. */
export const FEE_ORDER = [
  sql`${feePlans.kind} = 'monthly'`,
  asc(feePlans.dueOn),
  asc(feePlans.amountCents),
  asc(feePlans.id),
] as const
