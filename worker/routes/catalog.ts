import { z } from '@hono/zod-openapi'
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

export const catalogRoutes = newApp()
  .openapi(
    defineRoute('none', {
      operationId: 'listCourses',
      method: 'get',
      path: '/cursos/getCourses',
      tags: ['Catálogo'],
      summary: 'Lista de cursos publicados (por seção e ordem)',
      request: { query: NoQuery },
      responses: { 200: jsonContent(CourseList, 'Cursos.') },
    }),
    async (c) => c.json((await listCourses({ ctx: c.var.ctx })).value, 200),
  )
  .openapi(
    defineRoute(
      'none',
      {
        operationId: 'getCourse',
        method: 'get',
        path: '/api/cursos/{url}',
        tags: ['Catálogo'],
        summary: 'Um curso com suas turmas e os pacotes à venda que o incluem (página /cursos/{url})',
        request: { params: z.object({ url: CourseUrl }), query: NoQuery },
        responses: { 200: jsonContent(CourseDetail, 'O curso.') },
      },
      { errors: ['notFound'] },
    ),
    async (c) => c.json(await getCourseByUrl({ ctx: c.var.ctx, url: c.req.valid('param').url }), 200),
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
    defineRoute('none', {
      operationId: 'listProducts',
      method: 'get',
      path: '/api/produtos',
      tags: ['Catálogo'],
      summary: 'Produtos publicados',
      request: { query: NoQuery },
      responses: { 200: jsonContent(ProductList, 'Produtos.') },
    }),
    async (c) => c.json((await listProducts({ ctx: c.var.ctx })).value, 200),
  )
  .openapi(
    defineRoute(
      'none',
      {
        operationId: 'getProduct',
        method: 'get',
        path: '/api/produtos/{id}',
        tags: ['Catálogo'],
        summary: 'Um produto (página /produtos/{id})',
        request: { params: z.object({ id: Id }), query: NoQuery },
        responses: { 200: jsonContent(Product, 'O produto.') },
      },
      { errors: ['notFound'] },
    ),
    async (c) => c.json(await getProduct({ ctx: c.var.ctx, id: c.req.valid('param').id }), 200),
  )
  .openapi(
    defineRoute('none', {
      operationId: 'listEbooks',
      method: 'get',
      path: '/api/ebooks',
      tags: ['Catálogo'],
      summary: 'E-books, com o curso a que pertencem e se são gratuitos ou vêm com a compra',
      request: { query: NoQuery },
      responses: { 200: jsonContent(EbookList, 'E-books.') },
    }),
    async (c) => c.json((await listEbooks({ ctx: c.var.ctx })).value, 200),
  )
