/**
 * The site's public origin (PUBLIC_ORIGIN, worker/config.ts) for canonical and Open Graph URLs.
 * The Worker's page renderer sets it from the configuration; in the browser the page is served
 * from that origin, so its own is the same one.
 */
let configured: string | null = null

export function setPublicOrigin(origin: string) {
  configured = origin.replace(/\/+$/, '')
}

export function publicOrigin(): string {
  if (configured) return configured
  return typeof window === 'undefined' ? '' : window.location.origin
}
