import { z } from '@hono/zod-openapi'
import { RETRY_AFTER_SECONDS } from '../contract/unavailable.ts'
import { jsonContent, NoQuery } from '../openapi.ts'
import { checkHealth } from '../services/system/health.ts'
import { json, operation, response, routesOf } from './operation.ts'

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

export const systemRoutes = routesOf(
  operation({
    operationId: 'ping',
    route: 'GET /api/ping',
    role: 'none',
    tags: ['Sistema'],
    summary: 'Rota trivial (sem banco nem KV): a linha de base dos benchmarks',
    answers: json(200, z.object({ ok: z.literal(true) }), 'Sempre ok.'),
    offline: true,
    run: () => ({ ok: true as const }),
  }),
  operation({
    operationId: 'getHealth',
    route: 'GET /api/health',
    role: 'none',
    tags: ['Sistema'],
    summary:
      'Saúde de cada dependência (banco, cache, e-mail, pagamentos), para um monitor de disponibilidade',
    description:
      'Cada verificação espera no máximo 1,5 s, todas ao mesmo tempo: a resposta chega nesse prazo mesmo com uma dependência travada. `not_configured`: sem API de e-mail (a caixa de saída é a entrega); `local`: o gateway sandbox. Nenhum endereço, chave ou mensagem interna aparece.',
    query: NoQuery,
    answers: response({
      200: jsonContent(Health, 'Tudo respondendo.'),
      503: {
        ...jsonContent(Health, 'Alguma dependência fora (`down`); o corpo diz qual.'),
        headers: {
          'Retry-After': { description: 'Segundos até tentar de novo.', schema: { type: 'integer' } },
        },
      },
    }),
    cacheControl: 'no-store',
    run: async ({ c, ctx }) => {
      const health = await checkHealth({ ctx })
      if (health.ok) return c.json(health, 200)
      c.header('Retry-After', String(RETRY_AFTER_SECONDS))
      return c.json(health, 503)
    },
  }),
)
