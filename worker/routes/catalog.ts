import { z } from '@hono/zod-openapi'
import type { AppContext } from '../context.ts'
import {
  CourseDetail,
  CourseList,
  CourseSeats,
  CourseUrl,
  EbookList,
  Product,
  ProductList,
} from '../contract/catalog.ts'
import { NoQuery } from '../openapi.ts'
import { listEbooks } from '../services/catalog/content.ts'
import { getCourseByUrl, listCourses } from '../services/catalog/courses.ts'
import { getProduct, listProducts } from '../services/catalog/products.ts'
import { listCourseSeats } from '../services/catalog/seats.ts'
import { json, operation, routesOf } from './operation.ts'

const TAGS = ['Catálogo']

const Id = z.coerce
  .number({ error: 'Informe um número.' })
  .int()
  .positive({ error: 'Informe um número positivo.' })

type PublishedWords<T extends z.ZodType> = {
  operationId: string
  path: `/${string}`
  summary: string
  answer: T
  answered: string
}

/** What every read of the published catalogue declares: a public GET of its answer, no query. */
const publishedRead = <T extends z.ZodType>(words: PublishedWords<T>) => ({
  operationId: words.operationId,
  route: `GET ${words.path}` as const,
  role: 'none' as const,
  tags: TAGS,
  summary: words.summary,
  query: NoQuery,
  answers: json(200, words.answer, words.answered),
})

/** A list of the published catalogue, answered from its snapshot (the `value` the loader read). */
function publishedList<T extends z.ZodType>(
  load: (args: { ctx: AppContext }) => Promise<{ value: unknown }>,
  words: PublishedWords<T>,
) {
  return operation({
    ...publishedRead(words),
    run: async ({ ctx }) => (await load({ ctx })).value as z.output<T>,
  })
}

/** One published item, found by its path parameters (404 when there is none). */
function publishedItem<P extends z.ZodObject, T extends z.ZodType>(
  load: (args: { ctx: AppContext } & z.output<P>) => Promise<z.output<T>>,
  words: PublishedWords<T> & { params: P },
) {
  return operation({
    ...publishedRead(words),
    params: words.params,
    errors: ['notFound'],
    run: ({ ctx, params }) => load({ ctx, ...(params as z.output<P>) }),
  })
}

export const catalogRoutes = routesOf(
  publishedList(listCourses, {
    operationId: 'listCourses',
    path: '/cursos/getCourses',
    summary: 'Lista de cursos publicados (por seção e ordem)',
    answer: CourseList,
    answered: 'Cursos.',
  }),
  publishedItem(getCourseByUrl, {
    operationId: 'getCourse',
    path: '/api/cursos/{url}',
    summary: 'Um curso com suas turmas e os pacotes à venda que o incluem (página /cursos/{url})',
    params: z.object({ url: CourseUrl }),
    answer: CourseDetail,
    answered: 'O curso.',
  }),
  operation({
    operationId: 'getCourseSeats',
    route: 'GET /api/cursos/{url}/vagas',
    role: 'none',
    tags: TAGS,
    summary:
      'Vagas restantes das turmas com limite de um curso e dos pacotes que o incluem (lidas na hora, fora dos snapshots)',
    params: z.object({ url: CourseUrl }),
    query: NoQuery,
    answers: json(200, CourseSeats, 'Vagas restantes por turma; turmas sem limite não aparecem.'),
    cacheControl: 'no-store',
    run: ({ ctx, params }) => listCourseSeats({ ctx, url: params.url }),
  }),
  publishedList(listProducts, {
    operationId: 'listProducts',
    path: '/api/produtos',
    summary: 'Produtos publicados',
    answer: ProductList,
    answered: 'Produtos.',
  }),
  publishedItem(getProduct, {
    operationId: 'getProduct',
    path: '/api/produtos/{id}',
    summary: 'Um produto (página /produtos/{id})',
    params: z.object({ id: Id }),
    answer: Product,
    answered: 'O produto.',
  }),
  publishedList(listEbooks, {
    operationId: 'listEbooks',
    path: '/api/ebooks',
    summary: 'E-books, com o curso a que pertencem e se são gratuitos ou vêm com a compra',
    answer: EbookList,
    answered: 'E-books.',
  }),
)
