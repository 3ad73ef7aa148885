import type { Context, MiddlewareHandler } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import { createMiddleware } from 'hono/factory'
import { publicOrigin } from '../config.ts'
import type { AppBindings, AppContext } from '../context.ts'
import { UNSUBSCRIBE_PATH } from '../contract/reminders.ts'
import { SIGNED_IN_HINT_COOKIE } from '../contract/session-hint.ts'
import type { Role } from '../domain/roles.ts'
import { AppError } from '../errors.ts'
import {
  resolveSession,
  SECURE_SESSION_COOKIE,
  SESSION_COOKIE,
  SESSION_TTL_MS,
  type SessionUser,
} from '../services/auth/sessions.ts'
import { pageWish } from './navigation.ts'

/**
 * By the request's context (worker/context.ts), not by Hono's: an area built on demand answers the
 * same request in a Hono context of its own, sharing that one.
 */
const loaded = new WeakMap<AppContext, Promise<SessionUser | null>>()

/** The logged-in user of this request (one database round trip, at most once per request). */
export function currentUser(c: Context<AppBindings>): Promise<SessionUser | null> {
  let user = loaded.get(c.var.ctx)
  if (!user) {
    user = resolveSession(c.var.ctx, getCookie(c, sessionCookieName(c.req.url)))
    loaded.set(c.var.ctx, user)
  }
  return user
}

export async function requireUser(c: Context<AppBindings>): Promise<SessionUser> {
  const user = await currentUser(c)
  if (!user) throw new AppError('UNAUTHENTICATED', 'Unauthenticated.')
  return user
}

export function requireRole(role: Exclude<Role, 'none'>): MiddlewareHandler<AppBindings> {
  return createMiddleware<AppBindings>(async (c, next) => {
    const user = await requireUser(c)
    if (role === 'A' && user.type !== 'A') {
      throw new AppError('FORBIDDEN', 'Você não tem permissão para acessar esta área.')
    }
    await next()
  })
}

/** The header asks it on every page, visitors included: it answers null rather than 401 (SPEC 4). */
export const CURRENT_USER_PATH = '/admin/user/get'

/**
 * Defence in depth for the authenticated areas of SPEC section 6: whatever a route declares,
 * /admin needs an administrator and /usuario a session (but the current-user call). A browser
 * opening one of their pages gets the SPA shell, which asks the visitor to log in (SPEC 6);
 * the page's data calls are refused here as before.
 */
export const guardAreas = createMiddleware<AppBindings>(async (c, next) => {
  if (c.req.path === CURRENT_USER_PATH || pageWish(c) !== 'none') return next()
  const area = c.req.path.split('/').filter(Boolean)
  const [first] = area[0] === 'api' ? area.slice(1) : area
  if (first === 'admin') return requireRole('A')(c, next)
  if (first === 'usuario') return requireRole('N')(c, next)
  await next()
})

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/** Refuses state-changing requests sent by another site's page (419, which the SPA reloads on). */
export const sameOriginWrites = createMiddleware<AppBindings>(async (c, next) => {
  // RFC 8058's one click comes from a mail provider (its own origin, no session): the link's
  // signature authorises it. The one write exempt besides the webhooks.
  const exempt =
    c.req.path.startsWith('/webhooks/') || (c.req.method === 'POST' && c.req.path === UNSUBSCRIBE_PATH)
  if (UNSAFE.has(c.req.method) && !exempt) {
    // A page with Referrer-Policy no-referrer sends `Origin: null`: Sec-Fetch-Site then decides.
    const origin = c.req.header('Origin')
    const site = c.req.header('Sec-Fetch-Site')
    const own = [new URL(c.req.url).origin, publicOrigin(c.var.ctx.env)]
    const foreign =
      origin && origin !== 'null'
        ? !own.includes(origin)
        : site === 'cross-site' || (origin === 'null' && site !== 'same-origin')
    if (foreign) {
      throw new AppError(
        'SESSION_EXPIRED',
        'Sua sessão expirou ou a requisição veio de outro site. Recarregue a página.',
      )
    }
  }
  await next()
})

/** Cookies are Secure everywhere but on plain-http localhost (npm start, tests). */
export function isPlainLocalhost(url: string): boolean {
  const { protocol, hostname } = new URL(url)
  return protocol === 'http:' && (hostname === 'localhost' || hostname === '127.0.0.1')
}

/**
 * `__Host-renalis_session` wherever the site is served over https: the browser then accepts the
 * cookie only Secure, for the whole site and from this host alone (no subdomain can set it). Plain
 * `renalis_session` on plain-http localhost, where a `__Host-` cookie cannot exist.
 */
export const sessionCookieName = (url: string) =>
  isPlainLocalhost(url) ? SESSION_COOKIE : SECURE_SESSION_COOKIE

/**
 * The session, and beside it a hint the page's own script can read (`renalis_signed_in=1`, no
 * data): every visitor gets the same page, and the hint lets a signed-in one see the user area's
 * placeholder rather than the login button until the browser knows who they are.
 */
export function setSessionCookie(c: Context<AppBindings>, token: string) {
  const options = {
    secure: !isPlainLocalhost(c.req.url),
    sameSite: 'Lax',
    path: '/',
    maxAge: Math.floor(SESSION_TTL_MS / 1000),
  } as const
  setCookie(c, sessionCookieName(c.req.url), token, { ...options, httpOnly: true })
  setCookie(c, SIGNED_IN_HINT_COOKIE, '1', options)
}

export function clearSessionCookie(c: Context<AppBindings>) {
  deleteCookie(c, sessionCookieName(c.req.url), { path: '/', secure: !isPlainLocalhost(c.req.url) })
  deleteCookie(c, SIGNED_IN_HINT_COOKIE, { path: '/', secure: !isPlainLocalhost(c.req.url) })
}
