import { z } from '@hono/zod-openapi'
import { attendanceStats, flushAttendance } from '../services/conference/attendance.ts'
import { conferenceClockStats, simulateConferenceClock } from '../services/conference/clock.ts'
import { flushLiveRoom, liveRoomStats } from '../services/conference/live.ts'
import { ClockAnswer } from './conference.ts'
import { KeyParams } from './live-questions.ts'
import { json, operation } from './operation.ts'

// The Jornada's local tools (/api/dev/conference/*): its clock simulated, and what its Durable
// Objects (the clock, the attendance aggregator, a talk's room) hold and did. Part of the local
// tools' area (routes/dev.ts), refused outside the local stack before the area is built.

const int = () => z.number().int()

const DEV = ['Desenvolvimento']

export const conferenceDevOperations = [
  operation({
    operationId: 'simulateConferenceClock',
    route: 'POST /api/dev/conference/clock',
    role: 'none',
    tags: DEV,
    summary: 'Simular um momento da Jornada (somente local)',
    description:
      '`at` (ISO 8601) passa a ser "agora" para o relógio da Jornada, que segue correndo; `null` volta ao relógio real.',
    body: z.object({ at: z.iso.datetime({ offset: true }).nullable() }).strict(),
    answers: json(200, ClockAnswer, 'A Jornada no momento simulado.'),
    limit: 'devTools',
    run: ({ ctx, input: { at } }) =>
      simulateConferenceClock({ ctx, at: at === null ? null : Date.parse(at) }),
  }),
  operation({
    operationId: 'getConferenceClockStats',
    route: 'GET /api/dev/conference/stats',
    role: 'none',
    tags: DEV,
    summary: 'Quantas requisições chegaram ao Durable Object da Jornada (somente local)',
    answers: json(200, z.object({ served: int() }), 'Contagem desde que o objeto iniciou.'),
    run: ({ ctx }) => conferenceClockStats({ ctx }),
  }),
  operation({
    operationId: 'getConferenceAttendanceStats',
    route: 'GET /api/dev/conference/attendance',
    role: 'none',
    tags: DEV,
    summary: 'O que o agregador de presença da Jornada recebeu e gravou (somente local)',
    answers: json(
      200,
      z.object({
        calls: int().openapi({ description: 'Lotes de sinais recebidos (um por isolate e segundo).' }),
        beats: int(),
        flushes: int(),
        rowsWritten: int(),
        pendingRows: int(),
      }),
      'Contagens desde que o objeto iniciou.',
    ),
    run: ({ ctx }) => attendanceStats({ ctx }),
  }),
  operation({
    operationId: 'flushConferenceAttendance',
    route: 'POST /api/dev/conference/attendance/flush',
    role: 'none',
    tags: DEV,
    summary: 'Gravar agora a presença acumulada da Jornada (somente local)',
    // Nothing to send; an empty JSON object is accepted.
    body: z.object({}).strict(),
    optionalBody: true,
    answers: json(200, z.object({ rows: int() }), 'Linhas (pessoa × palestra) gravadas.'),
    limit: 'devTools',
    run: ({ ctx }) => flushAttendance(ctx),
  }),
  operation({
    operationId: 'getLiveRoomStats',
    route: 'GET /api/dev/conference/live/{key}/stats',
    role: 'none',
    tags: DEV,
    summary: 'O que a sala de uma palestra tem e fez (somente local)',
    params: KeyParams,
    answers: json(
      200,
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
    errors: ['notFound'],
    run: ({ ctx, params }) => liveRoomStats(ctx, params.key),
  }),
  operation({
    operationId: 'flushLiveRoom',
    route: 'POST /api/dev/conference/live/{key}/flush',
    role: 'none',
    tags: DEV,
    summary: 'Gravar agora o que a sala de uma palestra tem de público (somente local)',
    params: KeyParams,
    body: z.object({}).strict(),
    optionalBody: true,
    answers: json(
      200,
      z.object({ questions: z.number().int(), reactions: z.number().int() }),
      'O que foi gravado.',
    ),
    limit: 'devTools',
    errors: ['notFound'],
    run: ({ ctx, params }) => flushLiveRoom(ctx, params.key),
  }),
]
