import { and, eq, inArray, isNotNull, lte, ne, or, sql } from 'drizzle-orm'
import { emailOutbox, emailTokens, passwordResets } from '../../../db/schema.ts'
import { isLocalEnv } from '../../config.ts'
import type { AppContext } from '../../context.ts'
import type { Env } from '../../env.ts'

/**
 * Secrets at rest (issue 28, item 7): an e-mail that carries a single-use link or code is marked
 * `secret` when queued. Once it is sent, expires or fails for good, production keeps no usable
 * copy: its `html` and `text` become SECRET_PLACEHOLDER, in the statement that marks it so, and the
 * scheduled sweep (sweepSecrets) catches whatever another statement left behind. The tokens
 * themselves are stored hashed only, and spent ones are deleted a while after they stop working.
 */

/** What a secret message's `text` and `html` say once they were blanked. */
export const SECRET_PLACEHOLDER = {
  text: '[Mensagem com link ou código de uso único: o conteúdo foi apagado após o envio.]',
  html: '<p>[Mensagem com link ou código de uso único: o conteúdo foi apagado após o envio.]</p>',
} as const

/** Spent or expired tokens are deleted this long after they stopped working. */
export const SPENT_TOKEN_RETENTION_MS = 7 * 86_400_000

/**
 * Whether the outbox keeps secret messages as they were: only where the development mailbox shows
 * them, a developer's machine and the tests (APP_ENV exactly 'local' or 'test': the local tools'
 * own rule, `isLocalEnv`). Anywhere else (production, or a value nobody expected) they are blanked.
 */
export function keepsSecrets(env: Pick<Env, 'APP_ENV'>): boolean {
  return isLocalEnv(env)
}

/**
 * The columns to set, next to a status change to sent, expired or failed, so a secret message
 * loses its content in that same statement (nothing where the outbox keeps secrets). For an
 * UPDATE of many rows: each row's own `secret` decides.
 */
export function blankIfSecret(env: Pick<Env, 'APP_ENV'>) {
  if (keepsSecrets(env)) return {}
  return {
    html: sql`CASE WHEN ${emailOutbox.secret} THEN ${SECRET_PLACEHOLDER.html} ELSE ${emailOutbox.html} END`,
    text: sql`CASE WHEN ${emailOutbox.secret} THEN ${SECRET_PLACEHOLDER.text} ELSE ${emailOutbox.text} END`,
  }
}

/** The same, for one row whose `secret` is known. */
export function blankedContent(env: Pick<Env, 'APP_ENV'>, message: { secret: boolean }) {
  return message.secret && !keepsSecrets(env) ? { ...SECRET_PLACEHOLDER } : {}
}

export type SecretsSweep = { blanked: number; passwordResets: number; emailTokens: number }

/**
 * The scheduled sweep: blanks every secret message that is sent, expired or failed, or whose
 * `expires_at` passed (unless the outbox keeps secrets here), and deletes password-reset links
 * and e-mail tokens used or expired more than SPENT_TOKEN_RETENTION_MS ago.
 */
export async function sweepSecrets(ctx: AppContext): Promise<SecretsSweep> {
  const now = ctx.now
  const spentBefore = new Date(now.getTime() - SPENT_TOKEN_RETENTION_MS)
  const blanking = keepsSecrets(ctx.env)
    ? []
    : [
        ctx.db
          .update(emailOutbox)
          .set({ ...SECRET_PLACEHOLDER })
          .where(
            and(
              eq(emailOutbox.secret, true),
              or(inArray(emailOutbox.status, ['sent', 'expired', 'failed']), lte(emailOutbox.expiresAt, now)),
              or(
                ne(emailOutbox.text, SECRET_PLACEHOLDER.text),
                ne(emailOutbox.html, SECRET_PLACEHOLDER.html),
              ),
            ),
          )
          .returning({ id: emailOutbox.id }),
      ]
  // A token is spent once it expired or was used; it goes SPENT_TOKEN_RETENTION_MS after that.
  const spent = (token: typeof passwordResets | typeof emailTokens) =>
    or(lte(token.expiresAt, spentBefore), and(isNotNull(token.usedAt), lte(token.usedAt, spentBefore)))
  const [resets, tokens, blanked] = await ctx.db.batch([
    ctx.db
      .delete(passwordResets)
      .where(spent(passwordResets))
      .returning({ tokenHash: passwordResets.tokenHash }),
    ctx.db.delete(emailTokens).where(spent(emailTokens)).returning({ tokenHash: emailTokens.tokenHash }),
    ...blanking,
  ])
  return { blanked: blanked?.length ?? 0, passwordResets: resets.length, emailTokens: tokens.length }
}
