import { z } from '@hono/zod-openapi'
import { Cep, CepAddress } from '../contract/address.ts'
import { OrderId, PayInput, PaymentsConfig, PayResult } from '../contract/checkout.ts'
import {
  AcceptUnderpaidInput,
  AcceptUnderpaidResult,
  ChargebackInput,
  ChargebackResult,
  OutsideRefundInput,
  RefundOrderInput,
  RefundOrderResult,
  WithdrawalDecisionInput,
} from '../contract/refunds.ts'
import { EnrolledCourses } from '../contract/student.ts'
import {
  StudentDocumentDecided,
  StudentDocumentDecision,
  StudentDocumentLink,
  StudentDocumentToken,
} from '../contract/student-documents.ts'
import { currentUser, requireUser, setSessionCookie } from '../middleware/auth.ts'
import { localOnly } from '../middleware/local-only.ts'
import { defineRoute, jsonContent, NoQuery, newApp } from '../openapi.ts'
import { findAddress } from '../services/address/cep.ts'
import { decideChargeback } from '../services/checkout/chargeback.ts'
import { getOrderStatus, payCheckout } from '../services/checkout/pay.ts'
import { recordOutsideRefund, refundOrder } from '../services/checkout/refund.ts'
import { decideDocument, documentLink, openDocument } from '../services/checkout/student-documents.ts'
import { acceptUnderpaid } from '../services/checkout/underpaid.ts'
import { decideWithdrawal } from '../services/checkout/withdrawal.ts'
import { STUDENT_DOC_TYPES } from '../services/files/files.ts'
import { getPaymentsConfig } from '../services/payments/config.ts'
import { simulateSandboxPayment } from '../services/payments/sandbox.ts'
import { receivePagarmeWebhook, WEBHOOK_SIGNATURE_HEADER } from '../services/payments/webhook.ts'
import { listEnrolledCourses } from '../services/student/courses.ts'
import { type Answer, adminApp, json, operation } from './admin/operations.ts'

const PurchaseError = z.object({
  msg: z.string(),
  code: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  errors: z.array(z.string()).optional(),
})

/** What a decision on a refund answers: 200 once done, 202 while the provider has yet to confirm it. */
const refundAnswer = (done: string, awaiting: string): Answer<RefundOrderResult> => ({
  responses: {
    200: jsonContent(RefundOrderResult, done),
    202: jsonContent(RefundOrderResult, awaiting),
  },
  send: (c, result) => c.json(result, result.awaiting_provider ? 202 : 200),
})
const OrderParams = z.object({ id: OrderId })

