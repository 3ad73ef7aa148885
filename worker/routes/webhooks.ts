import { z } from '@hono/zod-openapi'
import { defineRoute, jsonContent, newApp } from '../openapi.ts'
import { receiveFocusNfeWebhook } from '../services/fiscal/webhook.ts'
import { paymentLedgers } from '../services/payment-ledgers.ts'
import { receivePagarmeWebhook, WEBHOOK_SIGNATURE_HEADER } from '../services/payments/webhook.ts'

/** The payment provider's webhook: one for every ledger (an order, a fee plan's payment). */
export const webhookRoutes = newApp()
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
        ledgers: paymentLedgers(c.var.ctx),
      })
      return c.json({ ok: true as const }, 200)
    },
  )
  .openapi(
    defineRoute(
      'none',
      {
        operationId: 'receiveFocusNfeWebhook',
        method: 'post',
        path: '/webhooks/focus-nfe',
        tags: ['Checkout'],
        summary:
          'Gatilho da Focus NFe (NFS-e, evento nfsen): só um aviso; a nota é relida na Focus NFe antes de qualquer mudança',
        description:
          'Autenticado pelo cabeçalho `Authorization` igual a FOCUS_NFE_WEBHOOK_SECRET (o `authorization` registrado em `POST /v2/hooks`), comparado em tempo constante; ' +
          'sem ele, ou diferente, 401. O corpo é o JSON da nota (`ref`, `status`…): a nota do `ref` é consultada em `GET /v2/nfsen/{ref}` e gravada como a Focus NFe a descreve ' +
          '(autorizada com número, chave, PDF e XML; rejeitada com a mensagem). Um `ref` desconhecido é aceito e ignorado; se a Focus NFe não responde, 503 e ela reenvia.',
        request: {
          body: {
            content: {
              'application/json': {
                schema: z.object({ ref: z.string().min(1).max(100) }).passthrough(),
              },
            },
            required: true,
          },
        },
        responses: {
          200: jsonContent(z.object({ ok: z.literal(true) }), 'Recebido (aplicado ou ignorado).'),
          401: jsonContent(z.object({ message: z.string() }), 'Credencial ausente ou inválida.'),
        },
      },
      { limit: 'webhook' },
    ),
    async (c) => {
      await receiveFocusNfeWebhook({
        ctx: c.var.ctx,
        authorization: c.req.header('Authorization'),
        ref: c.req.valid('json').ref,
      })
      return c.json({ ok: true as const }, 200)
    },
  )
