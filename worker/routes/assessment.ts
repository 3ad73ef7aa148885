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
import { requireUser } from '../middleware/auth.ts'
import { defineRoute, jsonBody, jsonContent, NoQuery, newApp } from '../openapi.ts'
import { getStanding, saveAnswer, startAttempt, submitAttempt } from '../services/assessment/student.ts'

const TAGS = ['Avaliação final']
const BASE = '/api/usuario/cursos/{url}/avaliacao'
const notEnrolled = { 403: jsonContent(Msg, 'Sem matrícula ativa no curso.') }
const AttemptParams = z.object({ url: CourseUrl, numero: AttemptNumber })

/** A course's final assessment for its student (issue 39, item 2; decision 022). */
export const assessmentRoutes = newApp()
  .openapi(
    defineRoute(
      'N',
      {
        operationId: 'getAssessmentStanding',
        method: 'get',
        path: BASE,
        tags: TAGS,
        summary:
          'A avaliação final do curso para o aluno: se está ativada, tentativas usadas e restantes, quando pode tentar de novo, a melhor nota e a tentativa em andamento',
        description:
          'A tentativa em andamento traz as questões e as respostas salvas, nunca qual alternativa é a correta. Depois de uma reprovação, só a nota. ' +
          'Depois da aprovação, `review` mostra cada questão da tentativa aprovada com a resposta certa e a explicação. ' +
          'Uma tentativa cujo tempo acabou sem envio é corrigida aqui, com as respostas salvas até o fim do tempo.',
        request: { params: z.object({ url: CourseUrl }), query: NoQuery },
        responses: { 200: jsonContent(AssessmentStanding, 'Onde o aluno está.'), ...notEnrolled },
      },
      { errors: ['notFound'] },
    ),
    async (c) => {
      const user = await requireUser(c)
      return c.json(
        await getStanding({ ctx: c.var.ctx, userId: user.id, url: c.req.valid('param').url }),
        200,
      )
    },
  )
  .openapi(
    defineRoute(
      'N',
      {
        operationId: 'startAssessmentAttempt',
        method: 'post',
        path: `${BASE}/tentativas`,
        tags: TAGS,
        summary:
          'Começar uma tentativa: questões sorteadas agora (as ainda não vistas primeiro), em ordem aleatória',
        description:
          'Com uma tentativa em andamento, responde a mesma (200), nunca uma segunda. ' +
          'Recusada com 409 e o motivo: aulas por assistir, espera depois da segunda reprovação, sem tentativas, já aprovado ou avaliação desativada.',
        request: { params: z.object({ url: CourseUrl }) },
        responses: {
          200: jsonContent(OpenAttempt, 'A tentativa que já estava em andamento.'),
          201: jsonContent(OpenAttempt, 'A tentativa, começada agora.'),
          ...notEnrolled,
        },
      },
      { errors: ['notFound', 'conflict'] },
    ),
    async (c) => {
      const user = await requireUser(c)
      const { attempt, created } = await startAttempt({
        ctx: c.var.ctx,
        userId: user.id,
        url: c.req.valid('param').url,
      })
      return created ? c.json(attempt, 201) : c.json(attempt, 200)
    },
  )
  .openapi(
    defineRoute(
      'N',
      {
        operationId: 'saveAssessmentAnswer',
        method: 'put',
        path: `${BASE}/tentativas/{numero}/respostas`,
        tags: TAGS,
        summary:
          'Salvar uma resposta ao escolhê-la (a questão e a alternativa, pela posição em que aparecem)',
        description:
          'Tentativa já enviada ou com o tempo esgotado: 409 (valem as respostas salvas até então). Questão ou alternativa inexistente: 422.',
        request: { params: AttemptParams, ...jsonBody(SaveAnswerInput) },
        responses: { 200: jsonContent(SavedAnswers, 'As respostas salvas da tentativa.'), ...notEnrolled },
      },
      { errors: ['notFound', 'conflict'] },
    ),
    async (c) => {
      const user = await requireUser(c)
      const { url, numero } = c.req.valid('param')
      const { questao, alternativa } = c.req.valid('json')
      return c.json(
        await saveAnswer({
          ctx: c.var.ctx,
          userId: user.id,
          url,
          number: numero,
          question: questao,
          option: alternativa,
        }),
        200,
      )
    },
  )
  .openapi(
    defineRoute(
      'N',
      {
        operationId: 'submitAssessmentAttempt',
        method: 'post',
        path: `${BASE}/tentativas/{numero}/envio`,
        tags: TAGS,
        summary: 'Enviar a tentativa: a nota (com as respostas salvas) e o que vem depois',
        description:
          'Corrigida uma vez: envios repetidos ou simultâneos respondem a mesma nota. Depois do tempo limite, valem as respostas salvas até ele. ' +
          'Reprovado: só a nota, sem as respostas certas.',
        request: { params: AttemptParams },
        responses: { 200: jsonContent(SubmittedAttempt, 'A nota e a situação depois dela.'), ...notEnrolled },
      },
      { errors: ['notFound', 'conflict'] },
    ),
    async (c) => {
      const user = await requireUser(c)
      const { url, numero } = c.req.valid('param')
      return c.json(await submitAttempt({ ctx: c.var.ctx, userId: user.id, url, number: numero }), 200)
    },
  )
