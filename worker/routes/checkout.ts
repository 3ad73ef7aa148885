import { z } from '@hono/zod-openapi'
import { OrderId, PayInput, PaymentsConfig, PayResult } from '../contract/checkout.ts'
import { currentUser, setSessionCookie } from '../middleware/auth.ts'
import { jsonContent } from '../openapi.ts'
import { getOrderStatus, payCheckout } from '../services/checkout/pay.ts'
import { getPaymentsConfig } from '../services/payments/config.ts'
import { json, operation, routesOf } from './operation.ts'

const TAGS = ['Checkout']

const PurchaseError = z.object({
  msg: z.string(),
  code: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  errors: z.array(z.string()).optional(),
})

/** The checkout (SPEC section 7): the payment of a cart, the order's result, the card's tokenization. */
export const checkoutRoutes = routesOf(
  operation({
    operationId: 'payCheckout',
    route: 'POST /checkout/pagar',
    role: 'none',
    tags: TAGS,
    summary: 'Pagar o carrinho (cartão em até 12x, boleto ou PIX)',
    description:
      'O servidor recalcula tudo e recusa um `total` diferente (código 2). A mesma `idempotency_key` devolve o primeiro resultado, sem segunda cobrança. Erros de compra levam `code` 1 (produto não encontrado), 2 (mensagem) ou 3 (erros do provedor, traduzidos).',
    body: PayInput,
    answers: json(200, PayResult, 'Pedido criado: pago (cartão), ou pendente com boleto ou PIX.'),
    responses: { 404: jsonContent(PurchaseError, 'Código 1: produto não encontrado.') },
    limit: 'checkout',
    run: async ({ c, ctx, input }) => {
      const { result, sessionToken } = await payCheckout({ ctx, user: await currentUser(c), input })
      if (sessionToken) setSessionCookie(c, sessionToken)
      return result
    },
  }),
  operation({
    operationId: 'getOrder',
    route: 'GET /api/pedidos/{id}',
    role: 'none',
    tags: TAGS,
    summary: 'Situação de um pedido, para a tela de resultado (o id é impossível de adivinhar)',
    params: z.object({ id: OrderId }),
    answers: json(
      200,
      PayResult.extend({ items: z.array(z.object({ name: z.string(), net_value: z.number() })) }),
      'O pedido.',
    ),
    errors: ['notFound'],
    run: ({ ctx, params }) => getOrderStatus({ ctx, id: params.id }),
  }),
  operation({
    operationId: 'getPaymentsConfig',
    route: 'GET /api/payments/config',
    role: 'none',
    tags: TAGS,
    summary: 'Qual gateway está ativo, a chave pública e onde o navegador tokeniza o cartão',
    description:
      'O navegador tokeniza em `{PAGARME_API_URL}/tokens` com a chave pública: a de produção só na origem configurada (PUBLIC_ORIGIN, com ou sem www). Uma configuração que não pode receber pagamentos responde 503.',
    answers: json(200, PaymentsConfig, 'Configuração de pagamento.'),
    run: ({ c, ctx }) => getPaymentsConfig({ ctx, requestUrl: c.req.url }),
  }),
)
