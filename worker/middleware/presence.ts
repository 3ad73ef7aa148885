import type { Context } from 'hono'
import { getCookie, setCookie } from 'hono/cookie'
import { createMiddleware } from 'hono/factory'
import type { AppBindings } from '../context.ts'
import { AppError } from '../errors.ts'
import { hashToken } from '../services/auth/tokens.ts'
import {
  limitHeartbeats,
  PRESENCE_TICKET_TTL_SECONDS,
  presenceTicket,
  ticketViewer,
} from '../services/conference/attendance.ts'
import { currentUser, isPlainLocalhost, sessionCookieName } from './auth.ts'

/** Where the heartbeat is answered; its ticket cookie goes nowhere else. */
export const PRESENCE_PATH = '/api/jornada/presenca'

/** `__Secure-` wherever the site is https (a path-scoped cookie cannot be `__Host-`). */
const ticketCookieName = (url: string) =>
  isPlainLocalhost(url) ? 'renalis_presenca' : '__Secure-renalis_presenca'

const viewers = new WeakMap<Context, number>()

/** The viewer the heartbeat middleware found (the route declares it, so it is always there). */
export function presenceViewer(c: Context<AppBindings>): number {
  const userId = viewers.get(c)
  if (userId === undefined) throw new AppError('UNAUTHENTICATED', 'Unauthenticated.')
  return userId
}

/**
 * Who beats, without a database read per beat: the session cookie plus an HttpOnly ticket cookie
 * (signed, bound to that session, PRESENCE_TICKET_TTL_SECONDS long) that the first beat — one
 * session read — sets. No session: 401. Then the per-viewer limit.
 */
export const presenceSession = createMiddleware<AppBindings>(async (c, next) => {
  const ctx = c.var.ctx
  const session = getCookie(c, sessionCookieName(c.req.url))
  if (!session || session.length > 100) throw new AppError('UNAUTHENTICATED', 'Unauthenticated.')
  const sessionId = await hashToken(session)
  const ticket = getCookie(c, ticketCookieName(c.req.url))
  let userId = ticket ? await ticketViewer(ctx, ticket, sessionId) : null
  if (userId === null) {
    const user = await currentUser(c)
    if (!user) throw new AppError('UNAUTHENTICATED', 'Unauthenticated.')
    userId = user.id
    setCookie(c, ticketCookieName(c.req.url), await presenceTicket(ctx, user.id, user.sessionId), {
      httpOnly: true,
      secure: !isPlainLocalhost(c.req.url),
      sameSite: 'Strict',
      path: PRESENCE_PATH,
      maxAge: PRESENCE_TICKET_TTL_SECONDS,
    })
  }
  await limitHeartbeats(ctx, userId)
  viewers.set(c, userId)
  await next()
})
