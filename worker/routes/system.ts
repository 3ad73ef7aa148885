import { z } from '@hono/zod-openapi'
import { defineRoute, NoQuery, newApp } from '../openapi.ts'
import { checkDatabase } from '../services/system/health.ts'

const pingRoute = defineRoute(
  'none',
  {
    operationId: 'ping',
    method: 'get',
    path: '/api/ping',
    tags: ['Sistema'],
    summary: 'Rota trivial (sem banco nem KV): a linha de base dos benchmarks',
    responses: {
      200: {
        description: 'Sempre ok.',
        content: { 'application/json': { schema: z.object({ ok: z.literal(true) }) } },
      },
    },
  },
  { offline: true },
)

const healthRoute = defineRoute('none', {
  operationId: 'getHealth',
  method: 'get',
  path: '/api/health',
  tags: ['Sistema'],
  summary: 'Saúde do Worker e do banco de dados',
  request: { query: NoQuery },
  responses: {
    200: {
      description: 'Banco acessível.',
      content: {
        'application/json': { schema: z.object({ ok: z.literal(true), database: z.literal('ok') }) },
      },
    },
  },
})

export const systemRoutes = newApp()
  .openapi(pingRoute, (c) => c.json({ ok: true as const }, 200))
  .openapi(healthRoute, async (c) => {
    await checkDatabase({ ctx: c.var.ctx })
    return c.json({ ok: true as const, database: 'ok' as const }, 200)
  })
