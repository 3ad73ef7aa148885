import { z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { html } from 'hono/html'
import type { AppBindings } from '../context.ts'
import { CourseUrl } from '../contract/catalog.ts'
import { OrderId, PayResult } from '../contract/checkout.ts'
import { Msg, ValidationErrorBody } from '../contract/errors.ts'
import { IdParam } from '../contract/plans.ts'
import {
  DataExport,
  DeleteAccountInput,
  EbookLibrary,
  EnrolledCourses,
  LessonProgress,
  PurchaseDetail,
  PurchaseList,
  ReissueRefused,
  StudentCourse,
  WithdrawalInput,
  WithdrawalResult,
} from '../contract/student.ts'
import { PayDifferenceInput } from '../contract/student-documents.ts'
import { PlaybackBeatInput, StudyAnswer } from '../contract/study.ts'
import { clearSessionCookie, currentUser } from '../middleware/auth.ts'
import { isNavigation } from '../middleware/navigation.ts'
import { jsonContent, NoQuery } from '../openapi.ts'
import {
  getPurchase,
  listPurchases,
  payOwnDifference,
  reissuePayment,
} from '../services/checkout/purchases.ts'
import { requestWithdrawal } from '../services/checkout/withdrawal.ts'
import { deleteMyAccount, exportMyData } from '../services/privacy/privacy.ts'
import { getStudentCourse, markLesson } from '../services/student/content.ts'
import { listEnrolledCourses } from '../services/student/courses.ts'
import { DOWNLOAD_MESSAGES, DownloadRefused, openDownload } from '../services/student/downloads.ts'
import { addFreeEbook, getLibrary } from '../services/student/ebooks.ts'
import { recordOpening, recordPlayback } from '../services/student/study.ts'
import { json, operation, response, routesOf } from './operation.ts'
import { ownRead } from './own.ts'

/** A signed link's token: a compact JWS (three base64url parts). */
const DownloadToken = z
  .string()
  .max(2000)
  .regex(/^[\w-]+\.[\w-]+\.[\w-]+$/, { error: 'Link de download inválido.' })
const DOWNLOAD_TYPES = ['application/pdf', 'application/zip', 'application/octet-stream'] as const

/** A refused download: a page a person reads when the browser opened the link, else `{ msg }`. */
function refuse(c: Context<AppBindings>, message: string, status: 403 | 404) {
  if (!isNavigation(c)) return c.json({ msg: message }, status)
  return c.html(
    html`<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Download não autorizado | Instituto Renalis</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;color:#12343b;line-height:1.5}
a{color:#0f5f73;font-weight:600}</style></head>
<body><main><h1>Não foi possível baixar o arquivo</h1><p>${message}</p>
<p><a href="/usuario/cursos">Ir para Meus cursos</a> · <a href="/usuario/ebooks">Meus e-books</a> · <a href="/login">Entrar</a></p></main></body></html>`,
    status,
  )
}

const TAGS = ['Área do aluno']
const notEnrolledInLesson = { 403: jsonContent(Msg, 'Sem matrícula ativa no curso da aula.') }

/** A lesson marked watched (POST) or not (DELETE): one route but for the verb and its words. */
function lessonWatched(
  method: 'POST' | 'DELETE',
  operationId: string,
  words: { summary: string; answer: string },
) {
  return operation({
    operationId,
    route: `${method} /api/usuario/aulas/{id}/assistida`,
    role: 'N',
    tags: TAGS,
    summary: words.summary,
    params: z.object({ id: IdParam }),
    answers: json(200, LessonProgress, words.answer),
    responses: notEnrolledInLesson,
    errors: ['notFound'],
    run: ({ ctx, user, params }) =>
      markLesson({ ctx, userId: user.id, lessonId: Number(params.id), watched: method === 'POST' }),
  })
}

/** The student area (SPEC section 2's student menu): purchases, a course's content, e-books, privacy. */
export const studentRoutes = routesOf(
  operation({
    operationId: 'listMyCourses',
    route: 'GET /api/usuario/cursos',
    role: 'N',
    tags: TAGS,
    summary: 'As turmas em que o aluno está matriculado',
    answers: json(200, EnrolledCourses, 'Matrículas.'),
    run: ({ ctx, user }) => listEnrolledCourses({ ctx, userId: user.id }),
  }),
  ownRead(listPurchases, {
    operationId: 'listMyPurchases',
    path: '/api/usuario/compras',
    tags: TAGS,
    summary: 'Minhas compras: os pedidos do aluno, do mais novo ao mais antigo',
    answer: PurchaseList,
    answered: 'Pedidos, com boleto ou PIX pendente para reabrir.',
  }),
  operation({
    operationId: 'getMyPurchase',
    route: 'GET /api/usuario/compras/{id}',
    role: 'N',
    tags: TAGS,
    summary: 'Um pedido do aluno, com o comprovante do meio de pagamento',
    params: z.object({ id: OrderId }),
    query: NoQuery,
    answers: json(200, PurchaseDetail, 'O pedido.'),
    errors: ['notFound'],
    run: ({ ctx, user, params }) => getPurchase({ ctx, userId: user.id, orderId: params.id }),
  }),
  operation({
    operationId: 'reissuePayment',
    route: 'POST /api/usuario/compras/{id}/novo-pagamento',
    role: 'N',
    tags: TAGS,
    summary: 'Gerar de novo um boleto ou PIX expirado, para o mesmo pedido (sem um segundo pedido)',
    description:
      'O pedido é precificado de novo com os preços, cupons e turmas de hoje. Igual ao que foi gravado (mesmo total, tudo ainda à venda): o novo boleto ou PIX, pelo total do pedido. Mudou algo (um preço, um cupom vencido, esgotado ou desativado, um item fora de venda): 422 `{ message, errors: { pedido: [...] }, cart }`, com `cart` o hash de um carrinho novo com os itens ainda à venda (null quando nenhum está), para revisar e comprar pelos valores de hoje.',
    params: z.object({ id: OrderId }),
    answers: json(200, PayResult, 'O pedido, pendente, com o novo boleto ou PIX.'),
    responses: {
      422: jsonContent(
        z.union([ReissueRefused, ValidationErrorBody]),
        'O pedido mudou desde a compra (`cart`: o carrinho para revisar), ou um id inválido.',
      ),
    },
    errors: ['notFound', 'conflict'],
    run: ({ ctx, user, params }) => reissuePayment({ ctx, userId: user.id, orderId: params.id }),
  }),
  operation({
    operationId: 'requestWithdrawal',
    route: 'POST /api/usuario/compras/{id}/reembolso',
    role: 'N',
    tags: TAGS,
    summary: 'Desistir de uma compra paga em até 7 dias (direito de arrependimento, CDC art. 49)',
    description:
      'Um curso online pago por cartão ou PIX é estornado na hora pelo Pagar.me (o acesso termina quando ele confirma); ' +
      'uma turma presencial, um produto ou um boleto viram um pedido que o instituto aprova ou recusa com uma resposta. ' +
      'Um pedido só por compra: pedidos repetidos ou simultâneos devolvem o mesmo, e o estorno é feito uma vez. ' +
      'Fora do prazo, não pago, já estornado ou já respondido: 422 em `errors.pedido`.',
    params: z.object({ id: OrderId }),
    body: WithdrawalInput,
    answers: json(200, WithdrawalResult, 'O pedido de reembolso, e o estorno quando foi feito na hora.'),
    errors: ['notFound'],
    run: ({ ctx, user, params, input }) =>
      requestWithdrawal({ ctx, userId: user.id, orderId: params.id, reason: input.motivo }),
  }),
  operation({
    operationId: 'payStudentPriceDifference',
    route: 'POST /api/usuario/compras/{id}/diferenca',
    role: 'N',
    tags: TAGS,
    summary:
      'Pagar por PIX ou boleto a diferença de um pedido: documento de estudante recusado, ou boleto pago a menor',
    description:
      'Um pedido novo, só com a diferença: o desconto do preço de estudante, até o prazo que o e-mail da recusa diz; ou o que ' +
      'falta de um boleto pago a menor (`underpaid`: o total menos o que chegou), sem prazo, e quando esse pedido é pago o ' +
      'original fica pago na mesma transação e as matrículas abrem. Um segundo clique enquanto ele está aberto devolve o mesmo; expirado, um novo. ' +
      'Uma diferença estornada por inteiro ou com a contestação perdida deixa de contar como paga: a de um boleto pago a menor ' +
      'devolve o pedido a `underpaid` (as matrículas se encerram) e pode ser paga de novo (decisão 028). ' +
      'Sem diferença a pagar, já paga, em contestação (chargeback aberto) ou depois do prazo: 409.',
    params: z.object({ id: OrderId }),
    body: PayDifferenceInput,
    answers: json(200, PayResult, 'O pedido da diferença, pendente, com o boleto ou o PIX.'),
    errors: ['notFound', 'conflict'],
    run: ({ ctx, user, params, input }) =>
      payOwnDifference({
        ctx,
        userId: user.id,
        orderId: params.id,
        paymentType: input.payment_type,
      }),
  }),
  operation({
    operationId: 'getMyCourse',
    route: 'GET /api/usuario/cursos/{url}',
    role: 'N',
    tags: TAGS,
    summary:
      'O curso para o aluno matriculado: módulos, videoaulas, progresso, material e, no presencial, data e local',
    description: 'Sem matrícula ativa no curso (um pedido estornado, por exemplo): 403.',
    params: z.object({ url: CourseUrl }),
    query: NoQuery,
    answers: json(200, StudentCourse, 'O curso.'),
    responses: { 403: jsonContent(Msg, 'Sem matrícula ativa neste curso.') },
    errors: ['notFound'],
    run: ({ ctx, user, params }) => getStudentCourse({ ctx, userId: user.id, url: params.url }),
  }),
  lessonWatched('POST', 'markLessonWatched', {
    summary: 'Marcar uma aula como assistida (o progresso do curso volta na resposta)',
    answer: 'Marcada.',
  }),
  lessonWatched('DELETE', 'unmarkLessonWatched', {
    summary: 'Desmarcar uma aula assistida',
    answer: 'Desmarcada.',
  }),
  operation({
    operationId: 'recordLessonPlayback',
    route: 'POST /api/usuario/aulas/{id}/reproducao',
    role: 'N',
    tags: TAGS,
    summary: 'O que o player reproduziu de uma videoaula (evidência de estudo para o certificado)',
    description:
      'O player envia a cada ~15 s, e na pausa, no fim, com a página oculta ou ao sair, os trechos reproduzidos com a página visível. ' +
      'Cada trecho conta no máximo o tempo de relógio × a velocidade (até 2×); uma reprodução (um `playback` por player) é a única do aluno: uma nova substitui a anterior. ' +
      'Tudo o que uma reprodução recebe não passa de 2× o tempo desde que ela abriu (relógio do servidor), com uma pequena folga: um envio além disso é recusado inteiro (409) e nada conta. ' +
      'Sem matrícula ativa no curso: 403. Aula sem vídeo: 409. Limite por aluno: 429 com `Retry-After`.',
    params: z.object({ id: IdParam }),
    body: PlaybackBeatInput,
    answers: json(200, StudyAnswer, 'Contado: a aula e o curso como estão agora.'),
    responses: notEnrolledInLesson,
    limit: 'service',
    errors: ['notFound', 'conflict'],
    run: ({ ctx, user, params, input }) =>
      recordPlayback({ ctx, userId: user.id, lessonId: Number(params.id), input }),
  }),
  operation({
    operationId: 'recordLessonOpened',
    route: 'POST /api/usuario/aulas/{id}/aberta',
    role: 'N',
    tags: TAGS,
    summary: 'Uma aula sem vídeo foi aberta (a evidência de uma leitura); repetir não muda nada',
    description: 'Sem matrícula ativa no curso: 403. Aula com vídeo (conta pelo tempo reproduzido): 409.',
    params: z.object({ id: IdParam }),
    answers: json(200, StudyAnswer, 'A aula e o curso como estão agora.'),
    responses: notEnrolledInLesson,
    errors: ['notFound', 'conflict'],
    run: ({ ctx, user, params }) => recordOpening({ ctx, userId: user.id, lessonId: Number(params.id) }),
  }),
  operation({
    operationId: 'downloadStudentFile',
    route: 'GET /download/{token}',
    role: 'none',
    tags: TAGS,
    summary: 'Baixar material de curso ou e-book por um link assinado, curto e pessoal',
    description:
      'O link (gerado nas páginas do curso e de e-books) vale 15 minutos e só para o aluno que o gerou, com a sessão dele e matrícula ativa (ou o e-book na biblioteca). ' +
      'Aberto sem sessão, por outra pessoa, depois de expirar ou depois de um estorno: 403 com a explicação (uma página, se aberto no navegador).',
    params: z.object({ token: DownloadToken }),
    query: NoQuery,
    answers: response({
      200: {
        description: 'O arquivo, para salvar (Content-Disposition: attachment).',
        content: Object.fromEntries(
          DOWNLOAD_TYPES.map((type) => [type, { schema: z.string().openapi({ format: 'binary' }) }]),
        ),
      },
      403: {
        description: 'Link de outra pessoa, sem sessão, expirado ou sem matrícula ativa.',
        content: { 'application/json': { schema: Msg }, 'text/html': { schema: z.string() } },
      },
      404: {
        description: 'O arquivo não está guardado.',
        content: { 'application/json': { schema: Msg }, 'text/html': { schema: z.string() } },
      },
    }),
    errors: ['notFound'],
    run: async ({ c, ctx, params }) => {
      const user = await currentUser(c)
      try {
        const file = await openDownload({
          ctx,
          token: params.token,
          userId: user?.id ?? null,
          origin: new URL(c.req.url).origin,
        })
        if (!file) return refuse(c, DOWNLOAD_MESSAGES.missing, 404)
        const type = (DOWNLOAD_TYPES as readonly string[]).includes(file.contentType)
          ? file.contentType
          : 'application/octet-stream'
        return new Response(file.body, {
          status: 200,
          headers: {
            'Content-Type': type,
            'Content-Disposition': `attachment; filename="${file.filename}"`,
            'Cache-Control': 'private, no-store',
            'X-Content-Type-Options': 'nosniff',
          },
        })
      } catch (error) {
        if (error instanceof DownloadRefused) return refuse(c, error.message, 403)
        throw error
      }
    },
  }),
  ownRead(getLibrary, {
    operationId: 'getMyEbooks',
    path: '/api/usuario/ebooks',
    tags: TAGS,
    summary: 'Meus e-books: os do aluno (com o curso ou na biblioteca) e os gratuitos para adicionar',
    answer: EbookLibrary,
    answered: 'A biblioteca.',
  }),
  operation({
    operationId: 'addFreeEbook',
    route: 'POST /api/usuario/ebooks/{id}',
    role: 'N',
    tags: TAGS,
    summary: 'Adicionar um e-book gratuito à biblioteca (com um clique; repetir não muda nada)',
    params: z.object({ id: IdParam }),
    answers: json(200, EbookLibrary, 'A biblioteca, com o e-book.'),
    errors: ['notFound', 'conflict'],
    run: ({ ctx, user, params }) => addFreeEbook({ ctx, userId: user.id, ebookId: Number(params.id) }),
  }),
  operation({
    operationId: 'exportMyData',
    route: 'GET /api/usuario/privacidade/exportar',
    role: 'N',
    tags: ['Privacidade'],
    summary:
      'Baixar todos os meus dados (LGPD, art. 18): perfil, pedidos, matrículas, inscrições, contatos, consentimentos',
    query: NoQuery,
    answers: json(200, DataExport, 'Os dados, em JSON (para salvar).'),
    run: async ({ c, ctx, user }) => {
      const data = await exportMyData({ ctx, userId: user.id })
      c.header('Content-Disposition', 'attachment; filename="meus-dados-instituto-renalis.json"')
      c.header('Cache-Control', 'private, no-store')
      return data
    },
  }),
  operation({
    operationId: 'deleteMyAccount',
    route: 'POST /api/usuario/privacidade/excluir',
    role: 'N',
    tags: ['Privacidade'],
    summary: 'Excluir minha conta (LGPD, art. 18): dados pessoais anonimizados na hora, sessões encerradas',
    description:
      'Os pedidos ficam, sem dados pessoais, pelo prazo da legislação fiscal. Um e-mail confirma a exclusão. Depois dela, o login com o e-mail antigo falha.',
    body: DeleteAccountInput,
    answers: json(200, Msg, 'Conta excluída; o cookie de sessão é apagado.'),
    run: async ({ c, ctx, user }) => {
      const { msg } = await deleteMyAccount({ ctx, userId: user.id })
      clearSessionCookie(c)
      return { msg }
    },
  }),
)
