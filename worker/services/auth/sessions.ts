import { and, eq, gt, ne, type SQL, sql } from 'drizzle-orm'
import { sessions, users } from '../../../db/schema.ts'
import type { AppContext } from '../../context.ts'
import type { User } from '../../contract/auth.ts'
import { hashToken, newToken } from './tokens.ts'

/** The session cookie's name on plain-http localhost; everywhere else it is `__Host-` prefixed. */
export const SESSION_COOKIE = 'renalis_session'
export const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`
export const SESSION_TTL_MS = 30 * 24 * 3600 * 1000
/** A session unused this long ends, well before its 30 days. */
export const SESSION_IDLE_MS = 7 * 24 * 3600 * 1000
/** How stale `last_seen_at` may get before a request writes it again (one write per session per hour). */
const LAST_SEEN_EVERY_MS = 3600 * 1000
/** A login this recent stands for the password (linking a provider asks for it otherwise). */
export const RECENT_LOGIN_MS = 10 * 60 * 1000

export type UserRow = typeof users.$inferSelect
export type SessionUser = User & { sessionId: string; sessionCreatedAt: Date }

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    photo: row.photoKey ? `/files/${encodeURIComponent(row.photoKey)}` : null,
    type: row.type,
    new_user: row.isNewUser,
    email_verified: row.emailVerifiedAt !== null,
  }
}

/** The statement that opens a session; callers batch it with their own writes. */
export async function sessionInsert(ctx: AppContext, userId: number, userAgent: string | undefined) {
  const token = newToken()
  const id = await hashToken(token)
  const statement = ctx.db.insert(sessions).values({
    id,
    userId,
    createdAt: ctx.now,
    lastSeenAt: ctx.now,
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
  const idleSince = ctx.now.getTime() - SESSION_IDLE_MS
  const [row] = await ctx.db
    .select({ user: users, createdAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, id),
        gt(sessions.expiresAt, ctx.now),
        sql`coalesce(${sessions.lastSeenAt}, ${sessions.createdAt}) > ${idleSince}`,
      ),
    )
  if (!row) return null
  const seen = (row.lastSeenAt ?? row.createdAt).getTime()
  if (ctx.now.getTime() - seen > LAST_SEEN_EVERY_MS) {
    // After the answer: a lost write only makes the session look idle an hour sooner.
    ctx.waitUntil(
      ctx.db
        .update(sessions)
        .set({ lastSeenAt: ctx.now })
        .where(eq(sessions.id, id))
        .catch(() => undefined),
    )
  }
  return { ...toUser(row.user), sessionId: id, sessionCreatedAt: row.createdAt }
}

export async function endSession(ctx: AppContext, sessionId: string): Promise<void> {
  await ctx.db.delete(sessions).where(eq(sessions.id, sessionId))
}

/** Statement that ends every session of a user (sign out everywhere, a proof that takes over). */
export function endAllSessions(ctx: AppContext, userId: number | SQL) {
  return ctx.db.delete(sessions).where(eq(sessions.userId, userId))
}

/** Statement that ends every session of a user but the one given. */
export function endOtherSessions(ctx: AppContext, userId: number, keepSessionId: string | null) {
  return ctx.db
    .delete(sessions)
    .where(
      keepSessionId
        ? and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId))
        : eq(sessions.userId, userId),
    )
}
