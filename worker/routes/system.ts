import { z } from '@hono/zod-openapi'
import { RETRY_AFTER_SECONDS } from '../contract/unavailable.ts'
import { defineRoute, jsonContent, NoQuery, newApp } from '../openapi.ts'
import { checkHealth } from '../services/system/health.ts'

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

const DependencyHealth = z.object({
  state: z.enum(['ok', 'down', 'not_configured', 'local']),
  latency_ms: z.number().int().nullable(),
})
const Health = z.object({
  ok: z.boolean(),
  dependencies: z.object({
    database: DependencyHealth,
    cache: DependencyHealth,
    email: DependencyHealth,
    payments: DependencyHealth,
  }),
})

const healthRoute = defineRoute('none', {
  operationId: 'getHealth',
  method: 'get',
  path: '/api/health',
  tags: ['Sistema'],
  summary: 'Saúde de cada dependência (banco, cache, e-mail, pagamentos), para um monitor de disponibilidade',
  description:
    'Cada verificação espera no máximo 1,5 s, todas ao mesmo tempo: a resposta chega nesse prazo mesmo com uma dependência travada. `not_configured`: sem API de e-mail (a caixa de saída é a entrega); `local`: o gateway sandbox. Nenhum endereço, chave ou mensagem interna aparece.',
  request: { query: NoQuery },
  responses: {
    200: jsonContent(Health, 'Tudo respondendo.'),
    503: {
      ...jsonContent(Health, 'Alguma dependência fora (`down`); o corpo diz qual.'),
      headers: {
        'Retry-After': { description: 'Segundos até tentar de novo.', schema: { type: 'integer' } },
      },
    },
  },
})

export const systemRoutes = newApp()
  .openapi(pingRoute, (c) => c.json({ ok: true as const }, 200))
  .openapi(healthRoute, async (c) => {
    const health = await checkHealth({ ctx: c.var.ctx })
    c.header('Cache-Control', 'no-store')
    if (health.ok) return c.json(health, 200)
    c.header('Retry-After', String(RETRY_AFTER_SECONDS))
    return c.json(health, 503)
  })
