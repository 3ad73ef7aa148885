import { AsyncLocalStorage } from 'node:async_hooks'
import type { Context } from 'hono'
import { isLocalEnv, publicOrigin, videoPlayerOf } from '../config.ts'
import type { AppBindings } from '../context.ts'
import type { ApiFetch, PageRenderer } from '../contract/ssr.ts'
import { VIDEO_PLAYER_HOST, YOUTUBE_API_ORIGIN } from '../domain/video.ts'
import { isApiNamespace } from '../middleware/navigation.ts'
import {
  allowConnect,
  allowFrames,
  allowInlineScripts,
  allowScriptOrigins,
} from '../middleware/security-headers.ts'
import { catalogVersion } from '../services/catalog/snapshot.ts'
import { certificateByCode } from '../services/certificates/issue.ts'
import { getPaymentsConfig } from '../services/payments/config.ts'
import { settingsOf } from '../services/payments/gateway.ts'
import { BROWSER_ONLY } from './browser-only.ts'
import { BOOT_SCRIPT, loaderScript } from './inline-scripts.ts'

const pageFetch = new AsyncLocalStorage<ApiFetch>()

/**
 * The web app's renderer (React, the routes, their components), loaded on the first page an
 * isolate renders: API requests never evaluate it.
 */
let renderer: Promise<PageRenderer> | undefined
export const loadRenderer = () =>
  (renderer ??= import('#web/entry-server').then(({ createPageRenderer }) =>
    createPageRenderer({
      run: (fetch, render) => pageFetch.run(fetch, render),
      current: () => pageFetch.getStore(),
    }),
  ))

/** A certificate's verification page: for no certificate, its shell answers 404, as its JSON does. */
const CERTIFICATE_PAGE = /^\/certificados\/([^/]+)\/?$/

/** Pages where the browser sends card data to the payment gateway itself (DESIGN 6). */
// The checkout and an edital plan's payment screen tokenize cards at the gateway; a course's page
// for its student plays lessons in YouTube's privacy-enhanced player, as the conference page plays
// its talks. The app's links into them load a new document (reloadDocument), so these policies
// are the ones in force there.
const PAYMENT_PAGES = /^\/(checkout(\/|$)|usuario\/editais\/mensalidade\/)/
const PLAN_PAYMENT_PAGE = /^\/usuario\/editais\/mensalidade\//
const CONFERENCE_PAGES = /^\/4a-jornada-multiprofissional(\/|$)/
const LESSON_PAGES = /^\/usuario\/cursos\/[^/]+/

/**
 * The conference frames YouTube's privacy-enhanced player; a course's lessons drive it through
 * the IFrame API, whose script comes from www.youtube.com (issue 39), unless the local stand-in
 * plays them (its video is our own: nothing to allow).
 */
function allowVideoPlayer(c: Context<AppBindings>, pathname: string) {
  if (CONFERENCE_PAGES.test(pathname)) allowFrames(c, [VIDEO_PLAYER_HOST])
  if (LESSON_PAGES.test(pathname) && videoPlayerOf(c.env).kind === 'youtube') {
    allowFrames(c, [VIDEO_PLAYER_HOST])
    allowScriptOrigins(c, [YOUTUBE_API_ORIGIN])
  }
}

/**
 * Headers of the page request that its API calls carry too. Never the cookie nor anything else
 * that tells visitors apart: the render is shared by everyone (the browser asks who the visitor
 * is, web/src/main.tsx), so nothing personal can reach it.
 */
const FORWARDED_HEADERS = ['user-agent', 'cf-connecting-ip']

/** The page template: the built index.html, prepared once per deployment. */
type Template = {
  html: string
  /** Identifies the build in the shared render's cache key. */
  id: string
  /** The inline scripts the template carries, allowed by hash in the page's policy. */
  inlineScripts: string[]
}
let template: { source: string; prepared: Promise<Template> } | undefined

const STYLESHEET = /<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/

/**
 * The stylesheet goes inside the page: a phone on a slow network paints the rendered page from
 * the first response instead of waiting for a second one (the CSS is ~9 KB compressed). Pages
 * the browser renders itself (the SPA shell) keep the cached stylesheet link.
 */
async function inlineStylesheet(c: Context<AppBindings>, html: string): Promise<string> {
  const href = STYLESHEET.exec(html)?.[1]
  if (!href) return html
  const response = await c.env.ASSETS.fetch(new URL(href, c.req.url))
  if (!response.ok) return html
  const css = (await response.text()).replace(/<\/style/gi, '<\\/style')
  return html.replace(STYLESHEET, () => `<style>${css}</style>`)
}

const MODULE_SCRIPT = /<script type="module"[^>]*src="([^"]+)"[^>]*><\/script>\s*/g
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*href="([^"]+)"[^>]*>\s*/g

/**
 * The built index.html as a rendered page needs it: the boot script first in <head> (the
 * signed-in hint, presses before the app answers), and the app's module scripts moved to a
 * loader at the end of <body> that requests them after the first paint (inline-scripts.ts).
 */