/** The institute's acts on an order (`/api/admin/pedidos/{id}/…`), described as the admin area's operations. */
const orderActs = adminApp(
  operation({
    operationId: 'recordOutsideRefund',
    route: 'POST /api/admin/pedidos/{id}/estorno-externo',
    summary: 'Registrar um estorno feito fora do site (pedido sem cobrança no meio de pagamento)',
    description:
      'Para um pedido pago que o Pagar.me não conhece (pago fora do site, ou os pedidos de demonstração): o pedido fica estornado, ' +
      'as inscrições se encerram, o comprador é avisado e o registro de auditoria guarda quem registrou e por quê. Uma vez só. ' +
      'Um pedido com cobrança no provedor: 422 em `errors.charge` (estorne-o pelo provedor).',
    params: OrderParams,
    body: OutsideRefundInput,
    answers: json(200, RefundOrderResult, 'Estorno registrado (ou o pedido já estava estornado).'),
    errors: ['notFound'],
    run: ({ ctx, actor, id, input }) =>
      recordOutsideRefund({ ctx, orderId: id, reason: input.motivo, actorUserId: actor.id }),
  }),
  operation({
    operationId: 'decideWithdrawal',
    route: 'POST /api/admin/pedidos/{id}/reembolso-solicitado',
    summary: 'Aprovar ou recusar o pedido de reembolso (desistência em 7 dias) de um comprador',
    description:
      'Aprovar estorna o pedido no Pagar.me como o botão Estornar (um boleto, para a `bank_account`); recusado pelo provedor, ' +
      'o pedido de reembolso volta a aguardar. Recusar exige uma `resposta`, que o comprador recebe por e-mail e lê em Minhas compras. ' +
      'Sem pedido aguardando resposta: 409.',
    params: OrderParams,
    body: WithdrawalDecisionInput,
    answers: refundAnswer(
      'Recusado, ou aprovado com o estorno confirmado.',
      'Aprovado; o estorno aguarda a confirmação do provedor.',
    ),
    errors: ['notFound', 'conflict'],
    run: ({ ctx, actor, id, input }) => decideWithdrawal({ ctx, orderId: id, input, actorUserId: actor.id }),
  }),
  operation({
    operationId: 'decideChargeback',
    route: 'POST /api/admin/pedidos/{id}/contestacao',
    summary: 'Contestação (chargeback) de um pedido: consultar o Pagar.me agora, ou registrá-la como perdida',
    description:
      'No Pagar.me a cobrança contestada fica `chargedback` para sempre; uma contestação ganha aparece só nos recebíveis ' +
      '(`chargeback_refund`), que a conciliação lê a cada 6 horas. `consultar` lê agora: ganha, o pedido volta a valer e as ' +
      'matrículas e os certificados voltam. `perdida` (com uma `observacao` de como se soube) revoga os certificados que o ' +
      'pedido pagou, uma vez só. Sem contestação em aberto: 409. Pagar.me fora do ar: 503.',
    params: OrderParams,
    body: ChargebackInput,
    answers: json(200, ChargebackResult, 'A contestação como ficou.'),
    errors: ['notFound', 'conflict'],
    run: ({ ctx, actor, id, input }) => decideChargeback({ ctx, orderId: id, input, actorUserId: actor.id }),
  }),
  operation({
    operationId: 'acceptUnderpaid',
    route: 'POST /api/admin/pedidos/{id}/valor-recebido',
    summary: 'Aceitar o valor recebido de um boleto pago a menor (o pedido fica pago e as matrículas abrem)',
    description:
      'Um boleto pago a menor (`underpaid`) não abre o acesso: o aluno paga a diferença em Minhas compras, ou o instituto ' +
      'decide. Aceitar (com uma `observacao` do porquê) deixa o pedido pago como um pagamento o deixaria: as matrículas abrem, ' +
      'o comprador recebe a confirmação, e o registro de auditoria guarda quem aceitou quanto e por quê, na mesma transação, ' +
      'uma vez só. A outra decisão é estornar o que chegou (`POST /api/admin/pedidos/{id}/estorno`, um boleto para uma ' +
      '`bank_account`). Pedido que não está pago a menor: 409.',
    params: OrderParams,
    body: AcceptUnderpaidInput,
    answers: json(200, AcceptUnderpaidResult, 'O pedido, pago.'),
    errors: ['notFound', 'conflict'],
    run: ({ ctx, actor, id, input }) => acceptUnderpaid({ ctx, orderId: id, input, actorUserId: actor.id }),
  }),
  operation({
    operationId: 'decideStudentDocument',
    route: 'POST /api/admin/pedidos/{id}/documento-estudante',
    summary: 'Aprovar ou recusar o documento de estudante de um pedido',
    description:
      'Uma vez por documento. Recusar pede o motivo (o aluno o lê) e só vale para um pedido pago: o aluno recebe um e-mail ' +
      'com a diferença a pagar (o desconto do preço de estudante) por PIX ou boleto em Minhas compras, em até 7 dias; sem o ' +
      'pagamento, o pedido é cancelado e estornado. Já analisado, ou um pedido ainda não pago: 409.',
    params: OrderParams,
    body: StudentDocumentDecision,
    answers: json(200, StudentDocumentDecided, 'A decisão, registrada.'),
    errors: ['notFound', 'conflict'],
    run: ({ ctx, actor, id, input }) => decideDocument({ ctx, orderId: id, input, actorUserId: actor.id }),
  }),
  operation({
    operationId: 'studentDocumentLink',
    route: 'POST /api/admin/pedidos/{id}/documento-estudante/link',
    summary: 'Um link assinado e curto (10 minutos, só para quem o pediu) para ver o documento de estudante',
    params: OrderParams,
    answers: json(200, StudentDocumentLink, 'O link e até quando vale.'),
    errors: ['notFound'],
    run: ({ ctx, actor, id }) => documentLink(ctx, id, actor.id),
  }),
)

const app = newApp()
// 'Simular pagamento' exists only locally.
app.use('/api/sandbox/*', localOnly)

