import { z } from '@hono/zod-openapi'
import type { AppContext } from '../../context.ts'
import { OrderId } from '../../contract/checkout.ts'
import {
  AcceptUnderpaidInput,
  AcceptUnderpaidResult,
  ChargebackInput,
  ChargebackResult,
  OutsideRefundInput,
  RefundOrderInput,
  RefundOrderResult,
  WithdrawalDecisionInput,
} from '../../contract/refunds.ts'
import {
  StudentDocumentDecided,
  StudentDocumentDecision,
  StudentDocumentLink,
  StudentDocumentToken,
} from '../../contract/student-documents.ts'
import { jsonContent, NoQuery } from '../../openapi.ts'
import { decideChargeback } from '../../services/checkout/chargeback.ts'
import { recordOutsideRefund, refundOrder } from '../../services/checkout/refund.ts'
import { decideDocument, documentLink, openDocument } from '../../services/checkout/student-documents.ts'
import { acceptUnderpaid } from '../../services/checkout/underpaid.ts'
import { decideWithdrawal } from '../../services/checkout/withdrawal.ts'
import { STUDENT_DOC_TYPES } from '../../services/files/files.ts'
import { type Answer, json, routesOf } from '../operation.ts'
import { type Operation, operation } from './operations.ts'

/** What a decision on a refund answers: 200 once done, 202 while the provider has yet to confirm it. */
const refundAnswer = (done: string, awaiting: string): Answer<RefundOrderResult> => ({
  responses: {
    200: jsonContent(RefundOrderResult, done),
    202: jsonContent(RefundOrderResult, awaiting),
  },
  send: (c, result) => c.json(result, result.awaiting_provider ? 202 : 200),
})
const OrderParams = z.object({ id: OrderId })

/**
 * An act of the institute on an order (`POST /api/admin/pedidos/{id}/<act>`): its body, decided by
 * the service with the acting administrator; 404 and 409 unless it says otherwise.
 */
function orderAct<const A extends string, B extends z.ZodType, T>(
  act: A,
  description: Omit<
    Operation<`POST /api/admin/pedidos/{id}/${A}`, typeof OrderParams, undefined, B, undefined, T>,
    'route' | 'params' | 'body' | 'run'
  > & {
    body: B
    decide: (input: {
      ctx: AppContext
      orderId: string
      input: z.output<B>
      actorUserId: number
    }) => Promise<T>
  },
) {
  const { decide, ...rest } = description
  return operation({
    errors: ['notFound', 'conflict'],
    ...rest,
    route: `POST /api/admin/pedidos/{id}/${act}`,
    params: OrderParams,
    run: ({ ctx, actor, id, input }) =>
      decide({ ctx, orderId: id, input: input as z.output<B>, actorUserId: actor.id }),
  })
}

/**
 * The institute's acts on an order (`/api/admin/pedidos/{id}/…`): refunds, a buyer's withdrawal,
 * a chargeback, a boleto paid short, a student document (and the signed link that opens it).
 */
