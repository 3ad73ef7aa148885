import { z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { html } from 'hono/html'
import type { AppBindings } from '../context.ts'
import {
  AbandonedCheckoutId,
  AbandonedCheckoutInput,
  AbandonedCheckoutSaved,
  REMINDER_MESSAGES,
  ResumedCheckout,
  UNSUBSCRIBE_PATH,
  UnsubscribeBody,
  UnsubscribeQuery,
} from '../contract/reminders.ts'
import { AppError } from '../errors.ts'
import { defineRoute, jsonContent, newApp } from '../openapi.ts'
import { resumeCheckout, saveAbandonedCheckout } from '../services/reminders/capture.ts'
import { isSignedFor, unsubscribe } from '../services/reminders/unsubscribe.ts'

/** A small page of the unsubscribe link (no SPA: it opens from an e-mail, with no session). */
function page(title: string, body: ReturnType<typeof html>) {
  return html`<!doctype html>
<html lang="pt-BR">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex" />
    <title>${title} | Instituto Renalis</title>
  </head>
  <body style="font-family: system-ui, sans-serif; max-width: 36rem; margin: 4rem auto; padding: 0 1rem; color: #0f172a; line-height: 1.5">
    <h1>${title}</h1>
    ${body}
    <p><a href="/" style="color: #0f766e">Ir para a página inicial</a></p>
  </body>
</html>`
}

const htmlPage = (description: string) => ({ description, content: { 'text/html': { schema: z.string() } } })

const refused = (c: Context<AppBindings>) =>
  c.html(page('Link inválido', html`<p>${REMINDER_MESSAGES.badLink}</p>`), 403, {
    'Cache-Control': 'no-store',
  })

/** Issue 25: the checkout's abandoned carts, the link back to one, and the one-click unsubscribe. */
export const reminderRoutes = newApp()
  .openapi(
    defineRoute(
      'none',
      {
        operationId: 'saveAbandonedCheckout',
        method: 'post',
        path: '/api/lembretes/checkout',
        tags: ['Checkout'],
        summary: 'Lembrar (ou esquecer) o e-mail e o carrinho de quem pediu lembretes no checkout',
        description:
          'Enviado pelo checkout quando a pessoa marcou "Quero receber lembretes sobre esta compra por e-mail" e digitou um e-mail válido. ' +
          '`consent: true` grava um registro por e-mail e carrinho (ou atualiza quando foi visto); `consent: false` o apaga. ' +
          'Sem pedido em 1 hora, um lembrete; em 24 horas, outro. Um pedido desse carrinho e e-mail encerra os lembretes. ' +
          'Carrinho inexistente ou vazio: 422 em `errors.hash`.',
        request: {
          body: { content: { 'application/json': { schema: AbandonedCheckoutInput } }, required: true },
        },
        responses: { 200: jsonContent(AbandonedCheckoutSaved, '`saved`: se o registro existe agora.') },
      },
      { limit: 'abandonedCheckout' },
    ),
    async (c) => c.json(await saveAbandonedCheckout({ ctx: c.var.ctx, input: c.req.valid('json') }), 200),
  )
  .openapi(
    defineRoute(
      'none',
      {
        operationId: 'resumeAbandonedCheckout',
        method: 'get',
        path: '/api/lembretes/checkout/{id}',
        tags: ['Checkout'],
        summary: 'O carrinho que o link de um lembrete traz de volta (`/checkout?retomar={id}`)',
        description:
          'O id é aleatório e só vai no e-mail. Responde o hash do carrinho para abrir o checkout. Já comprado, ou esquecido (30 dias): 404.',
        request: { params: z.object({ id: AbandonedCheckoutId }) },
        responses: { 200: jsonContent(ResumedCheckout, 'O carrinho.') },
      },
      { errors: ['notFound'] },
    ),
    async (c) => {
      c.header('Cache-Control', 'no-store')
      return c.json(await resumeCheckout({ ctx: c.var.ctx, id: c.req.valid('param').id }), 200)
    },
  )
  .openapi(
    defineRoute('none', {
      operationId: 'followReminderLink',
      method: 'get',
      path: '/checkout',
      tags: ['Checkout'],
      summary:
        'O link de um lembrete de carrinho abandonado (`/checkout?retomar={id}`): abre o mesmo checkout',
      description:
        'Redireciona para `/checkout/{hash}?retomar={id}`, e a página devolve aquele carrinho ao navegador. ' +
        'Já comprado, ou esquecido (30 dias): uma página que diz isso.',
      request: { query: z.object({ retomar: AbandonedCheckoutId }).strict() },
      responses: {
        302: {
          description: 'Para o checkout do carrinho.',
          headers: { Location: { description: 'O checkout.', schema: { type: 'string' } } },
        },
        404: htmlPage('O carrinho não está mais disponível: uma página que diz isso.'),
      },
    }),
    async (c) => {
      const { retomar } = c.req.valid('query')
      try {
        const { hash } = await resumeCheckout({ ctx: c.var.ctx, id: retomar })
        return new Response(null, {
          status: 302,
          headers: { Location: `/checkout/${hash}?retomar=${retomar}`, 'Cache-Control': 'no-store' },
        })
      } catch (error) {
        if (!(error instanceof AppError && error.code === 'NOT_FOUND')) throw error
        return c.html(
          page(
            'Carrinho indisponível',
            html`<p>${REMINDER_MESSAGES.checkoutGone}</p>
    <p><a href="/cursos" style="color: #0f766e">Ver os cursos</a></p>`,
          ),
          404,
          { 'Cache-Control': 'no-store' },
        )
      }
    },
  )
  .openapi(
    defineRoute('none', {
      operationId: 'unsubscribePage',
      method: 'get',
      path: UNSUBSCRIBE_PATH,
      tags: ['Checkout'],
      summary: 'A página do link de descadastro: confirma antes de parar os lembretes',
      description:
        'Abrir o link não muda nada (um leitor de e-mail pode abri-lo sozinho): a página pede a confirmação, que envia o POST. ' +
        'Link forjado ou alterado: 403.',
      request: { query: UnsubscribeQuery },
      responses: {
        200: htmlPage('A confirmação, com o botão que descadastra.'),
        403: htmlPage('Link inválido.'),
      },
    }),
    async (c) => {
      const { email, token } = c.req.valid('query')
      if (!(await isSignedFor(c.var.ctx, email, token))) return refused(c)
      const action = `${UNSUBSCRIBE_PATH}?${new URLSearchParams({ email, token })}`
      return c.html(
        page(
          'Parar os lembretes',
          html`<p>Quer parar de receber lembretes de compra e de pagamento do Instituto Renalis em <strong>${email}</strong>?</p>
    <form method="post" action="${action}">
      <input type="hidden" name="List-Unsubscribe" value="One-Click" />
      <button type="submit" style="font: inherit; padding: 0.6rem 1.2rem; border-radius: 0.5rem; border: 0; background: #0f766e; color: #fff; cursor: pointer">Não quero mais receber lembretes</button>
    </form>`,
        ),
        200,
        { 'Cache-Control': 'no-store' },
      )
    },
  )
  .openapi(
    defineRoute(
      'none',
      {
        operationId: 'unsubscribe',
        method: 'post',
        path: UNSUBSCRIBE_PATH,
        tags: ['Checkout'],
        summary: 'Descadastrar em um clique (RFC 8058): nenhum lembrete mais para este endereço',
        description:
          'O POST `List-Unsubscribe=One-Click` que o provedor de e-mail envia (ou o botão da página de confirmação), sem sessão e sem ' +
          'token de CSRF: a assinatura do link (HMAC do endereço) é a autorização. Link forjado ou alterado: 403, nada muda.',
        request: {
          query: UnsubscribeQuery,
          body: {
            content: { 'application/x-www-form-urlencoded': { schema: UnsubscribeBody } },
            required: true,
          },
        },
        responses: {
          200: htmlPage('Descadastrado (ou já estava).'),
          403: htmlPage('Link inválido: nada mudou.'),
        },
      },
      { limit: 'unsubscribe' },
    ),
    async (c) => {
      const { email, token } = c.req.valid('query')
      if (!(await unsubscribe(c.var.ctx, email, token))) return refused(c)
      return c.html(page('Pronto', html`<p>${REMINDER_MESSAGES.unsubscribed}</p>`), 200, {
        'Cache-Control': 'no-store',
      })
    },
  )
