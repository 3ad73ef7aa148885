import { INSTITUTE } from '../../../worker/domain/institute.ts'
import { publicOrigin } from './public-origin.ts'

/** Used when a page has no description of its own (the same text as index.html's). */
export const DEFAULT_DESCRIPTION =
  'Instituto Renalis: cursos online e presenciais de nefrologia, e-books, pesquisa clínica e acadêmica em Curitiba, Paraná.'
/** The home hero: the Open Graph picture of pages without a main image of their own. */
export const DEFAULT_OG_IMAGE = '/img/hero-cursos.svg'

export type PageHeadOptions = {
  /** Meta and Open Graph description. */
  description?: string
  /** The page's path ('/cursos/hemodialise'): gives the canonical URL and og:url. */
  path?: string
  /** Main image of the page (a path or an absolute URL); defaults to the home hero. */
  image?: string
  /** og:type: 'website' unless the page is about one thing (a course, a product, an edital). */
  type?: 'website' | 'article' | 'product'
  /** The title as given, without the ' | Instituto Renalis' suffix (the home page). */
  absoluteTitle?: boolean
  /** Pages that must stay out of search results (not-found answers). */
  noindex?: boolean
  /** The main image is the page's largest paint: fetch it as soon as the head is known. */
  preloadImage?: boolean
  /** schema.org data for rich results (a Course, a Product), rendered as JSON-LD. */
  jsonLd?: Record<string, unknown>
}

/** The public origin (PUBLIC_ORIGIN) + path, without a trailing slash (except the root). */
export function absoluteUrl(pathOrUrl: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl
  const path = pathOrUrl.startsWith('/') ? pathOrUrl : `/${pathOrUrl}`
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path
  return `${publicOrigin()}${trimmed}`
}

/** Search engines cut descriptions around 160 characters; longer ones end with an ellipsis. */
function clip(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  if (flat.length <= max) return flat
  return `${flat.slice(0, max - 1).replace(/\s+\S*$/, '')}…`
}

/**
 * Route `head` for a page: 'Cursos' → title 'Cursos | Instituto Renalis', meta description,
 * canonical URL and Open Graph tags. Every route builds its head through this one helper.
 */
export function pageHead(title: string, options: PageHeadOptions = {}) {
  const fullTitle = options.absoluteTitle ? title : `${title} | ${INSTITUTE.name}`
  const description = clip(options.description ?? DEFAULT_DESCRIPTION)
  const image = absoluteUrl(options.image ?? DEFAULT_OG_IMAGE)
  const url = options.path === undefined ? undefined : absoluteUrl(options.path)

  const meta: Record<string, unknown>[] = [
    { title: fullTitle },
    { name: 'description', content: description },
    { property: 'og:site_name', content: INSTITUTE.name },
    { property: 'og:locale', content: 'pt_BR' },
    { property: 'og:type', content: options.type ?? 'website' },
    { property: 'og:title', content: fullTitle },
    { property: 'og:description', content: description },
    { property: 'og:image', content: image },
    { name: 'twitter:card', content: 'summary_large_image' },
  ]
  if (url) meta.push({ property: 'og:url', content: url })
  if (options.noindex) meta.push({ name: 'robots', content: 'noindex' })
  if (options.jsonLd) meta.push({ 'script:ld+json': { '@context': 'https://schema.org', ...options.jsonLd } })
  const links: Record<string, string>[] = url ? [{ rel: 'canonical', href: url }] : []
  if (options.preloadImage && options.image) {
    links.push({ rel: 'preload', as: 'image', href: options.image, fetchPriority: 'high' })
  }
  return { meta, links }
}
