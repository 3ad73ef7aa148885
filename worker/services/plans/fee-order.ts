import { asc, sql } from 'drizzle-orm'
import { feePlans } from '../../../db/schema.ts'

/** How a call's fees are listed everywhere: the registration fee first, then by due day. */
export const FEE_ORDER = [sql`${feePlans.kind} = 'monthly'`, asc(feePlans.dueOn), asc(feePlans.id)] as const
