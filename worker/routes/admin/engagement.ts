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
import { ShowcaseLists } from '../../contract/showcase.ts'
import { NoQuery } from '../../openapi.ts'
import { exportLeads, listLeads, updateLead } from '../../services/admin/leads.ts'
import { getAdminShowcase, previewShowcase, publishShowcase } from '../../services/admin/showcase.ts'
import {
  createShortLink,
  listShortLinks,
  shortLinkClicks,
  updateShortLink,
} from '../../services/short-links/links.ts'
import { json, routesOf } from '../operation.ts'
import { csv, operation, resource } from './operations.ts'

/** /admin/leads, /admin/qrcode and /admin/home. */
export const adminEngagementRoutes = routesOf(
  // ── Leads ──
  ...resource('/api/admin/leads', {
    list: {
      operationId: 'listLeads',
      summary: 'Mensagens de contato e do chat, com filtros por origem, situação e período e busca',
      query: LeadsQuery,
      answers: json(200, AdminLeadPage, 'Uma página de leads, mais recente primeiro.'),
      run: listLeads,
    },
    update: {
      operationId: 'updateLead',
      summary: 'Situação de um lead (novo → em atendimento → respondido) e a anotação da equipe',
      body: LeadUpdateInput,
      answers: json(200, AdminLead, 'O lead.'),
      run: updateLead,
    },
  }),
  operation({
    operationId: 'exportLeads',
    route: 'GET /api/admin/leads/exportacao',
    summary: 'Os leads do filtro em CSV (UTF-8 com BOM, ";", datas no formato brasileiro)',
    query: LeadsExportQuery,
    answers: csv('O arquivo CSV.'),
    run: ({ ctx, actor, query }) => exportLeads({ ctx, actor, filters: query }),
  }),
  // ── Short links and QR codes ──
  ...resource('/api/admin/qrcodes', {
    list: {
      operationId: 'listShortLinks',
      summary: 'Links curtos /l/{código} (com seus QR codes), paginados',
      query: ShortLinksQuery,
      answers: json(200, AdminShortLinkPage, 'Uma página de links.'),
      run: listShortLinks,
    },
    create: {
      operationId: 'createShortLink',
      summary: 'Criar um link curto para uma página do site ou um endereço externo permitido',
      body: ShortLinkInput,
      answers: json(201, AdminShortLink, 'O link criado.'),
      run: createShortLink,
    },
    update: {
      operationId: 'updateShortLink',
      summary: 'Alterar título e destino de um link, ou desativá-lo (o código não muda)',
      body: ShortLinkUpdateInput,
      answers: json(200, AdminShortLink, 'O link.'),
      run: updateShortLink,
    },
  }),
  operation({
    operationId: 'getShortLinkClicks',
    route: 'GET /api/admin/qrcodes/{id}/cliques',
    summary: 'Cliques por dia de um link (últimos 30 dias por padrão)',
    query: ClicksQuery,
    answers: json(200, ShortLinkClicks, 'Os cliques.'),
    errors: ['notFound'],
    run: shortLinkClicks,
  }),
  // ── Home showcase ──
  operation({
    operationId: 'getAdminShowcase',
    route: 'GET /api/admin/vitrine',
    summary: 'As listas da vitrine da home com seus cards, a versão publicada e as imagens disponíveis',
    query: NoQuery,
    answers: json(200, AdminShowcase, 'A vitrine.'),
    run: getAdminShowcase,
  }),
  operation({
    operationId: 'previewShowcase',
    route: 'POST /api/admin/vitrine/previa',
    summary: 'Prévia: o rascunho como GET /home_itens/lists o responderia (nada é gravado)',
    body: ShowcasePreviewInput,
    answers: json(200, ShowcaseLists, 'As listas como a home as desenha.'),
    run: previewShowcase,
  }),
  operation({
    operationId: 'publishShowcase',
    route: 'PUT /api/admin/vitrine',
    summary: 'Publicar a vitrine inteira de uma vez (409 se alguém publicou depois da leitura)',
    body: ShowcaseInput,
    answers: json(200, AdminShowcase, 'A vitrine publicada.'),
    errors: ['conflict'],
    run: publishShowcase,
  }),
)
