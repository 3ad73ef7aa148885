import { sql } from 'drizzle-orm'
import type { AppContext } from '../../context.ts'
import type { SuppressionReason } from '../../domain/reminders.ts'

// An address the reminders no longer write to: its owner unsubscribed (services/reminders/
// unsubscribe.ts), or the e-mail API refused it (the outbox, on a bounce).

/** No reminder reaches the address from now on (an unsubscribe is kept over an earlier bounce, and vice versa). */
export function suppressStatement(ctx: AppContext, email: string, reason: SuppressionReason) {
  return sql`INSERT INTO email_suppressions (email, reason, created_at)
    VALUES (${email.toLowerCase()}, ${reason}, ${ctx.now.getTime()}) ON CONFLICT (email) DO NOTHING`
}
