import {
  AdminLead,
  AdminLeadPage,
  LeadsExportQuery,
  LeadsQuery,
  LeadUpdateInput,
} from '../../contract/admin-leads.ts'
import {
  AdminShortLink,
  AdminShortLinkPage,
  ClicksQuery,
  ShortLinkClicks,
  ShortLinkInput,
  ShortLinksQuery,
  ShortLinkUpdateInput,
} from '../../contract/admin-links.ts'
import { AdminShowcase, ShowcaseInput, ShowcasePreviewInput } from '../../contract/admin-showcase.ts'
import { HomeLists } from '../../contract/home.ts'
import { defineRoute, jsonBody, jsonContent, NoQuery, newApp } from '../../openapi.ts'
import { exportLeads, listLeads, updateLead } from '../../services/admin/leads.ts'
import { getAdminShowcase, previewShowcase, publishShowcase } from '../../services/admin/showcase.ts'
import {
  createShortLink,
  listShortLinks,
  shortLinkClicks,
  updateShortLink,
} from '../../services/short-links/links.ts'
import { ADMIN_TAG, actorOf, csvContent, csvResponse, IdParams } from './shared.ts'

/** /admin/leads, /admin/qrcode and /admin/home. */
export const adminEngagementRoutes = newApp()
  // ── Leads ──
  .openapi(
    defineRoute('A', {
      operationId: 'listLeads',
      method: 'get',
      path: '/api/admin/leads',
      tags: [ADMIN_TAG],
      summary: 'Mensagens de contato e do chat, com filtros por origem, situação e período e busca',
      request: { query: LeadsQuery },
      responses: { 200: jsonContent(AdminLeadPage, 'Uma página de leads, mais recente primeiro.') },
    }),
    async (c) => c.json(await listLeads({ ctx: c.var.ctx, query: c.req.valid('query') }), 200),
  )
  .openapi(
    defineRoute('A', {
      operationId: 'exportLeads',
      method: 'get',
      path: '/api/admin/leads/exportacao',
      tags: [ADMIN_TAG],
      summary: 'Os leads do filtro em CSV (UTF-8 com BOM, ";", datas no formato brasileiro)',
      request: { query: LeadsExportQuery },
      responses: { 200: csvContent('O arquivo CSV.') },
    }),
    async (c) => {
      const { csv, filename } = await exportLeads({
        ctx: c.var.ctx,
        actor: await actorOf(c),
        filters: c.req.valid('query'),
      })
      return csvResponse(csv, filename)
    },
  )
  .openapi(
    defineRoute(
      'A',
      {
        operationId: 'updateLead',
        method: 'put',
        path: '/api/admin/leads/{id}',
        tags: [ADMIN_TAG],
        summary: 'Situação de um lead (novo → em atendimento → respondido) e a anotação da equipe',
        request: { params: IdParams, ...jsonBody(LeadUpdateInput) },
        responses: { 200: jsonContent(AdminLead, 'O lead.') },
      },
      { errors: ['notFound', 'conflict'] },
    ),
    async (c) =>
      c.json(
        await updateLead({
          ctx: c.var.ctx,
          actor: await actorOf(c),
          id: c.req.valid('param').id,
          input: c.req.valid('json'),
        }),
        200,
      ),
  )
  // ── Short links and QR codes ──
  .openapi(
    defineRoute('A', {
      operationId: 'listShortLinks',
      method: 'get',
      path: '/api/admin/qrcodes',
      tags: [ADMIN_TAG],
      summary: 'Links curtos /l/{código} (com seus QR codes), paginados',
      request: { query: ShortLinksQuery },
      responses: { 200: jsonContent(AdminShortLinkPage, 'Uma página de links.') },
    }),
    async (c) => c.json(await listShortLinks({ ctx: c.var.ctx, query: c.req.valid('query') }), 200),
  )
  .openapi(
    defineRoute('A', {
      operationId: 'createShortLink',
      method: 'post',
      path: '/api/admin/qrcodes',
      tags: [ADMIN_TAG],
      summary: 'Criar um link curto para uma página do site ou um endereço externo permitido',
      request: jsonBody(ShortLinkInput),
      responses: { 201: jsonContent(AdminShortLink, 'O link criado.') },
    }),
    async (c) =>
      c.json(
        await createShortLink({ ctx: c.var.ctx, actor: await actorOf(c), input: c.req.valid('json') }),
        201,
      ),
  )
  .openapi(
    defineRoute(
      'A',
      {
        operationId: 'updateShortLink',
        method: 'put',
        path: '/api/admin/qrcodes/{id}',
        tags: [ADMIN_TAG],
        summary: 'Alterar título e destino de um link, ou desativá-lo (o código não muda)',
        request: { params: IdParams, ...jsonBody(ShortLinkUpdateInput) },
        responses: { 200: jsonContent(AdminShortLink, 'O link.') },
      },
      { errors: ['notFound', 'conflict'] },
    ),
    async (c) =>
      c.json(
        await updateShortLink({
          ctx: c.var.ctx,
          actor: await actorOf(c),
          id: c.req.valid('param').id,
          input: c.req.valid('json'),
        }),
        200,
      ),
  )
  .openapi(
    defineRoute(
      'A',
      {
        operationId: 'getShortLinkClicks',
        method: 'get',
        path: '/api/admin/qrcodes/{id}/cliques',
        tags: [ADMIN_TAG],
        summary: 'Cliques por dia de um link (últimos 30 dias por padrão)',
        request: { params: IdParams, query: ClicksQuery },
        responses: { 200: jsonContent(ShortLinkClicks, 'Os cliques.') },
      },
      { errors: ['notFound'] },
    ),
    async (c) =>
      c.json(
        await shortLinkClicks({ ctx: c.var.ctx, id: c.req.valid('param').id, query: c.req.valid('query') }),
        200,
      ),
  )
  // ── Home showcase ──
  .openapi(
    defineRoute('A', {
      operationId: 'getAdminShowcase',
      method: 'get',
      path: '/api/admin/vitrine',
      tags: [ADMIN_TAG],
      summary: 'As listas da vitrine da home com seus cards, a versão publicada e as imagens disponíveis',
      request: { query: NoQuery },
      responses: { 200: jsonContent(AdminShowcase, 'A vitrine.') },
    }),
    async (c) => c.json(await getAdminShowcase({ ctx: c.var.ctx }), 200),
  )
  .openapi(
    defineRoute('A', {
      operationId: 'previewShowcase',
      method: 'post',
      path: '/api/admin/vitrine/previa',
      tags: [ADMIN_TAG],
      summary: 'Prévia: o rascunho como GET /home_itens/lists o responderia (nada é gravado)',
      request: jsonBody(ShowcasePreviewInput),
      responses: { 200: jsonContent(HomeLists, 'As listas como a home as desenha.') },
    }),
    async (c) => c.json(await previewShowcase({ ctx: c.var.ctx, input: c.req.valid('json') }), 200),
  )
  .openapi(
    defineRoute(
      'A',
      {
        operationId: 'publishShowcase',
        method: 'put',
        path: '/api/admin/vitrine',
        tags: [ADMIN_TAG],
        summary: 'Publicar a vitrine inteira de uma vez (409 se alguém publicou depois da leitura)',
        request: jsonBody(ShowcaseInput),
        responses: { 200: jsonContent(AdminShowcase, 'A vitrine publicada.') },
      },
      { errors: ['conflict'] },
    ),
    async (c) =>
      c.json(
        await publishShowcase({ ctx: c.var.ctx, actor: await actorOf(c), input: c.req.valid('json') }),
        200,
      ),
  )
