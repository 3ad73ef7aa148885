import { z } from '@hono/zod-openapi'
import { defineRoute, jsonContent, NoQuery, newApp } from '../openapi.ts'
import { listUndelivered } from '../services/email/outbox.ts'

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

export const outboxRoutes = newApp().openapi(
  defineRoute('A', {
    operationId: 'listUndeliveredEmails',
    method: 'get',
    path: '/api/admin/emails/nao-entregues',
    tags: ['E-mails'],
    summary: 'E-mails que não saíram: o envio desistiu (`failed`) ou o link expirou antes (`expired`)',
    description:
      'A tarefa agendada tenta de novo com intervalos crescentes enquanto a API de e-mail estiver fora; o que ela abandonou aparece aqui, mais novo primeiro (até 100).',
    request: { query: NoQuery },
    responses: { 200: jsonContent(z.array(UndeliveredEmail), 'As mensagens.') },
  }),
  async (c) => {
    const rows = await listUndelivered(c.var.ctx)
    return c.json(
      rows.map((row) => ({
        id: row.id,
        to: row.to,
        subject: row.subject,
        status: row.status as 'failed' | 'expired',
        attempts: row.attempts,
        last_error: row.lastError,
        created_at: row.createdAt.toISOString(),
        expires_at: row.expiresAt?.toISOString() ?? null,
      })),
      200,
    )
  },
)
