import { z } from '@hono/zod-openapi'
import { jsonContent } from '../openapi.ts'
import { receiveFocusNfeWebhook } from '../services/fiscal/webhook.ts'
import { paymentLedgers } from '../services/payment-ledgers.ts'
import { receivePagarmeWebhook, WEBHOOK_SIGNATURE_HEADER } from '../services/payments/webhook.ts'
import { done, operation, routesOf } from './operation.ts'

/**
 * The payment provider's webhook (one for every ledger: an order, a fee plan's payment) and the
 * NFS-e provider's gatilho.
 */
export const webhookRoutes = routesOf(
  operation({
    operationId: 'receivePagarmeWebhook',
    route: 'POST /webhooks/pagarme',
    role: 'none',
    tags: ['Checkout'],
    summary:
      'Webhook do Pagar.me: só um gatilho; a cobrança ou o pedido é relido no provedor antes de qualquer mudança',
    description:
      'Autenticado por HTTP basic com as credenciais de PAGARME_WEBHOOK_AUTH (comparadas em tempo constante; obrigatórias em produção). ' +
      'Com PAGARME_WEBHOOK_JWKS_URL, também pela assinatura `X-Webhook-Asymmetric-Signature: alg=RS256; kid=…; signature=…` ' +
      '(RS256 sobre o corpo exato, com as chaves publicadas pelo Pagar.me): sem ela, ou inválida, 401; chaves ilegíveis, 503. ' +
      'Um evento de cobrança (`charge.*`) relê `GET /charges/{id}`; de pedido (`order.*`), `GET /orders/{id}`. ' +
      'Um evento que o provedor não conhece é aceito e ignorado; se o provedor não responde, a resposta é 503 e o Pagar.me reenvia.',
    body: z
      .object({
        type: z.string().max(100),
        data: z.object({ id: z.string().max(100) }).passthrough(),
      })
      .passthrough(),
    answers: done('Recebido (aplicado ou ignorado).'),
    responses: {
      401: jsonContent(z.object({ message: z.string() }), 'Credencial ou assinatura ausente ou inválida.'),
    },
    limit: 'webhook',
    run: async ({ c, ctx, input }) => {
      await receivePagarmeWebhook({
        ctx,
        authorization: c.req.header('Authorization'),
        signature: c.req.header(WEBHOOK_SIGNATURE_HEADER),
        // The validator read the body as text and Hono keeps that text: re-encoded, the bytes
        // received (a body that is not UTF-8 is not the provider's JSON, and fails the signature).
        body: new Uint8Array(await c.req.arrayBuffer()),
        event: input,
        ledgers: paymentLedgers(ctx),
      })
    },
  }),
  operation({
    operationId: 'receiveFocusNfeWebhook',
    route: 'POST /webhooks/focus-nfe',
    role: 'none',
    tags: ['Checkout'],
    summary:
      'Gatilho da Focus NFe (NFS-e, evento nfsen): só um aviso; a nota é relida na Focus NFe antes de qualquer mudança',
    description:
      'Autenticado pelo cabeçalho `Authorization` igual a FOCUS_NFE_WEBHOOK_SECRET (o `authorization` registrado em `POST /v2/hooks`), comparado em tempo constante; ' +
      'sem ele, ou diferente, 401. O corpo é o JSON da nota (`ref`, `status`…): a nota do `ref` é consultada em `GET /v2/nfsen/{ref}` e gravada como a Focus NFe a descreve ' +
      '(autorizada com número, chave, PDF e XML; rejeitada com a mensagem). Um `ref` desconhecido é aceito e ignorado; se a Focus NFe não responde, 503 e ela reenvia.',
    body: z.object({ ref: z.string().min(1).max(100) }).passthrough(),
    answers: done('Recebido (aplicado ou ignorado).'),
    responses: {
      401: jsonContent(z.object({ message: z.string() }), 'Credencial ausente ou inválida.'),
    },
    limit: 'webhook',
    run: async ({ c, ctx, input }) => {
      await receiveFocusNfeWebhook({ ctx, authorization: c.req.header('Authorization'), ref: input.ref })
    },
  }),
)
