import { z } from '@hono/zod-openapi'
import { AuditPage, AuditQuery } from '../../contract/admin.ts'
import {
  AdminEnrollment,
  AdminEnrollmentPage,
  AdminOrder,
  Dashboard,
  DashboardQuery,
  EnrollmentsExportQuery,
  EnrollmentsQuery,
  ManualEnrollmentInput,
  UnderpaidOrders,
} from '../../contract/admin-sales.ts'
import { NoQuery } from '../../openapi.ts'
import { listAuditLog } from '../../services/admin/audit.ts'
import { getDashboard } from '../../services/admin/dashboard.ts'
import {
  cancelManualEnrollment,
  createManualEnrollment,
  exportEnrollments,
  getAdminOrder,
  listEnrollments,
  listUnderpaidOrders,
} from '../../services/admin/enrollments.ts'
import { json, routesOf } from '../operation.ts'
import { csv, operation } from './operations.ts'

const OrderId = z.string().regex(/^ped_[0-9a-f]{32}$/, { error: 'Pedido inválido.' })

/** /admin (dashboard and audit log) and /admin/matriculas. */
export const adminSalesRoutes = routesOf(
  operation({
    operationId: 'getAdminDashboard',
    route: 'GET /api/admin/dashboard',
    summary:
      'Indicadores do período: receita paga por dia, semana ou mês, pedidos por estado, boletos e PIX pendentes, matrículas por curso, leads por semana, cursos mais vendidos e o que os lembretes recuperaram',
    description: 'Calculado em SQL numa única ida ao banco (um `db.batch`). Dias do calendário de Curitiba.',
    query: DashboardQuery,
    answers: json(200, Dashboard, 'Os indicadores.'),
    run: getDashboard,
  }),
  operation({
    operationId: 'listAuditLog',
    route: 'GET /api/admin/auditoria',
    summary: 'Registro de auditoria: quem fez o quê, quando, de qual IP, e o que mudou (antes → depois)',
    query: AuditQuery,
    answers: json(200, AuditPage, 'Uma página do registro, mais recente primeiro.'),
    run: listAuditLog,
  }),
  operation({
    operationId: 'listEnrollments',
    route: 'GET /api/admin/matriculas',
    summary:
      'Matrículas com aluno, curso, turma, pedido e pagamento; filtros e busca por nome, e-mail ou CPF',
    query: EnrollmentsQuery,
    answers: json(200, AdminEnrollmentPage, 'Uma página de matrículas, mais recente primeiro.'),
    run: listEnrollments,
  }),
  operation({
    operationId: 'exportEnrollments',
    route: 'GET /api/admin/matriculas/exportacao',
    summary: 'As matrículas do filtro em CSV (UTF-8 com BOM, ";", datas e valores no formato brasileiro)',
    description: 'A exportação fica no registro de auditoria (dados pessoais).',
    query: EnrollmentsExportQuery,
    answers: csv('O arquivo CSV.'),
    run: ({ ctx, actor, query }) => exportEnrollments({ ctx, actor, filters: query }),
  }),
  operation({
    operationId: 'createManualEnrollment',
    route: 'POST /api/admin/matriculas',
    summary: 'Matricular um aluno que pagou fora do site (a conta do e-mail, ou uma nova)',
    body: ManualEnrollmentInput,
    answers: json(201, AdminEnrollment, 'A matrícula.'),
    errors: ['conflict'],
    run: createManualEnrollment,
  }),
  operation({
    operationId: 'cancelManualEnrollment',
    route: 'POST /api/admin/matriculas/{id}/cancelamento',
    summary: 'Cancelar uma matrícula manual (a de um pedido se encerra pelo estorno do pedido: 409)',
    answers: json(200, AdminEnrollment, 'A matrícula cancelada.'),
    errors: ['notFound', 'conflict'],
    run: cancelManualEnrollment,
  }),
  operation({
    operationId: 'getAdminOrder',
    route: 'GET /api/admin/pedidos/{id}',
    summary: 'Um pedido com seus itens, matrículas e os dados do provedor de pagamento',
    params: z.object({ id: OrderId }),
    query: NoQuery,
    answers: json(200, AdminOrder, 'O pedido.'),
    errors: ['notFound'],
    run: getAdminOrder,
  }),
  operation({
    operationId: 'listUnderpaidOrders',
    route: 'GET /api/admin/pedidos-pagos-a-menor',
    summary: 'Boletos pagos a menor que aguardam a diferença do aluno ou a decisão do instituto',
    description:
      'Um boleto pago a menor (`underpaid`) não abre matrícula, por isso não aparece na lista de matrículas: aqui, do mais ' +
      'antigo ao mais novo (até 100), com o que falta e se o aluno já gerou o pagamento da diferença. No pedido, o instituto ' +
      'aceita o valor recebido (`POST /api/admin/pedidos/{id}/valor-recebido`) ou estorna o que chegou (`…/estorno`).',
    query: NoQuery,
    answers: json(200, UnderpaidOrders, 'Os pedidos pagos a menor.'),
    run: listUnderpaidOrders,
  }),
)
