import { createHash } from 'node:crypto'
import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'

/**
 * What a response may add to the Content-Security-Policy: the hashes of the inline scripts it
 * wrote itself, and the outside origins its page talks to (the card gateway on checkout).
 */
export type PolicyAllowances = {
  scripts: Set<string>
  connect: Set<string>
  eval?: boolean
  /** Outside origins the page may frame (a course's video player). */
  frames?: Set<string>
}

/**
 * By the request's context (worker/context.ts), which an area built on demand shares with the
 * site's app (worker/app.ts): a page an area answers tells the policy the site's app sets. Before
 * the context exists, the Hono context itself.
 */
const allowances = new WeakMap<object, PolicyAllowances>()
const requestOf = (c: Context): object => (c.get('ctx' as never) as object | undefined) ?? c

function allowancesOf(c: Context): PolicyAllowances {
  let found = allowances.get(requestOf(c))
  if (!found) {
    found = { scripts: new Set(), connect: new Set() }
    allowances.set(requestOf(c), found)
  }
  return found
}

/** `'sha256-…'`, the CSP source that lets exactly this inline script run. */
export function scriptHash(source: string): string {
  return `'sha256-${createHash('sha256').update(source, 'utf8').digest('base64')}'`
}

/** Lets these inline scripts (their exact text, between `<script>` and `</script>`) run. */
export function allowInlineScripts(c: Context, sources: Iterable<string>) {
  for (const source of sources) allowancesOf(c).scripts.add(scriptHash(source))
}

/** The inline scripts of a document we did not write ourselves (a library's page), as written. */
export function inlineScriptsIn(html: string): string[] {
  return [...html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)].map((match) => match[1]!)
}

/**
 * Lets the page load scripts from these origins (Pagar.me's 3DS library on the plan payment of a
 * PSP account). They join the script sources beside the inline hashes.
 */
export function allowScriptOrigins(c: Context, origins: Iterable<string>) {
  for (const origin of origins) allowancesOf(c).scripts.add(origin)
}

/** Lets the page evaluate code (`new Function`): the API reference's library needs it. */
export function allowEval(c: Context) {
  allowancesOf(c).eval = true
}

/** Lets the page fetch from these origins (besides its own). */
export function allowConnect(c: Context, origins: Iterable<string>) {
  for (const origin of origins) allowancesOf(c).connect.add(origin)
}

/** Lets the page frame these origins (the lessons' privacy-enhanced video player). */
export function allowFrames(c: Context, origins: Iterable<string>) {
  const found = allowancesOf(c)
  found.frames ??= new Set()
  for (const origin of origins) found.frames.add(origin)
}

/**
 * The policy of every response. Scripts: our own files, and inline only by hash (never
 * 'unsafe-inline'). Styles keep 'unsafe-inline': the page inlines its stylesheet and React writes
 * `style` attributes; a style cannot run code. Nothing may frame us but ourselves.
 */
export function contentSecurityPolicy(extra: PolicyAllowances = { scripts: new Set(), connect: new Set() }) {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...extra.scripts, ...(extra.eval ? ["'unsafe-eval'"] : [])].join(' '),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    ["connect-src 'self'", ...extra.connect].join(' '),
    ...(extra.frames?.size ? [["frame-src 'self'", ...extra.frames].join(' ')] : []),
    "frame-ancestors 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ')
}

/** Sets the Content-Security-Policy on every answer, with what its handler allowed. */
export const contentSecurityPolicyHeader = createMiddleware(async (c, next) => {
  await next()
  setHeaders(c, [['Content-Security-Policy', contentSecurityPolicy(allowances.get(requestOf(c)))]])
})

/** Sets headers on the answer, copying it first when its headers are immutable. */
function setHeaders(c: Context, headers: [string, string][]) {
  try {
    for (const [name, value] of headers) c.res.headers.set(name, value)
  } catch {
    // A response passed through from another fetch (static assets) has immutable headers.
    c.res = new Response(c.res.body, c.res)
    for (const [name, value] of headers) c.res.headers.set(name, value)
  }
}

/**
 * What the site never uses, denied to it and to anything it frames (the video player keeps
 * fullscreen, autoplay and picture-in-picture; the PIX code's copy button keeps the clipboard).
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'ambient-light-sensor=()',
  'bluetooth=()',
  'browsing-topics=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ')

/**
 * Cross-Origin-Opener-Policy of our pages: a window another site opens cannot reach them, while
 * the windows they open stay theirs (the social-login popup reports back through
 * `window.opener` and is watched through `popup.closed`).
 */
export const OPENER_POLICY = 'same-origin-allow-popups'

/**
 * The social-login popup's own pages (its start, the sandbox consent, the provider's return) set
 * none: after the provider's page, a policy there would move the popup to another browsing
 * context group, cutting `window.opener` and making the opener see the popup as closed.
 */
const POPUP_PAGES = /^\/(redirect|oauth)(\/|$)/

/**
 * Every answer: the Permissions-Policy above, the opener policy (but on the popup's pages); and
 * an answer in JSON that says nothing about caching (a cart, an order, an admin's list, a
 * profile) is kept by no cache (`private, no-store`). Routes that serve public data and may be
 * kept say so themselves.
 */
export const privacyHeaders = createMiddleware(async (c, next) => {
  await next()
  const headers: [string, string][] = [['Permissions-Policy', PERMISSIONS_POLICY]]
  if (!POPUP_PAGES.test(c.req.path)) headers.push(['Cross-Origin-Opener-Policy', OPENER_POLICY])
  const json = (c.res.headers.get('Content-Type') ?? '').includes('json')
  if (json && !c.res.headers.has('Cache-Control')) headers.push(['Cache-Control', 'private, no-store'])
  setHeaders(c, headers)
})
