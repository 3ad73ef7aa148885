import { ShowcaseLists } from '../contract/showcase.ts'
import { NoQuery } from '../openapi.ts'
import { getShowcaseLists } from '../services/showcase/lists.ts'
import { json, operation, routesOf } from './operation.ts'

export const showcaseRoutes = routesOf(
  operation({
    operationId: 'listHomeShowcase',
    route: 'GET /home_itens/lists',
    role: 'none',
    tags: ['Vitrine'],
    summary: 'Listas da vitrine "Cursos" da página inicial',
    description: 'Servidas de um snapshot versionado em KV; sem cache, uma única ida ao banco.',
    query: NoQuery,
    answers: json(200, ShowcaseLists, 'As listas, em ordem, com seus cards.'),
    run: async ({ c, ctx }) => {
      const { value, hit } = await getShowcaseLists({ ctx })
      c.header('Server-Timing', `cache;desc="${hit ? 'hit' : 'miss'}"`, { append: true })
      return value
    },
  }),
)
