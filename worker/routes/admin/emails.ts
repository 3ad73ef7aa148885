import { z } from '@hono/zod-openapi'
import { NoQuery } from '../../openapi.ts'
import { listUndelivered } from '../../services/email/outbox.ts'
import { json, routesOf } from '../operation.ts'
import { operation } from './operations.ts'

const UndeliveredEmail = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  status: z.enum(['failed', 'expired']),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  expires_at: z.string().nullable(),
})

/** The outbox as the institute reads it: what did not go out. */
export const adminEmailRoutes = routesOf(
  operation({
    operationId: 'listUndeliveredEmails',
    route: 'GET /api/admin/emails/nao-entregues',
    tags: ['E-mails'],
    summary: 'E-mails que não saíram: o envio desistiu (`failed`) ou o link expirou antes (`expired`)',
    description:
      'A tarefa agendada tenta de novo com intervalos crescentes enquanto a API de e-mail estiver fora; o que ela abandonou aparece aqui, mais novo primeiro (até 100).',
    query: NoQuery,
    answers: json(200, z.array(UndeliveredEmail), 'As mensagens.'),
    run: async ({ ctx }) =>
      (await listUndelivered(ctx)).map((row) => ({
        id: row.id,
        to: row.to,
        subject: row.subject,
        status: row.status as 'failed' | 'expired',
        attempts: row.attempts,
        last_error: row.lastError,
        created_at: row.createdAt.toISOString(),
        expires_at: row.expiresAt?.toISOString() ?? null,
      })),
  }),
)
