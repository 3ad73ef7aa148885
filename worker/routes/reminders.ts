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
import { resumeCheckout, saveAbandonedCheckout } from '../services/reminders/capture.ts'
import { isSignedFor, unsubscribe } from '../services/reminders/unsubscribe.ts'
import { htmlContent, json, operation, response, routesOf } from './operation.ts'

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

const refused = (c: Context<AppBindings>) =>
  c.html(page('Link inválido', html`<p>${REMINDER_MESSAGES.badLink}</p>`), 403, {
    'Cache-Control': 'no-store',
  })

const TAGS = ['Checkout']

/** Issue 25: the checkout's abandoned carts, the link back to one, and the one-click unsubscribe. */
export const reminderRoutes = routesOf(
  operation({
    operationId: 'saveAbandonedCheckout',
    route: 'POST /api/lembretes/checkout',
    role: 'none',
    tags: TAGS,
    summary: 'Lembrar (ou esquecer) o e-mail e o carrinho de quem pediu lembretes no checkout',
    description:
      'Enviado pelo checkout quando a pessoa marcou "Quero receber lembretes sobre esta compra por e-mail" e digitou um e-mail válido. ' +
      '`consent: true` grava um registro por e-mail e carrinho (ou atualiza quando foi visto); `consent: false` o apaga. ' +
      'Sem pedido em 1 hora, um lembrete; em 24 horas, outro. Um pedido desse carrinho e e-mail encerra os lembretes. ' +
      'Carrinho inexistente ou vazio: 422 em `errors.hash`.',
    body: AbandonedCheckoutInput,
    answers: json(200, AbandonedCheckoutSaved, '`saved`: se o registro existe agora.'),
    limit: 'abandonedCheckout',
    run: ({ ctx, input }) => saveAbandonedCheckout({ ctx, input }),
  }),
  operation({
    operationId: 'resumeAbandonedCheckout',
    route: 'GET /api/lembretes/checkout/{id}',
    role: 'none',
    tags: TAGS,
    summary: 'O carrinho que o link de um lembrete traz de volta (`/checkout?retomar={id}`)',
    description:
      'O id é aleatório e só vai no e-mail. Responde o hash do carrinho para abrir o checkout. Já comprado, ou esquecido (30 dias): 404.',
    params: z.object({ id: AbandonedCheckoutId }),
    answers: json(200, ResumedCheckout, 'O carrinho.'),
    errors: ['notFound'],
    cacheControl: 'no-store',
    run: ({ ctx, params }) => resumeCheckout({ ctx, id: params.id }),
  }),
  operation({
    operationId: 'followReminderLink',
    route: 'GET /checkout',
    role: 'none',
    tags: TAGS,
    summary: 'O link de um lembrete de carrinho abandonado (`/checkout?retomar={id}`): abre o mesmo checkout',
    description:
      'Redireciona para `/checkout/{hash}?retomar={id}`, e a página devolve aquele carrinho ao navegador. ' +
      'Já comprado, ou esquecido (30 dias): uma página que diz isso.',
    query: z.object({ retomar: AbandonedCheckoutId }).strict(),
    answers: response({
      302: {
        description: 'Para o checkout do carrinho.',
        headers: { Location: { description: 'O checkout.', schema: { type: 'string' } } },
      },
      404: htmlContent('O carrinho não está mais disponível: uma página que diz isso.'),
    }),
    run: async ({ c, ctx, query: { retomar } }) => {
      try {
        const { hash } = await resumeCheckout({ ctx, id: retomar })
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
  }),
  operation({
    operationId: 'unsubscribePage',
    route: `GET ${UNSUBSCRIBE_PATH}`,
    role: 'none',
    tags: TAGS,
    summary: 'A página do link de descadastro: confirma antes de parar os lembretes',
    description:
      'Abrir o link não muda nada (um leitor de e-mail pode abri-lo sozinho): a página pede a confirmação, que envia o POST. ' +
      'Link forjado ou alterado: 403.',
    query: UnsubscribeQuery,
    answers: response({
      200: htmlContent('A confirmação, com o botão que descadastra.'),
      403: htmlContent('Link inválido.'),
    }),
    run: async ({ c, ctx, query: { email, token } }) => {
      if (!(await isSignedFor(ctx, email, token))) return refused(c)
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
  }),
  operation({
    operationId: 'unsubscribe',
    route: `POST ${UNSUBSCRIBE_PATH}`,
    role: 'none',
    tags: TAGS,
    summary: 'Descadastrar em um clique (RFC 8058): nenhum lembrete mais para este endereço',
    description:
      'O POST `List-Unsubscribe=One-Click` que o provedor de e-mail envia (ou o botão da página de confirmação), sem sessão e sem ' +
      'token de CSRF: a assinatura do link (HMAC do endereço) é a autorização. Link forjado ou alterado: 403, nada muda.',
    query: UnsubscribeQuery,
    form: UnsubscribeBody,
    formEncoding: 'urlencoded',
    answers: response({
      200: htmlContent('Descadastrado (ou já estava).'),
      403: htmlContent('Link inválido: nada mudou.'),
    }),
    limit: 'unsubscribe',
    run: async ({ c, ctx, query: { email, token } }) => {
      if (!(await unsubscribe(ctx, email, token))) return refused(c)
      return c.html(page('Pronto', html`<p>${REMINDER_MESSAGES.unsubscribed}</p>`), 200, {
        'Cache-Control': 'no-store',
      })
    },
  }),
)
