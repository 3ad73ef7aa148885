import { sql } from 'drizzle-orm'
import type { AppContext } from '../../context.ts'

export async function checkDatabase({ ctx }: { ctx: AppContext }): Promise<void> {
  await ctx.db.run(sql`select 1`)
}
