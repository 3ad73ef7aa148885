import { sql } from 'drizzle-orm'

/**
 * An account nobody holds: no password and no session, so only a proof of its e-mail opens it. A
 * guest's order, or a gift, may join it (decision 010). Reads the `users` row of the query it is
 * used in. Apart from proof.ts, so the settlement's gifts read it without importing the proofs.
 */
export const NOBODY_HOLDS_IT = sql`(users.password_hash IS NULL
  AND NOT EXISTS (SELECT 1 FROM sessions s WHERE s.user_id = users.id))`
