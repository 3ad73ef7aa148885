import { z } from '@hono/zod-openapi'
import { OrderId, PayInput, PaymentsConfig, PayResult } from '../contract/checkout.ts'
import { currentUser, setSessionCookie } from '../middleware/auth.ts'
import { defineRoute, jsonContent, newApp } from '../openapi.ts'
import { getOrderStatus, payCheckout } from '../services/checkout/pay.ts'
import { getPaymentsConfig } from '../services/payments/config.ts'

const PurchaseError = z.object({
  msg: z.string(),
  code: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  errors: z.array(z.string()).optional(),
})

/** The checkout (SPEC section 7): the payment of a cart, the order's result, the card's tokenization. */
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