export function prepareTemplate(html: string): { html: string; inlineScripts: string[] } {
  const scripts = [...html.matchAll(MODULE_SCRIPT)].map((match) => match[1]!)
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]!)
  const withBoot = html.replace(/<head>/, () => `<head><script>${BOOT_SCRIPT}</script>`)
  if (scripts.length === 0) return { html: withBoot, inlineScripts: [BOOT_SCRIPT] }
  const loader = loaderScript(preloads, scripts)
  return {
    html: withBoot
      .replace(MODULE_SCRIPT, '')
      .replace(MODULE_PRELOAD, '')
      .replace('</body>', () => `<script>${loader}</script></body>`),
    inlineScripts: [BOOT_SCRIPT, loader],
  }
}

async function loadTemplate(c: Context<AppBindings>): Promise<Template> {
  // In production the assets never change under a running Worker; `npm run dev` rebuilds them,
  // so there index.html is read again each time and the work redone only when it changed.
  if (template && !isLocalEnv(c.env)) return template.prepared
  const response = await c.env.ASSETS.fetch(new URL('/', c.req.url))
  if (!response.ok) throw new Error(`index.html: HTTP ${response.status} (is web/dist built?)`)
  const source = await response.text()
  if (template?.source !== source) {
    const prepared = Promise.all([inlineStylesheet(c, source), sha256(source)]).then(([html, id]) => ({
      ...prepareTemplate(html),
      id,
    }))
    template = { source, prepared }
    prepared.catch(() => {
      template = undefined
    })
  }
  return template.prepared
}

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))
  return [...new Uint8Array(digest).slice(0, 8)].map((byte) => byte.toString(16).padStart(2, '0')).join('')
}

/** How long a shared render may be served: class dates open and close with time, not versions. */
const PAGE_CACHE_SECONDS = 300

/**
 * A page is the same for every visitor, signed in or not: rendered once per catalogue version,
 * build and page key (the path and the query parameters the page reads), then served from this
 * location's cache. The render never sees a cookie, so nothing in it is anyone's own.
 */
async function sharedCacheKey(c: Context<AppBindings>, origin: string, templateId: string, pageKey: string) {
  const version = await catalogVersion(c.env)
  return new Request(`${origin}/__pages/${encodeURIComponent(version)}/${templateId}${pageKey}`)
}

/** JSON inside <script>: no '<' may close the element or open a comment. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c')

export function fillTemplate(template: string, page: { head: string; html: string; state: unknown }) {
  return template
    .replace(/<title>[\s\S]*?<\/title>/, () => '')
    .replace('</head>', () => `${page.head}</head>`)
    .replace(
      '<div id="app"></div>',
      () =>
        `<div id="app">${page.html}</div><script id="ssr-state" type="application/json">${scriptJson(page.state)}</script>`,
    )
}

export type PageRequest = {
  /** The page's URL, reduced to its key (PageDescription). */
  url: URL
  /** The site's public origin (PUBLIC_ORIGIN). */
  origin: string
  /** The page request's headers: only FORWARDED_HEADERS go on to its API calls. */
  headers: Headers
  /** The built index.html. */
  template: string
  /** Answers the page's API calls (this Worker's app, in-process). */
  handle: (request: Request) => Promise<Response>
}

/** The document for a page, or null when the browser must render it (the SPA shell). */
export async function renderDocument(
  request: PageRequest,
): Promise<{ status: 200 | 404; html: string } | { status: null; reason: string }> {
  const { url, origin, headers, template, handle } = request
  if (BROWSER_ONLY.test(url.pathname)) return { status: null, reason: 'browser-only page' }

  const forwarded = new Headers({ Accept: 'application/json' })
  for (const name of FORWARDED_HEADERS) {
    const value = headers.get(name)
    if (value) forwarded.set(name, value)
  }
  const fetchForPage: ApiFetch = (path, init) => {
    const apiHeaders = new Headers(forwarded)
    for (const [name, value] of new Headers(init.headers)) {
      if (name !== 'cookie') apiHeaders.set(name, value)
    }
    return handle(new Request(new URL(path, url), { ...init, headers: apiHeaders }))
  }
  const { render } = await loadRenderer()
  const page = await render({ url: url.pathname + url.search, origin, fetch: fetchForPage })
  if (page.kind === 'shell') return { status: null, reason: page.reason }
  return { status: page.status, html: fillTemplate(template, page) }
}

/**
 * A browser opening a page: the page rendered with its data (first paint without JavaScript),
 * or the SPA shell when the page belongs to the browser alone or could not be rendered here.
 * `otherwise` answers a client that accepts anything (`*\/*`) when the path is no page.
 */
