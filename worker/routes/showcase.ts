import { ShowcaseLists } from '../contract/showcase.ts'
import { defineRoute, NoQuery, newApp } from '../openapi.ts'
import { getShowcaseLists } from '../services/showcase/lists.ts'

const listsRoute = defineRoute('none', {
  operationId: 'listHomeShowcase',
  method: 'get',
  path: '/home_itens/lists',
  tags: ['Vitrine'],
  summary: 'Listas da vitrine "Cursos" da página inicial',
  description: 'Servidas de um snapshot versionado em KV; sem cache, uma única ida ao banco.',
  request: { query: NoQuery },
  responses: {
    200: {
      description: 'As listas, em ordem, com seus cards.',
      content: { 'application/json': { schema: ShowcaseLists } },
    },
  },
})

export const showcaseRoutes = newApp().openapi(listsRoute, async (c) => {
  const { value, hit } = await getShowcaseLists({ ctx: c.var.ctx })
  c.header('Server-Timing', `cache;desc="${hit ? 'hit' : 'miss'}"`, { append: true })
  return c.json(value, 200)
})
