import type { Context } from 'hono'

/**
 * Whether a request wants a page:
 * - 'page': a browser opening it (`Sec-Fetch-Mode: navigate`) or a client asking for HTML;
 * - 'any': a client that takes whatever comes (`Accept: *\/*` or no Accept at all: curl, uptime
 *   monitors, link-preview bots), which gets a page where there is one and the API's JSON elsewhere;
 * - 'none': a script's fetch (a browser says so in Sec-Fetch-Mode), JSON, or a write.
 */
export type PageWish = 'page' | 'any' | 'none'

export function pageWish(c: Context): PageWish {
  const method = c.req.method
  if (method !== 'GET' && method !== 'HEAD') return 'none'
  const mode = c.req.header('Sec-Fetch-Mode')
  if (mode === 'navigate') return 'page'
  const accept = (c.req.header('Accept') ?? '').toLowerCase()
  if (accept.includes('text/html')) return 'page'
  // A browser's fetch() sends `*/*` too, with its Sec-Fetch-Mode: it asked the API.
  if (mode) return 'none'
  if (accept.trim() === '' || (accept.includes('*/*') && !accept.includes('application/json'))) return 'any'
  return 'none'
}

/** A browser opening a page (not a script's fetch): it gets HTML, the page or the SPA shell. */
export function isNavigation(c: Context): boolean {
  return pageWish(c) === 'page'
}

/** The API's own namespace (DESIGN 3): never a page, whatever the client accepts. */
export const isApiNamespace = (pathname: string) => pathname === '/api' || pathname.startsWith('/api/')
