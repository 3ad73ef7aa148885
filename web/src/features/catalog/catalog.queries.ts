import { queryOptions } from '@tanstack/react-query'
import { apiParsed } from '../../lib/api.ts'
import { retryServerErrors } from '../../lib/load.ts'

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
export function coursesQuery() {
  return queryOptions({
    queryKey: catalogKeys.courses(),
    queryFn: ({ signal }) =>
      apiParsed('/cursos/getCourses', () => contract().then((m) => m.CourseList), { signal }),
    meta: { errorTitle: 'Erro ao buscar cursos' },
  })
}

/** GET /api/cursos/{url}: a course with its classes; 404 'Curso não encontrado.'. */
export function courseQuery(url: string) {
  return queryOptions({
    queryKey: catalogKeys.course(url),
    queryFn: ({ signal }) =>
      apiParsed(`/api/cursos/${encodeURIComponent(url)}`, () => contract().then((m) => m.CourseDetail), {
        signal,
      }),
    retry: retryServerErrors,
  })
}

export function productsQuery() {
  return queryOptions({
    queryKey: catalogKeys.products(),
    queryFn: ({ signal }) =>
      apiParsed('/api/produtos', () => contract().then((m) => m.ProductList), { signal }),
    meta: { errorTitle: 'Erro ao buscar dados.' },
  })
}

/** GET /api/produtos/{id}; 404 'Produto não encontrado.'. */
export function productQuery(id: number) {
  return queryOptions({
    queryKey: catalogKeys.product(id),
    queryFn: ({ signal }) =>
      apiParsed(`/api/produtos/${id}`, () => contract().then((m) => m.Product), { signal }),
    retry: retryServerErrors,
  })
}

export function ebooksQuery() {
  return queryOptions({
    queryKey: catalogKeys.ebooks(),
    queryFn: ({ signal }) => apiParsed('/api/ebooks', () => contract().then((m) => m.EbookList), { signal }),
    meta: { errorTitle: 'Erro ao buscar dados.' },
  })
}