export const adminOrderRoutes = routesOf(
  orderAct('estorno', {
    operationId: 'refundOrder',
    summary:
      'Estornar um pedido pago (ou o que chegou de um pago a menor), no todo ou em parte (DELETE /charges/{id} no Pagar.me)',
    description:
      'Sem `amount_cents`, estorna tudo o que resta. Pedidos repetidos ou simultâneos chamam o provedor uma vez só: ' +
      'os demais respondem 202 com o estorno em andamento. O pedido muda quando o provedor confirma; um estorno total ' +
      'encerra as inscrições e avisa o comprador por e-mail. Um boleto pago só é estornado para uma `bank_account`. ' +
      'Um boleto pago a menor (`underpaid`) também: estorna-se o que chegou (nunca mais que isso), e o pedido fica estornado sem ter aberto o acesso. ' +
      'O pedido da diferença que completou um boleto pago a menor só é estornado depois dele (antes: 422 em `errors.status`), para que o acesso que ela abriu se encerre.',
    body: RefundOrderInput,
    optionalBody: true,
    answers: refundAnswer(
      'Estorno confirmado pelo provedor (ou o pedido já estava estornado).',
      'Estorno solicitado e ainda não confirmado.',
    ),
    errors: ['notFound'],
    decide: refundOrder,
  }),
  operation({
    operationId: 'recordOutsideRefund',
    route: 'POST /api/admin/pedidos/{id}/estorno-externo',
    summary: 'Registrar um estorno feito fora do site (pedido sem cobrança no meio de pagamento)',
    description:
      'Para um pedido pago que o Pagar.me não conhece (pago fora do site, ou os pedidos de demonstração): o pedido fica estornado, ' +
      'as inscrições se encerram, o comprador é avisado e o registro de auditoria guarda quem registrou e por quê. Uma vez só. ' +
      'Um pedido com cobrança no provedor: 422 em `errors.charge` (estorne-o pelo provedor).',
    params: OrderParams,
    body: OutsideRefundInput,
    answers: json(200, RefundOrderResult, 'Estorno registrado (ou o pedido já estava estornado).'),
    errors: ['notFound'],
    run: ({ ctx, actor, id, input }) =>
      recordOutsideRefund({ ctx, orderId: id, reason: input.motivo, actorUserId: actor.id }),
  }),
  orderAct('reembolso-solicitado', {
    operationId: 'decideWithdrawal',
    summary: 'Aprovar ou recusar o pedido de reembolso (desistência em 7 dias) de um comprador',
    description:
      'Aprovar estorna o pedido no Pagar.me como o botão Estornar (um boleto, para a `bank_account`); recusado pelo provedor, ' +
      'o pedido de reembolso volta a aguardar. Recusar exige uma `resposta`, que o comprador recebe por e-mail e lê em Minhas compras. ' +
      'Sem pedido aguardando resposta: 409.',
    body: WithdrawalDecisionInput,
    answers: refundAnswer(
      'Recusado, ou aprovado com o estorno confirmado.',
      'Aprovado; o estorno aguarda a confirmação do provedor.',
    ),
    decide: decideWithdrawal,
  }),
  orderAct('contestacao', {
    operationId: 'decideChargeback',
    summary: 'Contestação (chargeback) de um pedido: consultar o Pagar.me agora, ou registrá-la como perdida',
    description:
      'No Pagar.me a cobrança contestada fica `chargedback` para sempre; uma contestação ganha aparece só nos recebíveis ' +
      '(`chargeback_refund`), que a conciliação lê a cada 6 horas. `consultar` lê agora: ganha, o pedido volta a valer e as ' +
      'matrículas e os certificados voltam. `perdida` (com uma `observacao` de como se soube) revoga os certificados que o ' +
      'pedido pagou, uma vez só. Sem contestação em aberto: 409. Pagar.me fora do ar: 503.',
    body: ChargebackInput,
    answers: json(200, ChargebackResult, 'A contestação como ficou.'),
    decide: decideChargeback,
  }),
  orderAct('valor-recebido', {
    operationId: 'acceptUnderpaid',
    summary: 'Aceitar o valor recebido de um boleto pago a menor (o pedido fica pago e as matrículas abrem)',
    description:
      'Um boleto pago a menor (`underpaid`) não abre o acesso: o aluno paga a diferença em Minhas compras, ou o instituto ' +
      'decide. Aceitar (com uma `observacao` do porquê) deixa o pedido pago como um pagamento o deixaria: as matrículas abrem, ' +
      'o comprador recebe a confirmação, e o registro de auditoria guarda quem aceitou quanto e por quê, na mesma transação, ' +
      'uma vez só. A outra decisão é estornar o que chegou (`POST /api/admin/pedidos/{id}/estorno`, um boleto para uma ' +
      '`bank_account`). Pedido que não está pago a menor: 409.',
    body: AcceptUnderpaidInput,
    answers: json(200, AcceptUnderpaidResult, 'O pedido, pago.'),
    decide: acceptUnderpaid,
  }),
  orderAct('documento-estudante', {
    operationId: 'decideStudentDocument',
    summary: 'Aprovar ou recusar o documento de estudante de um pedido',
    description:
      'Uma vez por documento. Recusar pede o motivo (o aluno o lê) e só vale para um pedido pago: o aluno recebe um e-mail ' +
      'com a diferença a pagar (o desconto do preço de estudante) por PIX ou boleto em Minhas compras, em até 7 dias; sem o ' +
      'pagamento, o pedido é cancelado e estornado. Já analisado, ou um pedido ainda não pago: 409.',
    body: StudentDocumentDecision,
    answers: json(200, StudentDocumentDecided, 'A decisão, registrada.'),
    decide: decideDocument,
  }),
  operation({
    operationId: 'studentDocumentLink',
    route: 'POST /api/admin/pedidos/{id}/documento-estudante/link',
    summary: 'Um link assinado e curto (10 minutos, só para quem o pediu) para ver o documento de estudante',
    params: OrderParams,
    answers: json(200, StudentDocumentLink, 'O link e até quando vale.'),
    errors: ['notFound'],
    run: ({ ctx, actor, id }) => documentLink(ctx, id, actor.id),
  }),
  operation({
    operationId: 'openStudentDocument',
    route: 'GET /api/admin/documentos-estudante/{token}',
    summary: 'O documento de estudante de um pedido, por um link assinado',
    description:
      'Vale só para o administrador que gerou o link, até ele expirar, e para o documento que o pedido guarda agora. ' +
      'Nunca fica em cache. Expirado ou de outra pessoa: 403; apagado (prazo de guarda): 422.',
    params: z.object({ token: StudentDocumentToken }),
    query: NoQuery,
    answers: {
      responses: {
        200: {
          description: 'O documento (PDF ou imagem), para ver no navegador.',
          content: Object.fromEntries(
            STUDENT_DOC_TYPES.map((type) => [type, { schema: z.string().openapi({ format: 'binary' }) }]),
          ),
        },
      },
      send: (_c, document: Awaited<ReturnType<typeof openDocument>>) =>
        new Response(document.body, {
          headers: {
            'content-type': document.contentType,
            'content-disposition': 'inline',
            'cache-control': 'private, no-store',
            'x-content-type-options': 'nosniff',
          },
        }),
    },
    errors: ['notFound'],
    run: ({ ctx, actor, params }) => openDocument(ctx, params.token, actor.id),
  }),
)
