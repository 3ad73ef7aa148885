import { z } from '@hono/zod-openapi'
import { SearchQuery, SearchResults } from '../contract/catalog.ts'
import { defineRoute, newApp } from '../openapi.ts'
import { listEditaisForMenu } from '../services/catalog/content.ts'
import { searchCatalog } from '../services/search/search.ts'

export const searchRoutes = newApp()
  .openapi(
    defineRoute(
      'none',
      {
        operationId: 'searchCatalog',
        method: 'get',
        path: '/search/all_product',
        tags: ['Pesquisa'],
        summary: 'Pesquisa em cursos, produtos, e-books e editais',
        description:
          'Ignora maiúsculas e acentos; cada termo vale como prefixo; no máximo 10 resultados, os mais relevantes primeiro.',
        request: { query: SearchQuery },
        responses: {
          200: { description: 'Resultados.', content: { 'application/json': { schema: SearchResults } } },
        },
      },
      { limit: 'search' },
    ),
    async (c) => {
      const { value, hit } = await searchCatalog({ ctx: c.var.ctx, text: c.req.valid('query').search })
      c.header('Server-Timing', `cache;desc="${hit ? 'hit' : 'miss'}"`, { append: true })
      return c.json(value, 200)
    },
  )
  .openapi(
    defineRoute('none', {
      operationId: 'listEditaisForMenu',
      method: 'get',
      path: '/search/getSearch',
      tags: ['Pesquisa'],
      summary: 'Editais publicados, para o submenu "Editais"',
      request: {
        query: z.object({ menu: z.enum(['true', 'false'], { error: 'Use menu=true.' }).optional() }).strict(),
      },
      responses: {
        200: {
          description: 'Editais (name, url).',
          content: { 'application/json': { schema: SearchResults } },
        },
      },
    }),
    async (c) => c.json((await listEditaisForMenu({ ctx: c.var.ctx })).value, 200),
  )
