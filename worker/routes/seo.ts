import { z } from '@hono/zod-openapi'
import { html } from 'hono/html'
import { publicOrigin } from '../config.ts'
import { listPublicPaths } from '../services/catalog/sitemap.ts'
import { operation, response, routesOf } from './operation.ts'

export const seoRoutes = routesOf(
  operation({
    operationId: 'getSitemap',
    route: 'GET /sitemap.xml',
    role: 'none',
    tags: ['SEO'],
    summary: 'Mapa do site: páginas públicas, cursos, produtos e editais',
    answers: response({
      200: { description: 'XML do sitemap.', content: { 'application/xml': { schema: z.string() } } },
    }),
    run: async ({ c, ctx }) => {
      const origin = publicOrigin(ctx.env)
      const paths = await listPublicPaths({ ctx })
      const urls = paths.map((path) => html`  <url><loc>${origin + path}</loc></url>\n`)
      const xml = await html`<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${urls}</urlset>
`
      return c.body(xml.toString(), 200, {
        'Content-Type': 'application/xml; charset=utf-8',
        'Cache-Control': 'public, max-age=3600',
      })
    },
  }),
  operation({
    operationId: 'getRobotsTxt',
    route: 'GET /robots.txt',
    role: 'none',
    tags: ['SEO'],
    summary: 'Regras para robôs de busca',
    answers: response({
      200: { description: 'robots.txt', content: { 'text/plain': { schema: z.string() } } },
    }),
    offline: true,
    run: ({ c, ctx }) => {
      const origin = publicOrigin(ctx.env)
      const lines = [
        'User-agent: *',
        'Disallow: /admin',
        'Disallow: /usuario',
        'Disallow: /checkout',
        'Disallow: /carrinho-de-compras',
        'Disallow: /api/',
        `Sitemap: ${origin}/sitemap.xml`,
      ]
      return c.text(`${lines.join('\n')}\n`, 200, { 'Cache-Control': 'public, max-age=86400' })
    },
  }),
)
