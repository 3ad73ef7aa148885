import type { CourseDetail, Edital, Page, Product } from '../../../../worker/contract/catalog.ts'
import { INSTITUTE, sliderImageUrl } from '../../../../worker/domain/institute.ts'
import { absoluteUrl, pageHead } from '../../lib/page-head.ts'
import { publicOrigin } from '../../lib/public-origin.ts'

/**
 * Heads of the pages whose title and description come from the API. Without data (the loader
 * threw a not-found or failed), the head matches the not-found page and stays out of the index.
 * `path` is the pathname the router matched: the canonical URL drops a trailing slash (`absoluteUrl`).
 */
const missing = (path: string) => pageHead('Página não encontrada', { path, noindex: true })

const provider = () => ({ '@type': 'Organization', name: INSTITUTE.fullName, url: publicOrigin() })

export function courseHead(course: CourseDetail | undefined, path: string) {
  if (!course) return missing(path)
  const first = course.slider[0]
  const image = first ? sliderImageUrl('cursos', first) : undefined
  return pageHead(course.name, {
    path,
    description: course.summary,
    type: 'article',
    ...(image ? { image, preloadImage: true } : {}),
    jsonLd: {
      '@type': 'Course',
      name: course.name,
      description: course.summary,
      url: absoluteUrl(path),
      provider: provider(),
      ...(image ? { image: absoluteUrl(image) } : {}),
    },
  })
}

export function productHead(product: Product | undefined, path: string) {
  if (!product) return missing(path)
  const first = product.slider[0]
  const image = first ? sliderImageUrl('produtos', first) : undefined
  const description = product.description.split(/\n\s*\n/)[0] ?? product.description
  return pageHead(product.name, {
    path,
    description,
    type: 'product',
    ...(image ? { image, preloadImage: true } : {}),
    jsonLd: {
      '@type': 'Product',
      name: product.name,
      description,
      ...(image ? { image: absoluteUrl(image) } : {}),
      offers: {
        '@type': 'Offer',
        price: (product.price / 100).toFixed(2),
        priceCurrency: 'BRL',
        url: absoluteUrl(path),
      },
    },
  })
}

export function institutePageHead(page: Page | undefined, path: string) {
  if (!page) return missing(path)
  return pageHead(page.title, { path, description: page.description })
}

export function editalHead(edital: Edital | undefined, path: string) {
  if (!edital) return missing(path)
  return pageHead(edital.title, { path, description: edital.summary, type: 'article' })
}
