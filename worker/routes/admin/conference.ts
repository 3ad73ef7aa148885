import { z } from '@hono/zod-openapi'
import { ConferenceCertificatesResult } from '../../contract/conference.ts'
import { KeptQuestions, TalkSpeaker, TalkSpeakerInput } from '../../contract/live-questions.ts'
import { issueConferenceCertificates } from '../../services/conference/certificates.ts'
import { shiftConferenceProgramme } from '../../services/conference/clock.ts'
import { keptQuestions, keptQuestionsCsv, keptReactions } from '../../services/conference/live.ts'
import { nameTalkSpeaker, talkSpeakers } from '../../services/conference/speakers.ts'
import { ClockAnswer, ShiftInput } from '../conference.ts'
import { KeyParams } from '../live-questions.ts'
import { json, routesOf } from '../operation.ts'
import { csv, operation } from './operations.ts'

/**
 * The Jornada as the institute runs it: the programme's timing, who speaks, its certificates, and
 * what the talks' rooms kept of the questions.
 */
export const adminConferenceRoutes = routesOf(
  operation({
    operationId: 'shiftConferenceProgramme',
    route: 'POST /api/admin/conference/shift',
    tags: ['Jornada'],
    summary: 'Atrasar (ou adiantar) uma palestra e as seguintes do mesmo dia',
    description: 'Quem assiste acompanha em segundos (a cópia do Worker dura até 2 s).',
    body: ShiftInput,
    answers: json(200, ClockAnswer, 'A programação ajustada.'),
    errors: ['notFound'],
    run: ({ ctx, input: { day, from_slot, minutes } }) =>
      shiftConferenceProgramme({ ctx, shift: { day, fromSlot: from_slot, minutes } }),
  }),
  operation({
    operationId: 'listTalkSpeakers',
    route: 'GET /api/admin/conference/speakers',
    tags: ['Jornada'],
    summary: 'As palestras e a conta de quem fala em cada uma',
    description:
      'A conta indicada abre a visão de palestrante das perguntas ao vivo da sua palestra (e de nenhuma outra) enquanto ela está ao vivo.',
    answers: json(200, z.array(TalkSpeaker), 'As palestras, pela ordem da programação.'),
    run: ({ ctx }) => talkSpeakers(ctx),
  }),
  operation({
    operationId: 'setTalkSpeaker',
    route: 'PUT /api/admin/conference/talks/{key}/speaker',
    tags: ['Jornada'],
    summary: 'Indicar a conta de quem fala numa palestra',
    description:
      'Pelo e-mail de uma conta existente; `null` tira a indicação. E-mail sem conta: 404, nada muda. Fica no registro de auditoria.',
    params: KeyParams,
    body: TalkSpeakerInput,
    answers: json(200, TalkSpeaker, 'A palestra com a conta indicada.'),
    errors: ['notFound'],
    run: ({ ctx, actor, params, input }) =>
      nameTalkSpeaker({ ctx, actor, key: params.key, email: input.email }),
  }),
  operation({
    operationId: 'issueConferenceCertificates',
    route: 'POST /api/admin/conference/certificates',
    tags: ['Jornada'],
    summary: 'Emitir certificados da jornada',
    description:
      'Depois da última palestra: um certificado de participação para quem assistiu à parcela mínima da programação (configurada; padrão 75 %), com as horas assistidas, e um de palestrante por palestra. Pode ser repetido sem duplicar; emite em lotes (`remaining` diz quanto falta).',
    answers: json(200, ConferenceCertificatesResult, 'O que foi emitido e o que falta.'),
    errors: ['conflict'],
    run: ({ ctx }) => issueConferenceCertificates({ ctx }),
  }),
  operation({
    operationId: 'listLiveQuestions',
    route: 'GET /api/admin/conference/talks/{key}/questions',
    tags: ['Jornada'],
    summary: 'Perguntas aprovadas e respondidas de uma palestra (depois do evento)',
    description:
      'O que a sala gravou no banco (uma vez por minuto e ao fim da palestra): perguntas aprovadas e respondidas, com quem perguntou (também as anônimas para o público) e os votos, e as reações por tipo.',
    params: KeyParams,
    answers: json(200, KeptQuestions, 'As perguntas, por votos.'),
    errors: ['notFound'],
    run: async ({ ctx, params: { key } }) => {
      const [questions, reactions] = await Promise.all([keptQuestions(ctx, key), keptReactions(ctx, key)])
      return { questions, reactions }
    },
  }),
  operation({
    operationId: 'exportLiveQuestions',
    route: 'GET /api/admin/conference/talks/{key}/questions.csv',
    tags: ['Jornada'],
    summary: 'Exportar as perguntas de uma palestra (CSV)',
    params: KeyParams,
    answers: csv('As perguntas aprovadas e respondidas, por votos.'),
    errors: ['notFound'],
    run: ({ ctx, params }) => keptQuestionsCsv(ctx, params.key),
  }),
)
