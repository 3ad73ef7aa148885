import { z } from '@hono/zod-openapi'
import { PayInput, PaymentsConfig, PayResult } from '../contract/checkout.ts'
import { EnrolledCourses } from '../contract/student.ts'
import { currentUser, requireUser, setSessionCookie } from '../middleware/auth.ts'
import { defineRoute, jsonContent, newApp } from '../openapi.ts'
import { getOrderStatus, payCheckout } from '../services/checkout/pay.ts'
import {
  boletoPage,
  paymentsConfig,
  receiveWebhook,
  simulateSandboxPayment,
  tokenizeSandboxCard,
} from '../services/checkout/provider.ts'
import { listEnrolledCourses } from '../services/student/courses.ts'

const PurchaseError = z.object({
  msg: z.string(),
  code: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  errors: z.array(z.string()).optional(),
})
const OrderId = z.string().regex(/^ped_[0-9a-f]{32}$/, { error: 'Pedido inválido.' })

export const checkoutRoutes = newApp()
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
    defineRoute(
      'none',
      {
        operationId: 'getPaymentsConfig',
        method: 'get',
        path: '/api/payments/config',
        tags: ['Checkout'],
        summary: 'Qual gateway está ativo, a chave pública e onde o navegador tokeniza o cartão',
        responses: { 200: jsonContent(PaymentsConfig, 'Configuração de pagamento.') },
      },
      { offline: true },
    ),
    (c) => c.json(paymentsConfig({ ctx: c.var.ctx, requestUrl: c.req.url }), 200),
  )
  .openapi(
    defineRoute(
      'none',
      {
        operationId: 'tokenizeSandboxCard',
        method: 'post',
        path: '/api/sandbox/core/v5/tokens',
        tags: ['Sandbox de pagamento'],
        summary: 'Tokenização de cartão do gateway sandbox (mesmo formato do Pagar.me v5)',
        description:
          'Só com PAYMENT_GATEWAY=sandbox. Cartões de teste: 4000000000000010 aprova, 4000000000000028 recusa; CVV começando com 6 é recusado.',
        request: {
          query: z.object({ appId: z.string().max(100) }),
          body: {
            content: {
              'application/json': {
                schema: z.object({
                  type: z.literal('card'),
                  card: z.object({
                    number: z.string().max(25),
                    holder_name: z.string().max(120),
                    exp_month: z.number().int(),
                    exp_year: z.number().int(),
                    cvv: z.string().max(4),
                  }),
                }),
              },
            },
            required: true,
          },
        },
        responses: {
          200: jsonContent(
            z.object({ id: z.string(), type: z.literal('card') }),
            'O token (60 s, uso único).',
          ),
          404: jsonContent(z.object({ msg: z.string() }), 'Fora do ambiente de testes.'),
        },
      },
      { limit: 'cardToken' },
    ),
    async (c) => {
      const result = await tokenizeSandboxCard({ ctx: c.var.ctx, card: c.req.valid('json').card })
      if (!result.ok) return c.json({ message: 'The request is invalid.', errors: result.errors }, 422)
      return c.json(result.token, 200)
    },
  )
  .openapi(
    defineRoute(
      'none',
      {
        operationId: 'showSandboxBoleto',
        method: 'get',
        path: '/api/sandbox/boleto/{id}',
        tags: ['Sandbox de pagamento'],
        summary: 'Boleto do sandbox para imprimir',
        request: { params: z.object({ id: z.string().max(40) }) },
        responses: {
          200: { description: 'HTML imprimível.', content: { 'text/html': { schema: z.string() } } },
        },
      },
      { errors: ['notFound'] },
    ),
    async (c) => c.html(await boletoPage({ ctx: c.var.ctx, gatewayOrderId: c.req.valid('param').id })),
  )
  .openapi(
    defineRoute(
      'none',
      {
        operationId: 'simulateSandboxPayment',
        method: 'post',
        path: '/api/sandbox/pedidos/{id}/pagar',
        tags: ['Sandbox de pagamento'],
        summary: 'Simular o pagamento de um boleto ou PIX pendente (somente local)',
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
          'Webhook do Pagar.me: só um gatilho; o pedido é relido no provedor antes de qualquer mudança',
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
          200: jsonContent(z.object({ ok: z.literal(true) }), 'Recebido.'),
          401: jsonContent(z.object({ msg: z.string() }), 'Credencial inválida.'),
        },
      },
      { limit: 'webhook' },
    ),
    async (c) => {
      await receiveWebhook({
        ctx: c.var.ctx,
        authorization: c.req.header('Authorization'),
        event: c.req.valid('json'),
      })
      return c.json({ ok: true as const }, 200)
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
