import { z } from '@hono/zod-openapi'
import {
  AssessmentStanding,
  AttemptNumber,
  OpenAttempt,
  SaveAnswerInput,
  SavedAnswers,
  SubmittedAttempt,
} from '../contract/assessment.ts'
import { CourseUrl } from '../contract/catalog.ts'
import { Msg } from '../contract/errors.ts'
import { jsonContent, NoQuery } from '../openapi.ts'
import { getStanding, saveAnswer, startAttempt, submitAttempt } from '../services/assessment/student.ts'
import { createdOrExisting, json, operation, routesOf } from './operation.ts'

const TAGS = ['Avaliação final']
const BASE = '/api/usuario/cursos/{url}/avaliacao'
const notEnrolled = { 403: jsonContent(Msg, 'Sem matrícula ativa no curso.') }
const AttemptParams = z.object({ url: CourseUrl, numero: AttemptNumber })

/** A course's final assessment for its student (issue 39, item 2; decision 022). */
export const assessmentRoutes = routesOf(
  operation({
    operationId: 'getAssessmentStanding',
    route: `GET ${BASE}`,
    role: 'N',
    tags: TAGS,
    summary:
      'A avaliação final do curso para o aluno: se está ativada, tentativas usadas e restantes, quando pode tentar de novo, a melhor nota e a tentativa em andamento',
    description:
      'A tentativa em andamento traz as questões e as respostas salvas, nunca qual alternativa é a correta. Depois de uma reprovação, só a nota. ' +
      'Depois da aprovação, `review` mostra cada questão da tentativa aprovada com a resposta certa e a explicação. ' +
      'Uma tentativa cujo tempo acabou sem envio é corrigida aqui, com as respostas salvas até o fim do tempo.',
    params: z.object({ url: CourseUrl }),
    query: NoQuery,
    answers: json(200, AssessmentStanding, 'Onde o aluno está.'),
    responses: notEnrolled,
    errors: ['notFound'],
    run: ({ ctx, user, params }) => getStanding({ ctx, userId: user.id, url: params.url }),
  }),
  operation({
    operationId: 'startAssessmentAttempt',
    route: `POST ${BASE}/tentativas`,
    role: 'N',
    tags: TAGS,
    summary:
      'Começar uma tentativa: questões sorteadas agora (as ainda não vistas primeiro), em ordem aleatória',
    description:
      'Com uma tentativa em andamento, responde a mesma (200), nunca uma segunda. ' +
      'Recusada com 409 e o motivo: aulas por assistir, espera depois da segunda reprovação, sem tentativas, já aprovado ou avaliação desativada.',
    params: z.object({ url: CourseUrl }),
    answers: createdOrExisting(OpenAttempt, {
      existing: 'A tentativa que já estava em andamento.',
      created: 'A tentativa, começada agora.',
    }),
    responses: notEnrolled,
    errors: ['notFound', 'conflict'],
    run: async ({ ctx, user, params }) => {
      const { attempt, created } = await startAttempt({ ctx, userId: user.id, url: params.url })
      return { value: attempt, created }
    },
  }),
  operation({
    operationId: 'saveAssessmentAnswer',
    route: `PUT ${BASE}/tentativas/{numero}/respostas`,
    role: 'N',
    tags: TAGS,
    summary: 'Salvar uma resposta ao escolhê-la (a questão e a alternativa, pela posição em que aparecem)',
    description:
      'Tentativa já enviada ou com o tempo esgotado: 409 (valem as respostas salvas até então). Questão ou alternativa inexistente: 422.',
    params: AttemptParams,
    body: SaveAnswerInput,
    answers: json(200, SavedAnswers, 'As respostas salvas da tentativa.'),
    responses: notEnrolled,
    errors: ['notFound', 'conflict'],
    run: ({ ctx, user, params: { url, numero }, input: { questao, alternativa } }) =>
      saveAnswer({ ctx, userId: user.id, url, number: numero, question: questao, option: alternativa }),
  }),
  operation({
    operationId: 'submitAssessmentAttempt',
    route: `POST ${BASE}/tentativas/{numero}/envio`,
    role: 'N',
    tags: TAGS,
    summary: 'Enviar a tentativa: a nota (com as respostas salvas) e o que vem depois',
    description:
      'Corrigida uma vez: envios repetidos ou simultâneos respondem a mesma nota. Depois do tempo limite, valem as respostas salvas até ele. ' +
      'Reprovado: só a nota, sem as respostas certas.',
    params: AttemptParams,
    answers: json(200, SubmittedAttempt, 'A nota e a situação depois dela.'),
    responses: notEnrolled,
    errors: ['notFound', 'conflict'],
    run: ({ ctx, user, params: { url, numero } }) =>
      submitAttempt({ ctx, userId: user.id, url, number: numero }),
  }),
)
