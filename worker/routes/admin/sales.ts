import { z } from '@hono/zod-openapi'
import { AuditPage, AuditQuery } from '../../contract/admin.ts'
import {
  AdminEnrolment,
  AdminEnrolmentPage,
  AdminOrder,
  Dashboard,
  DashboardQuery,
  EnrolmentsExportQuery,
  EnrolmentsQuery,
  ManualEnrolmentInput,
} from '../../contract/admin-sales.ts'
import { defineRoute, jsonBody, jsonContent, NoQuery, newApp } from '../../openapi.ts'
import { listAuditLog } from '../../services/admin/audit.ts'
import { getDashboard } from '../../services/admin/dashboard.ts'
import {
  cancelManualEnrolment,
  createManualEnrolment,
  exportEnrolments,
  getAdminOrder,
  listEnrolments,
} from '../../services/admin/enrollments.ts'
import { ADMIN_TAG, actorOf, csvContent, csvResponse, IdParams } from './shared.ts'

const OrderId = z.string().regex(/^ped_[0-9a-f]{32}$/, { error: 'Pedido inválido.' })

/** /admin (dashboard and audit log) and /admin/matriculas. */
export const adminSalesRoutes = newApp()
  .openapi(
    defineRoute('A', {
      operationId: 'getAdminDashboard',
      method: 'get',
      path: '/api/admin/dashboard',
      tags: [ADMIN_TAG],
      summary:
        'Indicadores do período: receita paga por dia, semana ou mês, pedidos por estado, boletos e PIX pendentes, matrículas por curso, leads por semana e cursos mais vendidos',
      description:
        'Calculado em SQL numa única ida ao banco (um `db.batch`). Dias do calendário de Curitiba.',
      request: { query: DashboardQuery },
      responses: { 200: jsonContent(Dashboard, 'Os indicadores.') },
    }),
    async (c) => c.json(await getDashboard({ ctx: c.var.ctx, query: c.req.valid('query') }), 200),
  )
  .openapi(
    defineRoute('A', {
      operationId: 'listAuditLog',
      method: 'get',
      path: '/api/admin/auditoria',
      tags: [ADMIN_TAG],
      summary: 'Registro de auditoria: quem fez o quê, quando, de qual IP, e o que mudou (antes → depois)',
      request: { query: AuditQuery },
      responses: { 200: jsonContent(AuditPage, 'Uma página do registro, mais recente primeiro.') },
    }),
    async (c) => c.json(await listAuditLog({ ctx: c.var.ctx, query: c.req.valid('query') }), 200),
  )
  .openapi(
    defineRoute('A', {
      operationId: 'listEnrolments',
      method: 'get',
      path: '/api/admin/matriculas',
      tags: [ADMIN_TAG],
      summary:
        'Matrículas com aluno, curso, turma, pedido e pagamento; filtros e busca por nome, e-mail ou CPF',
      request: { query: EnrolmentsQuery },
      responses: { 200: jsonContent(AdminEnrolmentPage, 'Uma página de matrículas, mais recente primeiro.') },
    }),
    async (c) => c.json(await listEnrolments({ ctx: c.var.ctx, query: c.req.valid('query') }), 200),
  )
  .openapi(
    defineRoute('A', {
      operationId: 'exportEnrolments',
      method: 'get',
      path: '/api/admin/matriculas/exportacao',
      tags: [ADMIN_TAG],
      summary: 'As matrículas do filtro em CSV (UTF-8 com BOM, ";", datas e valores no formato brasileiro)',
      description: 'A exportação fica no registro de auditoria (dados pessoais).',
      request: { query: EnrolmentsExportQuery },
      responses: { 200: csvContent('O arquivo CSV.') },
    }),
    async (c) => {
      const { csv, filename } = await exportEnrolments({
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
        operationId: 'createManualEnrolment',
        method: 'post',
        path: '/api/admin/matriculas',
        tags: [ADMIN_TAG],
        summary: 'Matricular um aluno que pagou fora do site (a conta do e-mail, ou uma nova)',
        request: jsonBody(ManualEnrolmentInput),
        responses: { 201: jsonContent(AdminEnrolment, 'A matrícula.') },
      },
      { errors: ['conflict'] },
    ),
    async (c) =>
      c.json(
        await createManualEnrolment({ ctx: c.var.ctx, actor: await actorOf(c), input: c.req.valid('json') }),
        201,
      ),
  )
  .openapi(
    defineRoute(
      'A',
      {
        operationId: 'cancelManualEnrolment',
        method: 'post',
        path: '/api/admin/matriculas/{id}/cancelamento',
        tags: [ADMIN_TAG],
        summary: 'Cancelar uma matrícula manual (a de um pedido se encerra pelo estorno do pedido: 409)',
        request: { params: IdParams },
        responses: { 200: jsonContent(AdminEnrolment, 'A matrícula cancelada.') },
      },
      { errors: ['notFound', 'conflict'] },
    ),
    async (c) =>
      c.json(
        await cancelManualEnrolment({ ctx: c.var.ctx, actor: await actorOf(c), id: c.req.valid('param').id }),
        200,
      ),
  )
  .openapi(
    defineRoute(
      'A',
      {
        operationId: 'getAdminOrder',
        method: 'get',
        path: '/api/admin/pedidos/{id}',
        tags: [ADMIN_TAG],
        summary: 'Um pedido com seus itens, matrículas e os dados do provedor de pagamento',
        request: { params: z.object({ id: OrderId }), query: NoQuery },
        responses: { 200: jsonContent(AdminOrder, 'O pedido.') },
      },
      { errors: ['notFound'] },
    ),
    async (c) => c.json(await getAdminOrder({ ctx: c.var.ctx, id: c.req.valid('param').id }), 200),
  )
