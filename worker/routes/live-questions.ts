import { z } from '@hono/zod-openapi'
import { MessageErrorBody } from '../contract/errors.ts'
import { KeptQuestion, LiveBoard, LiveRoles } from '../contract/live-questions.ts'
import type { LiveRole } from '../domain/live-questions.ts'
import { AppError } from '../errors.ts'
import { currentUser } from '../middleware/auth.ts'
import { localOnly } from '../middleware/local-only.ts'
import { PRESENCE_PATH, presenceAuthenticated, presenceIdentity } from '../middleware/presence.ts'
import { defineRoute, jsonContent, newApp } from '../openapi.ts'
import {
  flushLiveRoom,
  keptQuestions,
  keptQuestionsCsv,
  keptReactions,
  liveBoardSnapshot,
  liveRoomStats,
  openLiveSocket,
} from '../services/conference/live.ts'
import { assertLiveRole, liveRolesOf } from '../services/conference/speakers.ts'
import { csvContent, csvResponse } from './admin/shared.ts'

/** A talk's live questions: under the presence path, where the viewer's ticket cookie is sent. */
const LIVE_PATH = `${PRESENCE_PATH}/perguntas`

export const KeyParams = z.object({
  key: z
    .string()
    .regex(/^\d{1,3}$/, { error: 'Informe o índice da palestra.' })
    .transform(Number)
    .openapi({ param: { name: 'key', in: 'path' }, type: 'integer', example: 3 }),
})

const ROLES = { moderacao: 'moderator', palestrante: 'speaker' } as const satisfies Record<string, LiveRole>

const SocketQuery = z
  .object({
    papel: z.enum(['moderacao', 'palestrante']).optional().openapi({
      description:
        'Sem ele: quem assiste. `moderacao`: só administradores. `palestrante`: administradores e a conta de quem fala nesta palestra.',
    }),
    since: z
      .string()
      .regex(/^\d{1,9}$/, { error: 'Informe o último número de sequência recebido.' })
      .transform(Number)
      .optional()
      .openapi({
        type: 'integer',
        description:
          'O último número de sequência que o cliente viu: a sala envia o que faltou, ou o quadro inteiro.',
      }),
  })
  .strict()

const app = newApp()
app.use('/api/dev/*', localOnly)

