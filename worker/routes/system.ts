import { z } from '@hono/zod-openapi'
import { defineRoute, errorResponses, NoQuery, newApp } from '../openapi.ts'
import { checkDatabase } from '../services/system/health.ts'

const pingRoute = defineRoute('none', {
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
})

const healthRoute = defineRoute('none', {
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
    ...errorResponses,
  },
})

export const systemRoutes = newApp()
  .openapi(pingRoute, (c) => c.json({ ok: true as const }, 200))
  .openapi(healthRoute, async (c) => {
    await checkDatabase({ ctx: c.var.ctx })
    return c.json({ ok: true as const, database: 'ok' as const }, 200)
  })
