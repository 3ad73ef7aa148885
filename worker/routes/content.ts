import { z } from '@hono/zod-openapi'
import { Edital, Page, ProceedingList } from '../contract/catalog.ts'
import { defineRoute, NoQuery, newApp } from '../openapi.ts'
import { getEdital, getPage, listProceedings } from '../services/catalog/content.ts'

const PageSlug = z
  .string()
  .max(120)
  .regex(/^[a-z0-9-]+(?:\/[a-z0-9-]+)?$/, { error: 'Endereço de página inválido.' })
const EditalSlug = z
  .string()
  .max(160)
  .regex(/^[a-z0-9-]+$/, { error: 'Endereço de edital inválido.' })

export const contentRoutes = newApp()
  .openapi(
    defineRoute(
      'none',
      {
        operationId: 'getPage',
        method: 'get',
        path: '/api/paginas/{slug}',
        tags: ['Institucional'],
        summary: 'Conteúdo de uma página institucional (ex.: quem-somos, pesquisa/publicacoes)',
        description: 'Um slug com barra vai codificado: `pesquisa%2Fpublicacoes`.',
        request: { params: z.object({ slug: PageSlug }), query: NoQuery },
        responses: {
          200: { description: 'A página.', content: { 'application/json': { schema: Page } } },
        },
      },
      { errors: ['notFound'] },
    ),
    async (c) => c.json(await getPage({ ctx: c.var.ctx, slug: c.req.valid('param').slug }), 200),
  )
  .openapi(
    defineRoute('none', {
      operationId: 'listProceedings',
      method: 'get',
      path: '/api/anais',
      tags: ['Institucional'],
      summary: 'Anais das jornadas, com os arquivos para download',
      request: { query: NoQuery },
      responses: {
        200: { description: 'Anais.', content: { 'application/json': { schema: ProceedingList } } },
      },
    }),
    async (c) => c.json((await listProceedings({ ctx: c.var.ctx })).value, 200),
  )
  .openapi(
    defineRoute(
      'none',
      {
        operationId: 'getEdital',
        method: 'get',
        path: '/api/editais/{slug}',
        tags: ['Editais'],
        summary: 'Um edital com seus planos de taxa',
        request: { params: z.object({ slug: EditalSlug }), query: NoQuery },
        responses: {
          200: { description: 'O edital.', content: { 'application/json': { schema: Edital } } },
        },
      },
      { errors: ['notFound'] },
    ),
    async (c) => c.json(await getEdital({ ctx: c.var.ctx, slug: c.req.valid('param').slug }), 200),
  )
