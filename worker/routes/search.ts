import { z } from '@hono/zod-openapi'
import { SearchQuery, SearchResults } from '../contract/catalog.ts'
import { listEditaisForMenu } from '../services/catalog/content.ts'
import { searchCatalog } from '../services/search/search.ts'
import { json, operation, routesOf } from './operation.ts'

export const searchRoutes = routesOf(
  operation({
    operationId: 'searchCatalog',
    route: 'GET /search/all_product',
    role: 'none',
    tags: ['Pesquisa'],
    summary: 'Pesquisa em cursos, produtos, e-books e editais',
    description:
      'Ignora maiúsculas e acentos; cada termo vale como prefixo; no máximo 10 resultados, os mais relevantes primeiro.',
    query: SearchQuery,
    answers: json(200, SearchResults, 'Resultados.'),
    limit: 'search',
    run: async ({ c, ctx, query }) => {
      const { value, hit } = await searchCatalog({ ctx, text: query.search })
      c.header('Server-Timing', `cache;desc="${hit ? 'hit' : 'miss'}"`, { append: true })
      return value
    },
  }),
  operation({
    operationId: 'listEditaisForMenu',
    route: 'GET /search/getSearch',
    role: 'none',
    tags: ['Pesquisa'],
    summary: 'Editais publicados, para o submenu "Editais"',
    query: z.object({ menu: z.enum(['true', 'false'], { error: 'Use menu=true.' }).optional() }).strict(),
    answers: json(200, SearchResults, 'Editais (name, url).'),
    run: async ({ ctx }) => (await listEditaisForMenu({ ctx })).value,
  }),
)
