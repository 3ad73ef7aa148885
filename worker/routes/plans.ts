import { z } from '@hono/zod-openapi'
import { MessageErrorBody } from '../contract/errors.ts'
import {
  Application,
  ApplicationList,
  IdParam,
  Plan,
  PlanPaymentId,
  PlanPaymentResult,
  PlanPurchaseInput,
  PlanQuery,
  TdsToken,
} from '../contract/plans.ts'
import { jsonContent, NoQuery } from '../openapi.ts'
import { applyToEdital, listApplications } from '../services/plans/applications.ts'
import { getPlan, getPlanPayment, getTdsToken, payPlan } from '../services/plans/pay.ts'
import { json, operation, routesOf } from './operation.ts'
import { ownRead } from './own.ts'

const PurchaseError = MessageErrorBody.extend({
  code: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  errors: z.array(z.string()),
})

/** Edital fee plans (SPEC sections 3, 4, 7, 8 and 9): the plan, its payment, the applications. */
export const planRoutes = routesOf(
  operation({
    operationId: 'getPlan',
    route: 'GET /search/planos',
    role: 'none',
    tags: ['Editais'],
    summary: 'Um plano de taxa de edital: valor e formas de pagamento (`payment_methods` em JSON)',
    description:
      'SPEC, seção 3: `payment_methods` chega como texto JSON, que o cliente interpreta (`credit_card`, `boleto`, `debit_card`).',
    query: PlanQuery,
    answers: json(200, Plan, 'O plano.'),
    errors: ['notFound'],
    run: ({ ctx, query }) => getPlan({ ctx, id: Number(query.id) }),
  }),
  operation({
    operationId: 'payPlan',
    route: 'POST /usuario/editais/mensalidade',
    role: 'N',
    tags: ['Editais'],
    summary: 'Pagar um plano de uma inscrição do aluno (cartão de crédito, boleto ou cartão de débito)',
    description:
      'O servidor usa o valor do plano e recusa um `total` diferente, uma forma fora de `payment_methods`, uma inscrição de outro aluno e um plano já pago. ' +
      'A mesma `idempotency_key` devolve o mesmo pagamento; um plano tem no máximo um pagamento aberto, por mais envios simultâneos que haja. ' +
      'Cartão de débito: quando o emissor pede o desafio 3-D Secure, a resposta traz `authentication_url` (o pagador vai até lá e volta a esta tela). ' +
      'Erros de compra (SPEC, seção 8) levam `code` 1 (erro no servidor), 2 (mensagens em `errors`) ou 3 (erros do provedor, traduzidos). ' +
      "A NFS-e da taxa (issue 43) sai para `empresa` (CNPJ com dígitos verificados e razão social: 'Comprar como empresa') ou para `estrangeiro` (tomador no exterior: 'Moro fora do Brasil'), validados como no checkout; sem eles, para o CPF do pagador.",
    body: PlanPurchaseInput,
    answers: json(
      200,
      PlanPaymentResult,
      'Pago (cartão), ou pendente: boleto a pagar, ou desafio do emissor (débito).',
    ),
    responses: {
      404: jsonContent(PurchaseError, 'Plano (código 1) ou inscrição (código 2) não encontrados.'),
      409: jsonContent(PurchaseError, 'O plano já foi pago, ou tem um boleto aguardando pagamento.'),
    },
    limit: 'checkout',
    errors: ['notFound', 'conflict'],
    run: ({ ctx, user, input }) => payPlan({ ctx, user, input }),
  }),
  operation({
    operationId: 'getPlanPayment',
    route: 'GET /api/usuario/editais/pagamentos/{id}',
    role: 'N',
    tags: ['Editais'],
    summary: 'Um pagamento de plano do aluno (relido no provedor na volta do desafio do cartão de débito)',
    params: z.object({ id: PlanPaymentId }),
    query: NoQuery,
    answers: json(200, PlanPaymentResult, 'O pagamento.'),
    errors: ['notFound'],
    run: ({ ctx, user, params }) => getPlanPayment({ ctx, user, id: params.id }),
  }),
  operation({
    operationId: 'getTdsToken',
    route: 'GET /api/usuario/editais/3ds-token',
    role: 'N',
    tags: ['Editais'],
    summary: 'Token 3DS do Pagar.me para autenticar o cartão de débito no navegador (conta PSP)',
    description:
      'Numa conta PSP, a etapa do cartão de débito pede este token (válido por segundos) antes do pagamento, carrega a biblioteca 3DS do Pagar.me de `script_url` e autentica o cartão; o `transaction_id` da autenticação vai no pagamento (`tds_transaction_id`). ' +
      'Numa conta gateway não há autenticação no navegador (409). Com o Pagar.me fora do ar ou lento, 503.',
    query: NoQuery,
    answers: json(200, TdsToken, 'O token e o endereço da biblioteca 3DS.'),
    errors: ['conflict'],
    run: ({ ctx }) => getTdsToken({ ctx }),
  }),
  ownRead(listApplications, {
    operationId: 'listMyApplications',
    path: '/api/usuario/editais',
    tags: ['Área do aluno'],
    summary: 'As inscrições do aluno em editais, com os planos pagos, pendentes e a pagar',
    answer: ApplicationList,
    answered: 'Inscrições, da mais nova à mais antiga.',
  }),
  operation({
    operationId: 'applyToEdital',
    route: 'POST /api/usuario/editais/{id}/inscricao',
    role: 'N',
    tags: ['Área do aluno'],
    summary: 'Inscrever-se num edital aberto (uma vez: repetir devolve a mesma inscrição)',
    params: z.object({ id: IdParam }),
    answers: json(200, Application, 'A inscrição, com os planos do edital.'),
    errors: ['notFound', 'conflict'],
    run: ({ ctx, user, params }) => applyToEdital({ ctx, userId: user.id, editalId: Number(params.id) }),
  }),
)
