import { type RouteHandler, z } from '@hono/zod-openapi'
import type { AppBindings, AppContext } from '../context.ts'
import {
  CourseDetail,
  CourseList,
  CourseSeats,
  CourseUrl,
  EbookList,
  Product,
  ProductList,
} from '../contract/catalog.ts'
import { defineRoute, jsonContent, NoQuery, newApp } from '../openapi.ts'
import { listEbooks } from '../services/catalog/content.ts'
import { getCourseByUrl, listCourses } from '../services/catalog/courses.ts'
import { getProduct, listProducts } from '../services/catalog/products.ts'
import { listCourseSeats } from '../services/catalog/seats.ts'

const Id = z.coerce
  .number({ error: 'Informe um número.' })
  .int()
  .positive({ error: 'Informe um número positivo.' })

/** A list of the published catalogue, answered from its snapshot (the `value` the loader read). */
function publishedList(
  load: (args: { ctx: AppContext }) => Promise<{ value: unknown }>,
  description: { operationId: string; path: string; summary: string; answer: ReturnType<typeof jsonContent> },
) {
  const route = defineRoute('none', {
    operationId: description.operationId,
    method: 'get',
    path: description.path,
    tags: ['Catálogo'],
    summary: description.summary,
    request: { query: NoQuery },
    responses: { 200: description.answer },
  })
  const handler: RouteHandler<typeof route, AppBindings> = async (c) =>
    c.json((await load({ ctx: c.var.ctx })).value as never, 200)
  return [route, handler] as const
}

/** One published item, found by its path parameters (404 when there is none). */
function publishedItem<const Path extends string, P extends z.ZodObject, T extends z.ZodType>(
  load: (args: { ctx: AppContext } & z.output<P>) => Promise<z.output<T>>,
  description: { operationId: string; path: Path; summary: string; params: P; answer: T; answered: string },
) {
  const route = defineRoute(
    'none',
    {
      operationId: description.operationId,
      method: 'get',
      path: description.path,
      tags: ['Catálogo'],
      summary: description.summary,
      request: { params: description.params as z.ZodObject, query: NoQuery },
      responses: { 200: jsonContent(description.answer, description.answered) },
    },
    { errors: ['notFound'] },
  )
  const handler: RouteHandler<typeof route, AppBindings> = async (c) =>
    c.json((await load({ ctx: c.var.ctx, ...(c.req.valid('param') as z.output<P>) })) as never, 200)
  return [route, handler] as const
}

export const catalogRoutes = newApp()
  .openapi(
    ...publishedList(listCourses, {
      operationId: 'listCourses',
      path: '/cursos/getCourses',
      summary: 'Lista de cursos publicados (por seção e ordem)',
      answer: jsonContent(CourseList, 'Cursos.'),
    }),
  )
  .openapi(
    ...publishedItem(getCourseByUrl, {
      operationId: 'getCourse',
      path: '/api/cursos/{url}',
      summary: 'Um curso com suas turmas e os pacotes à venda que o incluem (página /cursos/{url})',
      params: z.object({ url: CourseUrl }),
      answer: CourseDetail,
      answered: 'O curso.',
    }),
  )
  .openapi(
    defineRoute('none', {
      operationId: 'getCourseSeats',
      method: 'get',
      path: '/api/cursos/{url}/vagas',
      tags: ['Catálogo'],
      summary:
        'Vagas restantes das turmas com limite de um curso e dos pacotes que o incluem (lidas na hora, fora dos snapshots)',
      request: { params: z.object({ url: CourseUrl }), query: NoQuery },
      responses: {
        200: jsonContent(CourseSeats, 'Vagas restantes por turma; turmas sem limite não aparecem.'),
      },
    }),
    async (c) => {
      c.header('Cache-Control', 'no-store')
      return c.json(await listCourseSeats({ ctx: c.var.ctx, url: c.req.valid('param').url }), 200)
    },
  )
  .openapi(
    ...publishedList(listProducts, {
      operationId: 'listProducts',
      path: '/api/produtos',
      summary: 'Produtos publicados',
      answer: jsonContent(ProductList, 'Produtos.'),
    }),
  )
  .openapi(
    ...publishedItem(getProduct, {
      operationId: 'getProduct',
      path: '/api/produtos/{id}',
      summary: 'Um produto (página /produtos/{id})',
      params: z.object({ id: Id }),
      answer: Product,
      answered: 'O produto.',
    }),
  )
  .openapi(
    ...publishedList(listEbooks, {
      operationId: 'listEbooks',
      path: '/api/ebooks',
      summary: 'E-books, com o curso a que pertencem e se são gratuitos ou vêm com a compra',
      answer: jsonContent(EbookList, 'E-books.'),
    }),
  )
