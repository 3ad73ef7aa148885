import { AsyncLocalStorage } from 'node:async_hooks'
import type { Context } from 'hono'
import { getCookie } from 'hono/cookie'
import { publicOrigin } from '../config.ts'
import type { AppBindings } from '../context.ts'
import type { ApiFetch, RenderPage } from '../contract/ssr.ts'
import { SESSION_COOKIE } from '../services/auth/sessions.ts'
import { catalogVersion } from '../services/catalog/snapshot.ts'

const pageFetch = new AsyncLocalStorage<ApiFetch>()

/**
 * The web app's renderer (React, the routes, their components), loaded on the first page an
 * isolate renders: API requests never evaluate it.
 */
let renderer: Promise<RenderPage> | undefined
export const loadRenderer = () =>
  (renderer ??= import('#web/entry-server').then(({ createPageRenderer }) =>
    createPageRenderer({
      run: (fetch, render) => pageFetch.run(fetch, render),
      current: () => pageFetch.getStore(),
    }),
  ))

/**
 * Pages the browser renders itself: personal ones (nothing to show before it knows the cart or
 * the session's data) and the password reset, whose token is in the URL fragment a server
 * never sees.
 */
const BROWSER_ONLY = /^\/(usuario|admin|carrinho-de-compras|checkout|pedido|senha)(\/|$)/

/** Headers of the page request that its API calls carry too (the session, the language). */
const FORWARDED_HEADERS = ['cookie', 'accept-language', 'user-agent', 'cf-connecting-ip']

/** The page template: the built index.html with its stylesheet inlined. Fixed per deployment. */
let template: { source: string; inlined: Promise<string>; id: Promise<string> } | undefined

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
 * The app's scripts start downloading once the page has painted: the page is readable without
 * them, and on a slow phone connection 140 KB of JavaScript would otherwise share the first
 * second with the page's main picture (its largest paint). They then load as index.html would
 * have loaded them, the entry and its preloads in parallel.
 */
export function deferScripts(html: string): string {
  const scripts = [...html.matchAll(MODULE_SCRIPT)].map((match) => match[1]!)
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]!)
  if (scripts.length === 0) return html
  // After the first contentful paint (a 'paint' performance entry), or at once in a tab opened
  // in the background (it paints nothing until shown), or after 3 s whatever happens.
  const loader =
    '<script>(function(){var done=false;function load(){if(done)return;done=true;' +
    `${JSON.stringify(preloads)}.forEach(function(h){var l=document.createElement('link');l.rel='modulepreload';l.href=h;document.head.appendChild(l)});` +
    `${JSON.stringify(scripts)}.forEach(function(h){var s=document.createElement('script');s.type='module';s.src=h;document.head.appendChild(s)})}` +
    "if(document.visibilityState!=='visible'||!window.PerformanceObserver){load();return}" +
    "try{new PerformanceObserver(function(list){if(list.getEntriesByName('first-contentful-paint').length)setTimeout(load,0)}).observe({type:'paint',buffered:true})}catch(e){load()}" +
    'setTimeout(load,3000)})()</script>'
  return html
    .replace(MODULE_SCRIPT, '')
    .replace(MODULE_PRELOAD, '')
    .replace('</body>', () => `${loader}</body>`)
}

async function loadTemplate(c: Context<AppBindings>): Promise<{ html: string; id: string }> {
  // In production the assets never change under a running Worker; `npm run dev` rebuilds them,
  // so there index.html is read again each time and the work redone only when it changed.
  if (template && c.env.APP_ENV === 'production')
    return { html: await template.inlined, id: await template.id }
  const response = await c.env.ASSETS.fetch(new URL('/', c.req.url))
  if (!response.ok) throw new Error(`index.html: HTTP ${response.status} (is web/dist built?)`)
  const source = await response.text()
  if (template?.source !== source) {
    const inlined = inlineStylesheet(c, source).then(deferScripts)
    template = { source, inlined, id: sha256(source) }
    inlined.catch(() => {
      template = undefined
    })
  }
  return { html: await template.inlined, id: await template.id }
}

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))
  return [...new Uint8Array(digest).slice(0, 8)].map((byte) => byte.toString(16).padStart(2, '0')).join('')
}

