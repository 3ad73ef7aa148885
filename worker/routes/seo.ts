import { z } from '@hono/zod-openapi'
import { html } from 'hono/html'
import { publicOrigin } from '../config.ts'
import { defineRoute, newApp } from '../openapi.ts'
import { listPublicPaths } from '../services/catalog/sitemap.ts'

export const seoRoutes = newApp()
  .openapi(
    defineRoute('none', {
      operationId: 'getSitemap',
      method: 'get',
      path: '/sitemap.xml',
      tags: ['SEO'],
      summary: 'Mapa do site: páginas públicas, cursos, produtos e editais',
      responses: {
        200: { description: 'XML do sitemap.', content: { 'application/xml': { schema: z.string() } } },
      },
    }),
    async (c) => {
      const origin = publicOrigin(c.var.ctx.env)
      const paths = await listPublicPaths({ ctx: c.var.ctx })
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
  )
  .openapi(
    defineRoute(
      'none',
      {
        operationId: 'getRobotsTxt',
        method: 'get',
        path: '/robots.txt',
        tags: ['SEO'],
        summary: 'Regras para robôs de busca',
        responses: { 200: { description: 'robots.txt', content: { 'text/plain': { schema: z.string() } } } },
      },
      { offline: true },
    ),
    (c) => {
      const origin = publicOrigin(c.var.ctx.env)
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
  )
