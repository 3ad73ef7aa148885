import { z } from '@hono/zod-openapi'
import { Edital, Page, ProceedingList } from '../contract/catalog.ts'
import { NoQuery } from '../openapi.ts'
import { getEdital, getPage, listProceedings } from '../services/catalog/content.ts'
import { json, operation, routesOf } from './operation.ts'

const PageSlug = z
  .string()
  .max(120)
  .regex(/^[a-z0-9-]+(?:\/[a-z0-9-]+)?$/, { error: 'Endereço de página inválido.' })
const EditalSlug = z
  .string()
  .max(160)
  .regex(/^[a-z0-9-]+$/, { error: 'Endereço de edital inválido.' })

export const contentRoutes = routesOf(
  operation({
    operationId: 'getPage',
    route: 'GET /api/paginas/{slug}',
    role: 'none',
    tags: ['Institucional'],
    summary: 'Conteúdo de uma página institucional (ex.: quem-somos, pesquisa/publicacoes)',
    description: 'Um slug com barra vai codificado: `pesquisa%2Fpublicacoes`.',
    params: z.object({ slug: PageSlug }),
    query: NoQuery,
    answers: json(200, Page, 'A página.'),
    errors: ['notFound'],
    run: ({ ctx, params }) => getPage({ ctx, slug: params.slug }),
  }),
  operation({
    operationId: 'listProceedings',
    route: 'GET /api/anais',
    role: 'none',
    tags: ['Institucional'],
    summary: 'Anais das jornadas, com os arquivos para download',
    query: NoQuery,
    answers: json(200, ProceedingList, 'Anais.'),
    run: async ({ ctx }) => (await listProceedings({ ctx })).value,
  }),
  operation({
    operationId: 'getEdital',
    route: 'GET /api/editais/{slug}',
    role: 'none',
    tags: ['Editais'],
    summary: 'Um edital com seus planos de taxa',
    params: z.object({ slug: EditalSlug }),
    query: NoQuery,
    answers: json(200, Edital, 'O edital.'),
    errors: ['notFound'],
    run: ({ ctx, params }) => getEdital({ ctx, slug: params.slug }),
  }),
)
