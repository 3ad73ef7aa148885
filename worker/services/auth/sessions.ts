import { and, eq, gt, ne } from 'drizzle-orm'
import { sessions, users } from '../../../db/schema.ts'
import type { AppContext } from '../../context.ts'
import type { User } from '../../contract/auth.ts'
import { hashToken, newToken } from './tokens.ts'

export const SESSION_COOKIE = 'renalis_session'
export const SESSION_TTL_MS = 30 * 24 * 3600 * 1000

export type UserRow = typeof users.$inferSelect
export type SessionUser = User & { sessionId: string }

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    photo: row.photoKey ? `/files/${encodeURIComponent(row.photoKey)}` : null,
    type: row.type,
    new_user: row.isNewUser,
  }
}

/** The statement that opens a session; callers batch it with their own writes. */
export async function sessionInsert(ctx: AppContext, userId: number, userAgent: string | undefined) {
  const token = newToken()
  const id = await hashToken(token)
  const statement = ctx.db.insert(sessions).values({
    id,
    userId,
    expiresAt: new Date(ctx.now.getTime() + SESSION_TTL_MS),
    userAgent: userAgent?.slice(0, 300),
  })
  return { token, id, statement }
}

/** The user behind a session cookie, or null when the session is unknown, ended or expired. */
export async function resolveSession(
  ctx: AppContext,
  token: string | undefined,
): Promise<SessionUser | null> {
  if (!token || token.length > 100) return null
  const id = await hashToken(token)
  const [row] = await ctx.db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, id), gt(sessions.expiresAt, ctx.now)))
  return row ? { ...toUser(row.user), sessionId: id } : null
}

export async function endSession(ctx: AppContext, sessionId: string): Promise<void> {
  await ctx.db.delete(sessions).where(eq(sessions.id, sessionId))
}

/** Statement that ends every session of a user but the one given (password change). */
export function endOtherSessions(ctx: AppContext, userId: number, keepSessionId: string | null) {
  return ctx.db
    .delete(sessions)
    .where(
      keepSessionId
        ? and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId))
        : eq(sessions.userId, userId),
    )
}