export const liveQuestionRoutes = app
  .openapi(
    defineRoute(
      'N',
      {
        operationId: 'openLiveQuestions',
        method: 'get',
        path: `${LIVE_PATH}/{key}`,
        tags: ['Jornada'],
        summary: 'Perguntas ao vivo de uma palestra (WebSocket)',
        description: [
          'Abre o WebSocket da sala da palestra (um Durable Object por palestra, com a API de hibernação) enquanto ela está ao vivo no relógio da Jornada; fora disso, 409. Quem assiste é reconhecido pela sessão e pelo bilhete de presença (cookie HttpOnly), sem leitura no banco.',
          'Quadros do cliente (JSON, validados um a um; um quadro inválido fecha só aquela conexão, código 1007): `{"t":"ask","cid","text","anonymous"}` (até 280 caracteres), `{"t":"vote","cid","qid"}` (um voto por pergunta), `{"t":"react","counts":{"aplauso","coracao","boa_pergunta"}}` (no máximo a cada poucos segundos), `{"t":"moderate","cid","qid","action"}` (approve, hide, answer, pin, unpin; só moderação) e `{"t":"ping"}` (respondido com `{"t":"pong"}` sem acordar a sala).',
          'Quadros do servidor: `welcome` (o que faltou desde `since`, ou o quadro), `event` com `seq` (pergunta aprovada ou alterada, removida, votos e reações somados no máximo uma vez por segundo, a fila da moderação), `mine` (as perguntas da própria pessoa), `ack` por `cid`, `error` (seguido do fechamento, código 1008, quando uma regra é quebrada: uma pergunta a cada 30 s, 5 por palestra) e `closed` quando a palestra termina.',
        ].join('\n\n'),
        request: { params: KeyParams, query: SocketQuery },
        responses: {
          101: { description: 'Conexão WebSocket aceita.' },
          400: jsonContent(MessageErrorBody, 'Pedido sem `Upgrade: websocket`: `{ msg }`.'),
          403: jsonContent(
            MessageErrorBody,
            'Moderação sem ser administrador, ou visão de palestrante sem ser administrador nem a conta de quem fala nesta palestra: `{ msg }`.',
          ),
        },
      },
      { errors: ['notFound', 'conflict'], authenticate: presenceAuthenticated },
    ),
    async (c) => {
      const { key } = c.req.valid('param')
      const { papel, since } = c.req.valid('query')
      const role: LiveRole = papel ? ROLES[papel] : 'viewer'
      if (c.req.header('upgrade')?.toLowerCase() !== 'websocket') {
        throw new AppError('BAD_REQUEST', 'Este endereço aceita apenas conexões WebSocket.')
      }
      const { userId, firstName } = presenceIdentity(c)
      if (role !== 'viewer') await assertLiveRole(c.var.ctx, key, role, await currentUser(c))
      const response = await openLiveSocket({
        ctx: c.var.ctx,
        key,
        viewer: { userId, role, name: firstName },
        since,
      })
      return response as never
    },
  )
  .openapi(
    defineRoute(
      'N',
      {
        operationId: 'getLiveBoard',
        method: 'get',
        path: `${LIVE_PATH}/{key}/quadro`,
        tags: ['Jornada'],
        summary: 'O quadro de perguntas de uma palestra (quando o WebSocket não conecta)',
        description:
          'As perguntas aprovadas e respondidas pela ordem do quadro e as reações até aqui, de uma cópia de até 2 s (por isolate e por local), de modo que a sala recebe um número limitado de leituras, qualquer que seja o público.',
        request: { params: KeyParams },
        responses: { 200: jsonContent(LiveBoard, 'O quadro.') },
      },
      { errors: ['notFound'], authenticate: presenceAuthenticated },
    ),
    async (c) => {
      const board = await liveBoardSnapshot(c.var.ctx, c.req.valid('param').key)
      c.header('Cache-Control', 'private, max-age=2')
      return c.json(board, 200)
    },
  )
  .openapi(
    defineRoute(
      'N',
      {
        operationId: 'getLiveRoles',
        method: 'get',
        path: `${LIVE_PATH}/{key}/papeis`,
        tags: ['Jornada'],
        summary: 'Os papéis que a pessoa pode ter na sala de uma palestra',
        description:
          'Quem assiste: `viewer`. A organização (administradores): também `moderator` e `speaker`. A conta que o administrador indicou como de quem fala nesta palestra: também `speaker` (a visão de palestrante desta palestra, não de outra).',
        request: { params: KeyParams },
        responses: { 200: jsonContent(LiveRoles, 'Os papéis.') },
      },
      { errors: ['notFound'], authenticate: presenceAuthenticated },
    ),
    async (c) => {
      const roles = await liveRolesOf(c.var.ctx, c.req.valid('param').key, await currentUser(c))
      c.header('Cache-Control', 'no-store')
      return c.json({ roles }, 200)
    },
  )
  .openapi(
    defineRoute(
      'A',
      {
        operationId: 'listLiveQuestions',
        method: 'get',
        path: '/api/admin/conference/talks/{key}/questions',
        tags: ['Jornada'],
        summary: 'Perguntas aprovadas e respondidas de uma palestra (depois do evento)',
        description:
          'O que a sala gravou no banco (uma vez por minuto e ao fim da palestra): perguntas aprovadas e respondidas, com quem perguntou (também as anônimas para o público) e os votos, e as reações por tipo.',
        request: { params: KeyParams },
        responses: {
          200: jsonContent(
            z.object({ questions: z.array(KeptQuestion), reactions: z.record(z.string(), z.number().int()) }),
            'As perguntas, por votos.',
          ),
        },
      },
      { errors: ['notFound'] },
    ),
    async (c) => {
      const { key } = c.req.valid('param')
      const [questions, reactions] = await Promise.all([
        keptQuestions(c.var.ctx, key),
        keptReactions(c.var.ctx, key),
      ])
      return c.json({ questions, reactions }, 200)
    },
  )
  .openapi(
    defineRoute(
      'A',
      {
        operationId: 'exportLiveQuestions',
        method: 'get',
        path: '/api/admin/conference/talks/{key}/questions.csv',
        tags: ['Jornada'],
        summary: 'Exportar as perguntas de uma palestra (CSV)',
        request: { params: KeyParams },
        responses: { 200: csvContent('As perguntas aprovadas e respondidas, por votos.') },
      },
      { errors: ['notFound'] },
    ),
    async (c) => {
      const { csv, filename } = await keptQuestionsCsv(c.var.ctx, c.req.valid('param').key)
      return csvResponse(csv, filename) as never
    },
  )
  .openapi(
    defineRoute(
      'none',
      {
        operationId: 'getLiveRoomStats',
        method: 'get',
        path: '/api/dev/conference/live/{key}/stats',
        tags: ['Desenvolvimento'],
        summary: 'O que a sala de uma palestra tem e fez (somente local)',
        request: { params: KeyParams },
        responses: {
          200: jsonContent(
            z.object({
              sockets: z.number().int(),
              seq: z.number().int(),
              flushes: z.number().int(),
              broadcasts: z.number().int(),
              ticks: z.number().int(),
              due: z.record(z.string(), z.number()),
            }),
            'Contagens desde que a sala iniciou.',
          ),
        },
      },
      { errors: ['notFound'] },
    ),
    async (c) => c.json(await liveRoomStats(c.var.ctx, c.req.valid('param').key), 200),
  )
  .openapi(
    defineRoute(
      'none',
      {
        operationId: 'flushLiveRoom',
        method: 'post',
        path: '/api/dev/conference/live/{key}/flush',
        tags: ['Desenvolvimento'],
        summary: 'Gravar agora o que a sala de uma palestra tem de público (somente local)',
        request: {
          params: KeyParams,
          body: { content: { 'application/json': { schema: z.object({}).strict() } }, required: false },
        },
        responses: {
          200: jsonContent(
            z.object({ questions: z.number().int(), reactions: z.number().int() }),
            'O que foi gravado.',
          ),
        },
      },
      { limit: 'devTools', errors: ['notFound'] },
    ),
    async (c) => c.json(await flushLiveRoom(c.var.ctx, c.req.valid('param').key), 200),
  )