export const checkoutRoutes = app
  .openapi(
    defineRoute(
      'none',
      {
        operationId: 'payCheckout',
        method: 'post',
        path: '/checkout/pagar',
        tags: ['Checkout'],
        summary: 'Pagar o carrinho (cartão em até 12x, boleto ou PIX)',
        description:
          'O servidor recalcula tudo e recusa um `total` diferente (código 2). A mesma `idempotency_key` devolve o primeiro resultado, sem segunda cobrança. Erros de compra levam `code` 1 (produto não encontrado), 2 (mensagem) ou 3 (erros do provedor, traduzidos).',
        request: { body: { content: { 'application/json': { schema: PayInput } }, required: true } },
        responses: {
          200: jsonContent(PayResult, 'Pedido criado: pago (cartão), ou pendente com boleto ou PIX.'),
          404: jsonContent(PurchaseError, 'Código 1: produto não encontrado.'),
        },
      },
      { limit: 'checkout' },
    ),
    async (c) => {
      const user = await currentUser(c)
      const { result, sessionToken } = await payCheckout({ ctx: c.var.ctx, user, input: c.req.valid('json') })
      if (sessionToken) setSessionCookie(c, sessionToken)
      return c.json(result, 200)
    },
  )
  .openapi(
    defineRoute(
      'none',
      {
        operationId: 'getOrder',
        method: 'get',
        path: '/api/pedidos/{id}',
        tags: ['Checkout'],
        summary: 'Situação de um pedido, para a tela de resultado (o id é impossível de adivinhar)',
        request: { params: z.object({ id: OrderId }) },
        responses: {
          200: jsonContent(
            PayResult.extend({ items: z.array(z.object({ name: z.string(), net_value: z.number() })) }),
            'O pedido.',
          ),
        },
      },
      { errors: ['notFound'] },
    ),
    async (c) => c.json(await getOrderStatus({ ctx: c.var.ctx, id: c.req.valid('param').id }), 200),
  )
  .openapi(
    defineRoute('none', {
      operationId: 'getPaymentsConfig',
      method: 'get',
      path: '/api/payments/config',
      tags: ['Checkout'],
      summary: 'Qual gateway está ativo, a chave pública e onde o navegador tokeniza o cartão',
      description:
        'O navegador tokeniza em `{PAGARME_API_URL}/tokens` com a chave pública: a de produção só na origem configurada (PUBLIC_ORIGIN, com ou sem www). Uma configuração que não pode receber pagamentos responde 503.',
      responses: { 200: jsonContent(PaymentsConfig, 'Configuração de pagamento.') },
    }),
    (c) => c.json(getPaymentsConfig({ ctx: c.var.ctx, requestUrl: c.req.url }), 200),
  )
  .openapi(
    defineRoute(
      'none',
      {
        operationId: 'simulateSandboxPayment',
        method: 'post',
        path: '/api/sandbox/pedidos/{id}/pagar',
        tags: ['Sandbox de pagamento'],
        summary: 'Simular o pagamento de um boleto ou PIX pendente no sandbox do Pagar.me (somente local)',
        description: 'Paga a cobrança no sandbox e relê o pedido lá, como o webhook faria.',
        request: { params: z.object({ id: OrderId }) },
        responses: {
          200: jsonContent(z.object({ status: z.string() }), 'A nova situação do pedido.'),
        },
      },
      { errors: ['notFound'], limit: 'checkout' },
    ),
    async (c) =>
      c.json(await simulateSandboxPayment({ ctx: c.var.ctx, orderId: c.req.valid('param').id }), 200),
  )
  .openapi(
    defineRoute(
      'none',
      {
        operationId: 'receivePagarmeWebhook',
        method: 'post',
        path: '/webhooks/pagarme',
        tags: ['Checkout'],
        summary:
          'Webhook do Pagar.me: só um gatilho; a cobrança ou o pedido é relido no provedor antes de qualquer mudança',
        description:
          'Autenticado por HTTP basic com as credenciais de PAGARME_WEBHOOK_AUTH (comparadas em tempo constante; obrigatórias em produção). ' +
          'Com PAGARME_WEBHOOK_JWKS_URL, também pela assinatura `X-Webhook-Asymmetric-Signature: alg=RS256; kid=…; signature=…` ' +
          '(RS256 sobre o corpo exato, com as chaves publicadas pelo Pagar.me): sem ela, ou inválida, 401; chaves ilegíveis, 503. ' +
          'Um evento de cobrança (`charge.*`) relê `GET /charges/{id}`; de pedido (`order.*`), `GET /orders/{id}`. ' +
          'Um evento que o provedor não conhece é aceito e ignorado; se o provedor não responde, a resposta é 503 e o Pagar.me reenvia.',
        request: {
          body: {
            content: {
              'application/json': {
                schema: z
                  .object({
                    type: z.string().max(100),
                    data: z.object({ id: z.string().max(100) }).passthrough(),
                  })
                  .passthrough(),
              },
            },
            required: true,
          },
        },
        responses: {
          200: jsonContent(z.object({ ok: z.literal(true) }), 'Recebido (aplicado ou ignorado).'),
          401: jsonContent(
            z.object({ message: z.string() }),
            'Credencial ou assinatura ausente ou inválida.',
          ),
        },
      },
      { limit: 'webhook' },
    ),
    async (c) => {
      await receivePagarmeWebhook({
        ctx: c.var.ctx,
        authorization: c.req.header('Authorization'),
        signature: c.req.header(WEBHOOK_SIGNATURE_HEADER),
        // The validator read the body as text and Hono keeps that text: re-encoded, the bytes
        // received (a body that is not UTF-8 is not the provider's JSON, and fails the signature).
        body: new Uint8Array(await c.req.arrayBuffer()),
        event: c.req.valid('json'),
      })
      return c.json({ ok: true as const }, 200)
    },
  )
  .openapi(
    defineRoute(
      'A',
      {
        operationId: 'refundOrder',
        method: 'post',
        path: '/api/admin/pedidos/{id}/estorno',
        tags: ['Administração'],
        summary:
          'Estornar um pedido pago (ou o que chegou de um pago a menor), no todo ou em parte (DELETE /charges/{id} no Pagar.me)',
        description:
          'Sem `amount_cents`, estorna tudo o que resta. Pedidos repetidos ou simultâneos chamam o provedor uma vez só: ' +
          'os demais respondem 202 com o estorno em andamento. O pedido muda quando o provedor confirma; um estorno total ' +
          'encerra as inscrições e avisa o comprador por e-mail. Um boleto pago só é estornado para uma `bank_account`. ' +
          'Um boleto pago a menor (`underpaid`) também: estorna-se o que chegou (nunca mais que isso), e o pedido fica estornado sem ter aberto o acesso.',
        request: {
          params: z.object({ id: OrderId }),
          body: { content: { 'application/json': { schema: RefundOrderInput } }, required: false },
        },
        responses: {
          200: jsonContent(
            RefundOrderResult,
            'Estorno confirmado pelo provedor (ou o pedido já estava estornado).',
          ),
          202: jsonContent(RefundOrderResult, 'Estorno solicitado e ainda não confirmado.'),
        },
      },
      { errors: ['notFound'] },
    ),
    async (c) => {
      const user = await requireUser(c)
      const result = await refundOrder({
        ctx: c.var.ctx,
        orderId: c.req.valid('param').id,
        input: c.req.valid('json'),
        actorUserId: user.id,
      })
      return c.json(result, result.awaiting_provider ? 202 : 200)
    },
  )
  .openapi(
    defineRoute('N', {
      operationId: 'listMyCourses',
      method: 'get',
      path: '/api/usuario/cursos',
      tags: ['Área do aluno'],
      summary: 'As turmas em que o aluno está matriculado',
      responses: {
        200: jsonContent(EnrolledCourses, 'Matrículas.'),
      },
    }),
    async (c) => {
      const user = await requireUser(c)
      return c.json(await listEnrolledCourses({ ctx: c.var.ctx, userId: user.id }), 200)
    },
  )
  .openapi(
    defineRoute(
      'A',
      {
        operationId: 'openStudentDocument',
        method: 'get',
        path: '/api/admin/documentos-estudante/{token}',
        tags: ['Administração'],
        summary: 'O documento de estudante de um pedido, por um link assinado',
        description:
          'Vale só para o administrador que gerou o link, até ele expirar, e para o documento que o pedido guarda agora. ' +
          'Nunca fica em cache. Expirado ou de outra pessoa: 403; apagado (prazo de guarda): 422.',
        request: { params: z.object({ token: StudentDocumentToken }), query: NoQuery },
        responses: {
          200: {
            description: 'O documento (PDF ou imagem), para ver no navegador.',
            content: Object.fromEntries(
              STUDENT_DOC_TYPES.map((type) => [type, { schema: z.string().openapi({ format: 'binary' }) }]),
            ),
          },
        },
      },
      { errors: ['notFound'] },
    ),
    async (c) => {
      const user = await requireUser(c)
      const document = await openDocument(c.var.ctx, c.req.valid('param').token, user.id)
      return new Response(document.body, {
        headers: {
          'content-type': document.contentType,
          'content-disposition': 'inline',
          'cache-control': 'private, no-store',
          'x-content-type-options': 'nosniff',
        },
      })
    },
  )
  .openapi(
    defineRoute(
      'none',
      {
        operationId: 'findAddressByCep',
        method: 'get',
        path: '/api/cep/{cep}',
        tags: ['Checkout'],
        summary: 'O endereço de um CEP (rua, bairro, cidade e UF), para preencher o endereço de cobrança',
        description:
          'ViaCEP em produção; localmente, um substituto com CEPs reais de Curitiba. CEP que nenhuma rua tem: 404. ' +
          'O serviço fora do ar ou lento: 503, e a pessoa digita o endereço.',
        request: { params: z.object({ cep: Cep }), query: NoQuery },
        responses: { 200: jsonContent(CepAddress, 'O endereço do CEP.') },
      },
      { limit: 'cep', errors: ['notFound'] },
    ),
    async (c) => {
      c.header('Cache-Control', 'public, max-age=86400')
      return c.json(await findAddress(c.var.ctx, c.req.valid('param').cep), 200)
    },
  )
  .route('/', orderActs)