/** How long a shared render may be served: class dates open and close with time, not versions. */
const PAGE_CACHE_SECONDS = 300

/**
 * Pages for visitors without a session are the same for everyone: rendered once per catalogue
 * version and build, then served from this location's cache (a render costs far more CPU than
 * serving it). Signed-in visitors get their own header, so they are always rendered.
 */
async function sharedCacheKey(c: Context<AppBindings>, url: URL, templateId: string) {
  if (getCookie(c, SESSION_COOKIE)) return undefined
  const version = await catalogVersion(c.env)
  return new Request(
    `${url.origin}/__pages/${encodeURIComponent(version)}/${templateId}${url.pathname}${url.search}`,
  )
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
  /** The page's URL as the browser asked for it. */
  url: URL
  /** The site's public origin (PUBLIC_ORIGIN). */
  origin: string
  /** The page request's headers: the session cookie and the like go on to its API calls. */
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
    for (const [name, value] of new Headers(init.headers)) apiHeaders.set(name, value)
    return handle(new Request(new URL(path, url), { ...init, headers: apiHeaders }))
  }
  const renderPage = await loadRenderer()
  const page = await renderPage({ url: url.pathname + url.search, origin, fetch: fetchForPage })
  if (page.kind === 'shell') return { status: null, reason: page.reason }
  return { status: page.status, html: fillTemplate(template, page) }
}

/**
 * A browser opening a page: the page rendered with its data (first paint without JavaScript),
 * or the SPA shell when the page belongs to the browser alone or could not be rendered here.
 */
export async function respondWithPage(
  c: Context<AppBindings>,
  handle: (request: Request) => Promise<Response>,
): Promise<Response> {
  const url = new URL(c.req.url)
  if (BROWSER_ONLY.test(url.pathname)) return spaShell(c)
  const headers = { 'Content-Type': 'text/html; charset=UTF-8', 'Cache-Control': 'private, no-cache' }
  try {
    const { html: templateHtml, id: templateId } = await loadTemplate(c)
    const cacheKey = await sharedCacheKey(c, url, templateId)
    const cached = cacheKey ? await caches.default.match(cacheKey) : undefined
    if (cached) {
      return new Response(cached.body, {
        status: cached.status,
        headers: { ...headers, 'Server-Timing': 'page;desc="shared render"' },
      })
    }

    const document = await renderDocument({
      url,
      origin: publicOrigin(c.env),
      headers: c.req.raw.headers,
      template: templateHtml,
      handle,
    })
    if (document.status === null) {
      log(c, 'page_shell', { path: url.pathname, reason: document.reason })
      return spaShell(c)
    }
    if (cacheKey && document.status === 200) {
      const shared = new Response(document.html, {
        headers: {
          'Content-Type': headers['Content-Type'],
          'Cache-Control': `public, max-age=${PAGE_CACHE_SECONDS}`,
        },
      })
      c.var.ctx.waitUntil(caches.default.put(cacheKey, shared))
    }
    // The header shows the visitor's own name and menu: no shared caches outside ours.
    return new Response(document.html, { status: document.status, headers })
  } catch (error) {
    log(c, 'page_render_failed', { path: url.pathname, error: (error as Error).message })
    return spaShell(c)
  }
}

/** The SPA's index.html: the browser renders the page itself. */
export function spaShell(c: Context<AppBindings>) {
  return c.env.ASSETS.fetch(new URL('/', c.req.url))
}

function log(c: Context<AppBindings>, kind: string, details: Record<string, unknown>) {
  console.warn(JSON.stringify({ level: 'warn', requestId: c.var.ctx?.requestId, kind, ...details }))
}
