import {
  AbandonedCheckoutsExportQuery,
  AbandonedCheckoutsQuery,
  AdminAbandonedCheckoutPage,
} from '../../contract/admin-recovery.ts'
import { exportAbandonedCheckouts, listAbandonedCheckouts } from '../../services/admin/recovery.ts'
import { json, routesOf } from '../operation.ts'
import { csv, operation } from './operations.ts'

/** The dashboard's list of the abandoned checkouts still open (issue 25, item 6). */
export const adminRecoveryRoutes = routesOf(
  operation({
    operationId: 'listAbandonedCheckouts',
    route: 'GET /api/admin/recuperacao',
    summary:
      'Carrinhos abandonados em aberto: e-mail, itens, total e último lembrete; filtro por período e busca por e-mail ou item',
    description:
      'Abandonado: checkout com e-mail (e consentimento) sem pedido no prazo do primeiro lembrete depois de iniciado; em aberto: ainda sem pedido. O período filtra pelo início do checkout (dias de Curitiba).',
    query: AbandonedCheckoutsQuery,
    answers: json(200, AdminAbandonedCheckoutPage, 'Uma página de carrinhos, mais recente primeiro.'),
    run: listAbandonedCheckouts,
  }),
  operation({
    operationId: 'exportAbandonedCheckouts',
    route: 'GET /api/admin/recuperacao/exportacao',
    summary:
      'Os carrinhos abandonados do filtro em CSV (UTF-8 com BOM, ";", datas e valores no formato brasileiro)',
    description: 'A exportação fica no registro de auditoria (dados pessoais).',
    query: AbandonedCheckoutsExportQuery,
    answers: csv('O arquivo CSV.'),
    run: ({ ctx, actor, query }) => exportAbandonedCheckouts({ ctx, actor, filters: query }),
  }),
)
