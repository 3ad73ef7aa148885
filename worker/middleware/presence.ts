import type { Context } from 'hono'
import { getCookie, setCookie } from 'hono/cookie'
import { createMiddleware } from 'hono/factory'
import type { AppBindings } from '../context.ts'
import { firstName } from '../domain/live-questions.ts'
import { AppError } from '../errors.ts'
import { hashToken } from '../services/auth/tokens.ts'
import {
  limitHeartbeats,
  PRESENCE_TICKET_TTL_SECONDS,
  presenceTicket,
  ticketClaims,
} from '../services/conference/attendance.ts'
import { currentUser, isPlainLocalhost, sessionCookieName } from './auth.ts'

/** Where the heartbeat is answered; its ticket cookie goes nowhere else. */
export const PRESENCE_PATH = '/api/jornada/presenca'

/** `__Secure-` wherever the site is https (a path-scoped cookie cannot be `__Host-`). */
const ticketCookieName = (url: string) =>
  isPlainLocalhost(url) ? 'renalis_presenca' : '__Secure-renalis_presenca'

type PresenceViewer = { userId: number; firstName: string }

const viewers = new WeakMap<Context, PresenceViewer>()

/** The viewer the presence middleware found (the route declares it, so it is always there). */
export function presenceViewer(c: Context<AppBindings>): number {
  return presenceIdentity(c).userId
}

/** The viewer and their first name (the live questions' name), as the presence middleware found them. */
export function presenceIdentity(c: Context<AppBindings>): PresenceViewer {
  const viewer = viewers.get(c)
  if (viewer === undefined) throw new AppError('UNAUTHENTICATED', 'Unauthenticated.')
  return viewer
}

/**
 * Who is watching, without a database read: the session cookie plus an HttpOnly ticket cookie
 * (signed, bound to that session, PRESENCE_TICKET_TTL_SECONDS long, with the first name) that the
 * first call — one session read — sets. No session: 401. The ticket's cookie goes only to
 * PRESENCE_PATH and below: the heartbeat and a talk's live questions (issue 44).
 */
export const presenceAuthenticated = createMiddleware<AppBindings>(async (c, next) => {
  const ctx = c.var.ctx
  const session = getCookie(c, sessionCookieName(c.req.url))
  if (!session || session.length > 100) throw new AppError('UNAUTHENTICATED', 'Unauthenticated.')
  const sessionId = await hashToken(session)
  const ticket = getCookie(c, ticketCookieName(c.req.url))
  const claims = ticket ? await ticketClaims(ctx, ticket, sessionId) : null
  let viewer: PresenceViewer | null = claims?.firstName
    ? { userId: claims.userId, firstName: claims.firstName }
    : null
  if (viewer === null) {
    const user = await currentUser(c)
    if (!user) throw new AppError('UNAUTHENTICATED', 'Unauthenticated.')
    viewer = { userId: user.id, firstName: firstName(user.name) }
    setCookie(
      c,
      ticketCookieName(c.req.url),
      await presenceTicket(ctx, user.id, user.sessionId, viewer.firstName),
      {
        httpOnly: true,
        secure: !isPlainLocalhost(c.req.url),
        sameSite: 'Strict',
        path: PRESENCE_PATH,
        maxAge: PRESENCE_TICKET_TTL_SECONDS,
      },
    )
  }
  viewers.set(c, viewer)
  await next()
})

/** The heartbeat's: the viewer as above, then the per-viewer limit. */
export const presenceSession = createMiddleware<AppBindings>(async (c, next) => {
  await presenceAuthenticated(c, async () => {
    await limitHeartbeats(c.var.ctx, presenceViewer(c))
    await next()
  })
})
