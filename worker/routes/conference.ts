import { z } from '@hono/zod-openapi'
import { HeartbeatAnswer, HeartbeatInput } from '../contract/conference.ts'
import { HEARTBEAT_INTERVAL_MS } from '../domain/attendance.ts'
import { CONFERENCE_STATUSES } from '../domain/conference.ts'
import { PRESENCE_PATH, presenceSession, presenceViewer } from '../middleware/presence.ts'
import { recordHeartbeat } from '../services/conference/attendance.ts'
import { conferenceClock } from '../services/conference/clock.ts'
import { json, operation, routesOf } from './operation.ts'

const int = () => z.number().int()

const ClockTalk = z.object({
  key: int().openapi({ description: 'Índice da palestra: o `?key` da rota.' }),
  session: z.tuple([int(), int()]).openapi({ description: 'O par [dia, sessão].' }),
  init: int().openapi({ description: 'Início programado (ms desde 1970, UTC).' }),
  title: z.string(),
  speaker: z.string(),
  content: z.string().openapi({ description: 'Minicurrículo de quem fala.' }),
  video_id: z.string().nullable(),
  video_init: int().openapi({ description: 'Segundo do vídeo em que a palestra começa.' }),
  youtube_id: z.string().nullable(),
})

export const ClockAnswer = z.object({
  inits: z.array(ClockTalk),
  now: int().openapi({ description: 'O relógio do servidor no momento da resposta (ms desde 1970).' }),
  status: z.enum(CONFERENCE_STATUSES).openapi({
    description:
      'before: antes da primeira palestra; live: uma palestra ao vivo; break: intervalo; after: encerrada.',
  }),
  url: z.string().nullable().openapi({
    description:
      'O vídeo (youtube-nocookie) da palestra ao vivo, já na posição comum a todos; com `key`, o da palestra pedida.',
  }),
  version: int().openapi({ description: 'Versão da programação: muda quando um administrador a ajusta.' }),
  live: z.object({ key: int(), position: int() }).nullable(),
  next: z.object({ key: int(), init: int() }).nullable(),
})

const ClockQuery = z
  .object({
    key: z
      .string()
      .regex(/^\d{1,3}$/, { error: 'Informe o índice da palestra.' })
      .transform(Number)
      .optional()
      .openapi({ param: { name: 'key', in: 'query' }, type: 'integer', example: 3 }),
  })
  .strict()

export const ShiftInput = z
  .object({
    day: int().min(1).max(9),
    from_slot: int().min(1).max(99),
    minutes: int()
      .min(-240)
      .max(240)
      .refine((minutes) => minutes !== 0, { error: 'Informe um deslocamento diferente de zero.' }),
  })
  .strict()

export const conferenceRoutes = routesOf(
  operation({
    operationId: 'getConferenceClock',
    route: 'GET /4a-jornada-multiprofissional/get/video_init',
    role: 'none',
    tags: ['Jornada'],
    summary: 'Programação da 4ª Jornada, o relógio do servidor e o vídeo ao vivo',
    description:
      'Quem assiste consulta a cada poucos segundos; o Worker responde de uma cópia de até 2 s do Durable Object `ConferenceClock`, que é a autoridade da programação e da hora. `now` é sempre o instante da resposta.',
    query: ClockQuery,
    answers: json(200, ClockAnswer, 'A programação e o relógio.'),
    errors: ['notFound'],
    cacheControl: 'no-store',
    run: ({ ctx, query }) => conferenceClock({ ctx, key: query.key }),
  }),
  operation({
    operationId: 'conferenceHeartbeat',
    route: `POST ${PRESENCE_PATH}`,
    role: 'N',
    tags: ['Jornada'],
    summary: 'Sinal de presença de quem assiste à Jornada (para o certificado)',
    description: `A página da Jornada envia um a cada ${HEARTBEAT_INTERVAL_MS / 1000} s enquanto uma palestra ao vivo toca com a aba visível. Cada sinal conta o tempo desde o anterior da mesma pessoa (no máximo 35 s), só se a palestra estiver ao vivo no relógio da Jornada. Nenhuma leitura ou escrita no banco por sinal: quem assiste é reconhecido por um bilhete assinado (cookie HttpOnly, definido no primeiro sinal), e o tempo é somado no Durable Object da Jornada e gravado em lotes.`,
    body: HeartbeatInput,
    answers: json(200, HeartbeatAnswer, 'O sinal, contado ou não.'),
    limit: 'service',
    authenticate: presenceSession,
    run: ({ c, ctx, input: { key } }) => recordHeartbeat({ ctx, userId: presenceViewer(c), key }),
  }),
)
