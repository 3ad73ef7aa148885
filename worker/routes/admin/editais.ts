import { z } from '@hono/zod-openapi'
import {
  AdminApplication,
  AdminApplicationPage,
  AdminEdital,
  AdminEditalPage,
  AdminEditalsQuery,
  ApplicationsExportQuery,
  ApplicationsQuery,
  DecisionInput,
  EditalInput,
  EditalStateInput,
  EditalUpdateInput,
  PlanRefundResult,
} from '../../contract/admin-editais.ts'
import { PlanPaymentId } from '../../contract/plans.ts'
import { RefundOrderInput } from '../../contract/refunds.ts'
import { EDITAL_PDF_MAX_BYTES, MULTIPART_OVERHEAD_BYTES } from '../../domain/uploads.ts'
import { jsonContent, NoQuery } from '../../openapi.ts'
import {
  decideApplication,
  exportApplications,
  getApplication,
  listApplications,
  refundPlanPayment,
} from '../../services/admin/applications.ts'
import {
  createEdital,
  getAdminEdital,
  listEditais,
  setEditalState,
  updateEdital,
  uploadEditalPdf,
} from '../../services/admin/editais.ts'
import { type Answer, json, routesOf } from '../operation.ts'
import { csv, operation, resource } from './operations.ts'

/** The PDF of the form, documented as binary (the service checks its type, size and signature). */
const PdfForm = z.object({ pdf: z.unknown().optional().openapi({ type: 'string', format: 'binary' }) })

/** A refund answers 200 once the provider confirmed it, 202 while it has yet to. */
const refundAnswer: Answer<PlanRefundResult> = {
  responses: {
    200: jsonContent(PlanRefundResult, 'Estorno confirmado (ou o pagamento já estava estornado).'),
    202: jsonContent(PlanRefundResult, 'Estorno solicitado; aguarda a confirmação do provedor.'),
  },
  send: (c, result) => c.json(result, result.awaiting_provider ? 202 : 200),
}

/** /admin/editais: the calls, their applications and decisions, and their fees' refunds. */
export const adminEditalRoutes = routesOf(
  ...resource('/api/admin/editais', {
    list: {
      operationId: 'listAdminEditais',
      summary: 'Editais (rascunhos, abertos e encerrados), com as inscrições por situação e as vagas',
      query: AdminEditalsQuery,
      answers: json(200, AdminEditalPage, 'Uma página de editais, mais recente primeiro.'),
      run: listEditais,
    },
    create: {
      operationId: 'createEdital',
      summary: 'Criar um edital (rascunho) com seu plano de taxas: inscrição e mensalidades com vencimento',
      description:
        'O edital nasce como rascunho, fora da página pública e do menu: publique-o pela situação (`PUT …/situacao`). ' +
        'A taxa de inscrição se paga ao se inscrever; as mensalidades, depois da aprovação.',
      body: EditalInput,
      answers: json(201, AdminEdital, 'O edital criado, em rascunho.'),
      run: createEdital,
    },
    get: {
      operationId: 'getAdminEdital',
      summary:
        'Um edital com seu plano de taxas e o que cada taxa tem pago, aguardando, a pagar, em atraso e estornado',
      description:
        'Por taxa: quantas inscrições ela alcança (as mensalidades, só as aprovadas) e quantas estão pagas, aguardando, a pagar, em atraso e estornadas, com os valores.',
      query: NoQuery,
      answers: json(200, AdminEdital, 'O edital.'),
      run: getAdminEdital,
    },
    update: {
      operationId: 'updateEdital',
      summary: 'Alterar um edital e seu plano de taxas (409 se alguém salvou depois da leitura)',
      description:
        'As taxas vão todas: as com `id` ficam (alteradas), as sem `id` são criadas e as que faltam são excluídas. ' +
        'Uma taxa com pagamentos não é excluída e não muda de valor nem de formas de pagamento (422).',
      body: EditalUpdateInput,
      answers: json(200, AdminEdital, 'O edital.'),
      run: updateEdital,
    },
  }),
  operation({
    operationId: 'setEditalState',
    route: 'PUT /api/admin/editais/{id}/situacao',
    summary:
      'Publicar (abrir inscrições), encerrar, reabrir ou voltar a rascunho; a página e o menu mudam na hora',
    body: EditalStateInput,
    answers: json(200, AdminEdital, 'O edital.'),
    errors: ['notFound', 'conflict'],
    run: setEditalState,
  }),
  operation({
    operationId: 'uploadEditalPdf',
    route: 'POST /api/admin/editais/{id}/pdf',
    summary: 'Enviar o PDF do edital (até 5 MB), que a página do edital oferece para baixar',
    form: PdfForm,
    answers: json(200, AdminEdital, 'O edital com o PDF.'),
    errors: ['notFound'],
    maxBodyBytes: EDITAL_PDF_MAX_BYTES + MULTIPART_OVERHEAD_BYTES,
    run: ({ ctx, actor, id, form }) => uploadEditalPdf({ ctx, actor, id, file: form.pdf }),
  }),
  operation({
    operationId: 'listApplications',
    route: 'GET /api/admin/editais/{id}/inscricoes',
    summary:
      'As inscrições de um edital, com filtros por situação, atraso e período e busca por nome ou e-mail',
    query: ApplicationsQuery,
    answers: json(200, AdminApplicationPage, 'Uma página de inscrições, mais recente primeiro.'),
    errors: ['notFound'],
    run: listApplications,
  }),
  operation({
    operationId: 'exportApplications',
    route: 'GET /api/admin/editais/{id}/inscricoes/exportacao',
    summary: 'As inscrições do filtro em CSV (com a origem: o edital), que fica no registro de auditoria',
    query: ApplicationsExportQuery,
    answers: csv('O arquivo CSV.'),
    errors: ['notFound'],
    run: ({ ctx, actor, id, query }) => exportApplications({ ctx, actor, id, filters: query }),
  }),
  operation({
    operationId: 'getApplication',
    route: 'GET /api/admin/inscricoes/{id}',
    summary: 'Uma inscrição: dados do candidato, documentos e cada taxa com seus pagamentos',
    query: NoQuery,
    answers: json(200, AdminApplication, 'A inscrição.'),
    errors: ['notFound'],
    run: getApplication,
  }),
  operation({
    operationId: 'decideApplication',
    route: 'POST /api/admin/inscricoes/{id}/decisao',
    summary: 'Aprovar, pôr na lista de espera ou recusar (com o motivo que o candidato lê) uma inscrição',
    description:
      'O candidato recebe um e-mail a cada decisão. Aprovar ocupa uma vaga: com as vagas preenchidas, 409 e nada muda, ' +
      'também quando dois administradores aprovam a última vaga ao mesmo tempo.',
    body: DecisionInput,
    answers: json(200, AdminApplication, 'A inscrição decidida.'),
    errors: ['notFound', 'conflict'],
    run: decideApplication,
  }),
  operation({
    operationId: 'refundPlanPayment',
    route: 'POST /api/admin/editais/pagamentos/{id}/estorno',
    summary: 'Estornar no Pagar.me um pagamento de taxa de edital (uma vez, por mais cliques que haja)',
    description:
      'Sem `amount_cents`, o que ainda resta (de um boleto pago a menor, do que chegou); um boleto pede a `bank_account` do pagador. Recusado pelo provedor: 422, ' +
      'e o próximo pedido pode tentar de novo; Pagar.me fora do ar: 503, sem estorno em dobro.',
    params: z.object({ id: PlanPaymentId }),
    body: RefundOrderInput,
    answers: refundAnswer,
    errors: ['notFound'],
    run: refundPlanPayment,
  }),
)
