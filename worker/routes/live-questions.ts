import { z } from '@hono/zod-openapi'
import { MessageErrorBody } from '../contract/errors.ts'
import { LiveBoard, LiveRoles } from '../contract/live-questions.ts'
import type { LiveRole } from '../domain/live-questions.ts'
import { AppError } from '../errors.ts'
import { currentUser } from '../middleware/auth.ts'
import { PRESENCE_PATH, presenceAuthenticated, presenceIdentity } from '../middleware/presence.ts'
import { jsonContent } from '../openapi.ts'
import { liveBoardSnapshot, openLiveSocket } from '../services/conference/live.ts'
import { assertLiveRole, liveRolesOf } from '../services/conference/speakers.ts'
import { json, operation, response, routesOf } from './operation.ts'

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
    papel: z
      .enum(['moderacao', 'palestrante'])
      .optional()
      .openapi({ description: 'Sem ele: quem assiste. `moderacao` e `palestrante`: só administradores.' }),
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

export const liveQuestionRoutes = routesOf(
  operation({
    operationId: 'openLiveQuestions',
    route: `GET ${LIVE_PATH}/{key}`,
    role: 'N',
    tags: ['Jornada'],
    summary: 'Perguntas ao vivo de uma palestra (WebSocket)',
    description: [
      'Abre o WebSocket da sala da palestra (um Durable Object por palestra, com a API de hibernação) enquanto ela está ao vivo no relógio da Jornada; fora disso, 409. Quem assiste é reconhecido pela sessão e pelo bilhete de presença (cookie HttpOnly), sem leitura no banco.',
      'Quadros do cliente (JSON, validados um a um; um quadro inválido fecha só aquela conexão, código 1007): `{"t":"ask","cid","text","anonymous"}` (até 280 caracteres), `{"t":"vote","cid","qid"}` (um voto por pergunta), `{"t":"react","counts":{"aplauso","coracao","boa_pergunta"}}` (no máximo a cada poucos segundos), `{"t":"moderate","cid","qid","action"}` (approve, hide, answer, pin, unpin; só moderação) e `{"t":"ping"}` (respondido com `{"t":"pong"}` sem acordar a sala).',
      'Quadros do servidor: `welcome` (o que faltou desde `since`, ou o quadro), `event` com `seq` (pergunta aprovada ou alterada, removida, votos e reações somados no máximo uma vez por segundo, a fila da moderação), `mine` (as perguntas da própria pessoa), `ack` por `cid`, `error` (seguido do fechamento, código 1008, quando uma regra é quebrada: uma pergunta a cada 30 s, 5 por palestra) e `closed` quando a palestra termina.',
    ].join('\n\n'),
    params: KeyParams,
    query: SocketQuery,
    answers: response({
      101: { description: 'Conexão WebSocket aceita.' },
      400: jsonContent(MessageErrorBody, 'Pedido sem `Upgrade: websocket`: `{ msg }`.'),
      403: jsonContent(
        MessageErrorBody,
        'Moderação sem ser administrador, ou visão de palestrante sem ser administrador nem a conta de quem fala nesta palestra: `{ msg }`.',
      ),
    }),
    errors: ['notFound', 'conflict'],
    authenticate: presenceAuthenticated,
    run: async ({ c, ctx, params: { key }, query: { papel, since } }) => {
      const role: LiveRole = papel ? ROLES[papel] : 'viewer'
      if (c.req.header('upgrade')?.toLowerCase() !== 'websocket') {
        throw new AppError('BAD_REQUEST', 'Este endereço aceita apenas conexões WebSocket.')
      }
      const { userId, firstName } = presenceIdentity(c)
      if (role !== 'viewer') await assertLiveRole(ctx, key, role, await currentUser(c))
      return openLiveSocket({ ctx, key, viewer: { userId, role, name: firstName }, since })
    },
  }),
  operation({
    operationId: 'getLiveBoard',
    route: `GET ${LIVE_PATH}/{key}/quadro`,
    role: 'N',
    tags: ['Jornada'],
    summary: 'O quadro de perguntas de uma palestra (quando o WebSocket não conecta)',
    description:
      'As perguntas aprovadas e respondidas pela ordem do quadro e as reações até aqui, de uma cópia de até 2 s (por isolate e por local), de modo que a sala recebe um número limitado de leituras, qualquer que seja o público.',
    params: KeyParams,
    answers: json(200, LiveBoard, 'O quadro.'),
    errors: ['notFound'],
    authenticate: presenceAuthenticated,
    run: async ({ c, ctx, params }) => {
      const board = await liveBoardSnapshot(ctx, params.key)
      c.header('Cache-Control', 'private, max-age=2')
      return board
    },
  }),
  operation({
    operationId: 'getLiveRoles',
    route: `GET ${LIVE_PATH}/{key}/papeis`,
    role: 'N',
    tags: ['Jornada'],
    summary: 'Os papéis que a pessoa pode ter na sala de uma palestra',
    description:
      'Quem assiste: `viewer`. A organização (administradores): também `moderator` e `speaker`. A conta que o administrador indicou como de quem fala nesta palestra: também `speaker` (a visão de palestrante desta palestra, não de outra).',
    params: KeyParams,
    answers: json(200, LiveRoles, 'Os papéis.'),
    errors: ['notFound'],
    authenticate: presenceAuthenticated,
    cacheControl: 'no-store',
    run: async ({ c, ctx, params }) => ({ roles: await liveRolesOf(ctx, params.key, await currentUser(c)) }),
  }),
)
