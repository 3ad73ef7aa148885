import type { Context } from 'hono'

/** A browser opening a page (not a script's fetch): it gets HTML, the page or the SPA shell. */
export function isNavigation(c: Context): boolean {
  const method = c.req.method
  return (
    (method === 'GET' || method === 'HEAD') &&
    (c.req.header('Sec-Fetch-Mode') === 'navigate' || (c.req.header('Accept') ?? '').includes('text/html'))
  )
}
