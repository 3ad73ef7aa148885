import { z } from '@hono/zod-openapi'
import { html } from 'hono/html'
import { AppError } from '../errors.ts'
import { followShortLink } from '../services/short-links/links.ts'
import { htmlContent, operation, response, routesOf } from './operation.ts'

const notFoundPage = html`<!doctype html>
<html lang="pt-BR">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex" />
    <title>Link indisponível | Instituto Renalis</title>
  </head>
  <body style="font-family: system-ui, sans-serif; max-width: 36rem; margin: 4rem auto; padding: 0 1rem; color: #0f172a">
    <h1>Link indisponível</h1>
    <p>Este link não existe ou foi desativado pelo Instituto Renalis.</p>
    <p><a href="/" style="color: #0f766e">Ir para a página inicial</a></p>
  </body>
</html>`

/** Short links of the admin's 'Qrcode/Link' screen: /l/{code} (a printed QR code's address). */
export const shortLinkRoutes = routesOf(
  operation({
    operationId: 'followShortLink',
    route: 'GET /l/{code}',
    role: 'none',
    tags: ['Links'],
    summary: 'Segue um link curto (e conta o clique)',
    description:
      'Cada clique é contado por um Durable Object do link, sem escrita no banco por clique; os cliques vão para o banco a cada minuto.',
    params: z.object({ code: z.string().max(200) }),
    answers: response({
      302: {
        description: 'Para o destino do link.',
        headers: { Location: { description: 'O destino.', schema: { type: 'string' } } },
      },
      404: htmlContent('Link inexistente ou desativado: uma página que diz isso.'),
    }),
    run: async ({ c, ctx, params }) => {
      try {
        const target = await followShortLink({ ctx, code: params.code })
        return new Response(null, {
          status: 302,
          headers: {
            Location: target,
            'Cache-Control': 'no-store',
            'Referrer-Policy': 'strict-origin-when-cross-origin',
          },
        })
      } catch (error) {
        if (error instanceof AppError && error.code === 'NOT_FOUND') {
          return c.html(notFoundPage, 404, { 'Cache-Control': 'no-store' })
        }
        throw error
      }
    },
  }),
)
