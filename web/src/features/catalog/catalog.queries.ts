import { retryServerErrors } from '../../lib/load.ts'
import { parsedQuery } from '../../lib/parsed-query.ts'

// The contract (and zod with it) loads beside the request, never on the first render's path.
const contract = () => import('../../../../worker/contract/catalog.ts')

export const catalogKeys = {
  all: ['catalog'] as const,
  courses: () => [...catalogKeys.all, 'courses'] as const,
  course: (url: string) => [...catalogKeys.all, 'course', url] as const,
  products: () => [...catalogKeys.all, 'products'] as const,
  product: (id: number) => [...catalogKeys.all, 'product', id] as const,
  ebooks: () => [...catalogKeys.all, 'ebooks'] as const,
}

/** GET /cursos/getCourses (SPEC section 7): every published course, for /cursos. */
export const coursesQuery = () =>
  parsedQuery(catalogKeys.courses(), '/cursos/getCourses', () => contract().then((m) => m.CourseList), {
    meta: { errorTitle: 'Erro ao buscar cursos' },
  })

/** GET /api/cursos/{url}: a course with its classes; 404 'Curso não encontrado.'. */
export const courseQuery = (url: string) =>
  parsedQuery(
    catalogKeys.course(url),
    `/api/cursos/${encodeURIComponent(url)}`,
    () => contract().then((m) => m.CourseDetail),
    { retry: retryServerErrors },
  )

export const productsQuery = () =>
  parsedQuery(catalogKeys.products(), '/api/produtos', () => contract().then((m) => m.ProductList), {
    meta: { errorTitle: 'Erro ao buscar dados.' },
  })

/** GET /api/produtos/{id}; 404 'Produto não encontrado.'. */
export const productQuery = (id: number) =>
  parsedQuery(catalogKeys.product(id), `/api/produtos/${id}`, () => contract().then((m) => m.Product), {
    retry: retryServerErrors,
  })

export const ebooksQuery = () =>
  parsedQuery(catalogKeys.ebooks(), '/api/ebooks', () => contract().then((m) => m.EbookList), {
    meta: { errorTitle: 'Erro ao buscar dados.' },
  })
