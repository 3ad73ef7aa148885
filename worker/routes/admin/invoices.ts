import {
  AdminInvoicePage,
  CancelInvoiceInput,
  CloseInvoiceInput,
  InvoiceActionResult,
  InvoicesExportQuery,
  InvoicesQuery,
} from '../../contract/fiscal.ts'
import {
  cancelInvoice,
  closeInvoice,
  exportInvoices,
  listInvoices,
  resendInvoiceEmail,
  retryInvoice,
} from '../../services/admin/invoices.ts'
import { json, routesOf } from '../operation.ts'
import { csv, operation } from './operations.ts'

/** The admin's 'Notas fiscais' (issue 43, decision 026). */
export const adminInvoiceRoutes = routesOf(
  operation({
    operationId: 'listInvoices',
    route: 'GET /api/admin/notas-fiscais',
    summary:
      'Notas fiscais (NFS-e) de cada venda: situação, número, PDF e XML, mensagem do provedor; filtros e busca',
    description:
      'Filtros: `state` (queued, processing, authorized, rejected, cancelling, cancelled, replaced, needs_admin, not_applicable = sem NFS-e: e-books e produtos físicos, que levam NF-e) e `month` (AAAA-MM, pela competência). ' +
      '`q` busca por nome, e-mail, CPF ou CNPJ do tomador, ou pelo pedido. `settings` diz se a emissão está ligada (FISCAL_ISSUANCE) e quando emite (FISCAL_ISSUE_AT).',
    query: InvoicesQuery,
    answers: json(200, AdminInvoicePage, 'Uma página de notas, mais recente primeiro.'),
    run: listInvoices,
  }),
  operation({
    operationId: 'exportInvoices',
    route: 'GET /api/admin/notas-fiscais/exportacao',
    summary: 'CSV do mês para a contabilidade: cada nota, com valor e ISS, e os totais das autorizadas',
    description:
      'UTF-8 com BOM, ";", valores no formato brasileiro. A última linha soma as notas autorizadas (valor e ISS) e o que ficou sem NFS-e (produtos). A exportação fica no registro de auditoria.',
    query: InvoicesExportQuery,
    answers: csv('O arquivo CSV.'),
    run: exportInvoices,
  }),
  operation({
    operationId: 'retryInvoice',
    route: 'POST /api/admin/notas-fiscais/{id}/reenviar',
    summary:
      'Envia de novo uma nota rejeitada (depois de corrigida a causa) ou que espera a próxima tentativa',
    description:
      'A nota volta à fila com o mesmo `ref` e é enviada em seguida; se já tinha sido enviada, a Focus NFe é consultada antes (nunca duas notas). 409 se a emissão está desligada ou a nota não está rejeitada nem na fila.',
    answers: json(200, InvoiceActionResult, 'A nota como está agora.'),
    errors: ['notFound', 'conflict'],
    run: retryInvoice,
  }),
  operation({
    operationId: 'cancelInvoice',
    route: 'POST /api/admin/notas-fiscais/{id}/cancelar',
    summary: 'Cancela uma nota autorizada, com o motivo e a justificativa',
    description:
      '`motivo`: o código do leiaute nacional do evento de cancelamento (1 erro na emissão, 2 serviço não prestado, 9 outros); `justificativa`: de 15 a 200 caracteres. ' +
      'A Focus NFe recebe a justificativa (15 a 255 caracteres) começando pelo nome do motivo, por exemplo "Erro na emissão: valor lançado errado"; o motivo e a justificativa ficam na nota (`cancel_motive`, `cancel_reason`) e no CSV. ' +
      'Os cancelamentos automáticos (estorno, arrependimento, chargeback perdido) usam o motivo 2, serviço não prestado. ' +
      'A nota passa a `cancelling` e o cancelamento é pedido à Focus NFe (DELETE /v2/nfsen/{ref}); fora do prazo da prefeitura, ela fica `needs_admin`. 409 se a nota não está autorizada.',
    body: CancelInvoiceInput,
    answers: json(200, InvoiceActionResult, 'A nota como está agora.'),
    errors: ['notFound', 'conflict'],
    run: cancelInvoice,
  }),
  operation({
    operationId: 'resendInvoiceEmail',
    route: 'POST /api/admin/notas-fiscais/{id}/reenviar-email',
    summary: 'Envia de novo ao comprador o e-mail com o link do PDF da nota',
    description: '409 se a nota não está autorizada (sem PDF).',
    answers: json(200, InvoiceActionResult, 'A nota como está agora.'),
    errors: ['notFound', 'conflict'],
    run: resendInvoiceEmail,
  }),
  operation({
    operationId: 'closeInvoice',
    route: 'POST /api/admin/notas-fiscais/{id}/encerrar',
    summary:
      'Encerra à mão um caso `needs_admin` (cancelamento recusado pela prefeitura), dizendo o que foi feito',
    description: 'A nota fica cancelada, com a observação e quem encerrou. 409 se não é um caso em aberto.',
    body: CloseInvoiceInput,
    answers: json(200, InvoiceActionResult, 'A nota como está agora.'),
    errors: ['notFound', 'conflict'],
    run: closeInvoice,
  }),
)
