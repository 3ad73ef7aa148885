// Short links /l/{code} of the admin's 'Qrcode/Link' screen: what a code may be, where a link may
// point (a page of the site, or an outside address on the allow-list: never an open redirect), the
// UTM builder, and the day a click counts for.

export const SHORT_CODE_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/
export const SHORT_CODE_MIN = 3
export const SHORT_CODE_MAX = 60
export const SHORT_LINK_PREFIX = '/l/'

/**
 * Outside sites a short link may send people to, by exact host name: the institute's social
 * profiles and messaging, video, forms and audio. Exact names, not whole domains: a domain's other
 * hosts can carry anyone's pages (sites.google.com, a user's subdomain), and a printed QR code must
 * not become a way to send people there.
 */
export const ALLOWED_OUTSIDE_HOSTS = [
  'instagram.com',
  'www.instagram.com',
  'facebook.com',
  'www.facebook.com',
  'm.facebook.com',
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'youtu.be',
  'linkedin.com',
  'www.linkedin.com',
  'wa.me',
  'api.whatsapp.com',
  'chat.whatsapp.com',
  'forms.gle',
  'docs.google.com',
  'maps.google.com',
  'maps.app.goo.gl',
  'open.spotify.com',
] as const

export type ShortLinkTarget = { kind: 'site'; path: string } | { kind: 'outside'; url: string }
export type TargetCheck =
  | { ok: true; target: ShortLinkTarget; value: string }
  | { ok: false; message: string }

export const TARGET_MESSAGES = {
  empty: 'Informe o destino do link.',
  invalid: 'Informe um endereço do site (começando com /) ou um endereço https:// completo.',
  loop: 'O destino não pode ser outro link curto.',
  notAllowed: `Endereços fora do site só para: ${ALLOWED_OUTSIDE_HOSTS.join(', ')}.`,
} as const

const isAllowedHost = (host: string) => ALLOWED_OUTSIDE_HOSTS.some((allowed) => host === allowed)

/**
 * A path of this site as the browser will read it once the link sends it there: after the URL
 * parser's normalisation (`/.//x` becomes `//x`), it starts with one slash and never two (`//x`
 * is another host to a browser).
 */
const isSitePath = (path: string) => path.startsWith('/') && !path.startsWith('//')

/**
 * Where a link may point. `siteOrigin` is the site's public origin: an absolute address on it is
 * kept as its path, so the link follows the site wherever it is served.
 */
export function checkTarget(raw: string, siteOrigin: string): TargetCheck {
  const text = raw.trim()
  if (!text) return { ok: false, message: TARGET_MESSAGES.empty }
  if (text.includes('\\') || /[\s<>"]/.test(text)) return { ok: false, message: TARGET_MESSAGES.invalid }
  let url: URL
  const base = new URL(siteOrigin)
  try {
    url = new URL(text, base)
  } catch {
    return { ok: false, message: TARGET_MESSAGES.invalid }
  }
  const relative = text.startsWith('/') && !text.startsWith('//')
  if (relative || url.host === base.host) {
    if (!relative && !/^https?:$/.test(url.protocol)) return { ok: false, message: TARGET_MESSAGES.invalid }
    const path = `${url.pathname}${url.search}${url.hash}`
    if (!isSitePath(path)) return { ok: false, message: TARGET_MESSAGES.invalid }
    if (url.pathname.startsWith(SHORT_LINK_PREFIX)) return { ok: false, message: TARGET_MESSAGES.loop }
    return { ok: true, target: { kind: 'site', path }, value: path }
  }
  if (url.protocol !== 'https:' || !/^https:\/\//i.test(text))
    return { ok: false, message: TARGET_MESSAGES.invalid }
  if (url.username || url.password) return { ok: false, message: TARGET_MESSAGES.invalid }
  if (!isAllowedHost(url.hostname.toLowerCase())) return { ok: false, message: TARGET_MESSAGES.notAllowed }
  return { ok: true, target: { kind: 'outside', url: url.href }, value: url.href }
}

export type Utm = { source?: string; medium?: string; campaign?: string; content?: string; term?: string }
const UTM_KEYS = ['source', 'medium', 'campaign', 'content', 'term'] as const

/** Adds (or replaces) the utm_* parameters, keeping the path, the other parameters and the anchor. */
export function withUtm(target: string, utm: Utm): string {
  const relative = target.startsWith('/')
  const url = new URL(target, 'https://site.invalid')
  for (const key of UTM_KEYS) {
    const value = utm[key]?.trim()
    if (value) url.searchParams.set(`utm_${key}`, value)
    else url.searchParams.delete(`utm_${key}`)
  }
  return relative ? `${url.pathname}${url.search}${url.hash}` : url.href
}

/** What a short link's counter needs to know of its link (read from the database, or told by an edit). */
export type ShortLinkConfig = { id: number; target: string; enabled: boolean }