export async function respondWithPage(
  c: Context<AppBindings>,
  handle: (request: Request) => Promise<Response>,
  otherwise?: () => Response | Promise<Response>,
): Promise<Response> {
  const url = new URL(c.req.url)
  if (otherwise && isApiNamespace(url.pathname)) return otherwise()
  const headers = { 'Content-Type': 'text/html; charset=UTF-8', 'Cache-Control': 'private, no-cache' }
  try {
    const renderer = await loadRenderer()
    const page = renderer.describe(url.pathname + url.search)
    if (otherwise && !page.found) return otherwise()
    if (BROWSER_ONLY.test(url.pathname)) return browserOnlyPage(c, url.pathname)
    allowVideoPlayer(c, url.pathname)

    const prepared = await loadTemplate(c)
    allowInlineScripts(c, prepared.inlineScripts)
    const cacheKey = await sharedCacheKey(c, url.origin, prepared.id, page.key)
    const cached = await caches.default.match(cacheKey)
    if (cached) {
      return new Response(cached.body, {
        status: cached.status,
        headers: { ...headers, 'Server-Timing': 'page;desc="shared render"' },
      })
    }

    // Visitors arriving together (a class, a conference audience) while the page is not cached
    // yet wait for one render in this isolate instead of each starting their own.
    const inFlight = rendering.get(cacheKey.url)
    const pending =
      inFlight ??
      renderDocument({
        url: new URL(page.key, url),
        origin: publicOrigin(c.env),
        headers: c.req.raw.headers,
        template: prepared.html,
        handle,
      })
    if (!inFlight) {
      rendering.set(cacheKey.url, pending)
      void pending.finally(() => rendering.delete(cacheKey.url)).catch(() => undefined)
    }
    const document = await pending
    if (document.status === null) {
      log(c, 'page_shell', { path: url.pathname, reason: document.reason })
      return spaShell(c)
    }
    if (document.status === 200 && !inFlight) {
      const shared = new Response(document.html, {
        headers: {
          'Content-Type': headers['Content-Type'],
          'Cache-Control': `public, max-age=${PAGE_CACHE_SECONDS}`,
        },
      })
      c.var.ctx.waitUntil(caches.default.put(cacheKey, shared))
    }
    return new Response(document.html, {
      status: document.status,
      headers: { ...headers, 'Server-Timing': `page;desc="${inFlight ? 'shared render' : 'rendered'}"` },
    })
  } catch (error) {
    log(c, 'page_render_failed', { path: url.pathname, error: (error as Error).message })
    if (otherwise) return otherwise()
    return spaShell(c)
  }
}

/** A page the browser renders: its shell, with 404 for a certificate's page of no certificate. */
async function browserOnlyPage(c: Context<AppBindings>, pathname: string): Promise<Response> {
  const shell = await spaShell(c)
  const code = CERTIFICATE_PAGE.exec(pathname)?.[1]
  if (code === undefined) return shell
  let found = false
  try {
    found = (await certificateByCode(c.var.ctx, decodeURIComponent(code))) !== undefined
  } catch (error) {
    // A malformed escape is no code; the database away: the page asks again itself.
    if (!(error instanceof URIError)) return shell
  }
  return found ? shell : new Response(shell.body, { status: 404, headers: shell.headers })
}

/** Renders under way in this isolate, by shared cache key. */
const rendering = new Map<string, Promise<Awaited<ReturnType<typeof renderDocument>>>>()

/**
 * A PSP account's debit card runs Pagar.me's 3DS library on the plan payment only: the page may
 * load it from its origin and talk to it, and frame the issuer's challenge — the sandbox's page
 * locally, an issuer's own (any https origin) in production.
 */
function allowThreeDsLibrary(c: Context<AppBindings>) {
  const settings = settingsOf(c.var.ctx)
  if (settings.accountType !== 'psp' || !settings.threeDsScriptUrl) return
  const library = new URL(settings.threeDsScriptUrl).origin
  allowScriptOrigins(c, [library])
  allowConnect(c, [library])
  allowFrames(c, [isLocalEnv(c.env) ? library : 'https:'])
}

/** The SPA's index.html: the browser renders the page itself. */
export function spaShell(c: Context<AppBindings>) {
  const { pathname } = new URL(c.req.url)
  if (PAYMENT_PAGES.test(pathname)) {
    try {
      const { tokenize_url } = getPaymentsConfig({ ctx: c.var.ctx, requestUrl: c.req.url })
      const gateway = new URL(tokenize_url, c.req.url).origin
      if (gateway !== new URL(c.req.url).origin) allowConnect(c, [gateway])
      if (PLAN_PAYMENT_PAGE.test(pathname)) allowThreeDsLibrary(c)
    } catch {
      // Payments misconfigured: the page loads, and its payment call answers the 503.
    }
  }
  allowVideoPlayer(c, pathname)
  return c.env.ASSETS.fetch(new URL('/', c.req.url))
}

function log(c: Context<AppBindings>, kind: string, details: Record<string, unknown>) {
  console.warn(JSON.stringify({ level: 'warn', requestId: c.var.ctx?.requestId, kind, ...details }))
}
