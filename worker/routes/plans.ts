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
import { requireUser } from '../middleware/auth.ts'
import { defineRoute, jsonBody, jsonContent, NoQuery, newApp } from '../openapi.ts'
import { applyToEdital, listApplications } from '../services/plans/applications.ts'
import { getPlan, getPlanPayment, getTdsToken, payPlan } from '../services/plans/pay.ts'
import { ownRead } from './own.ts'

const PurchaseError = MessageErrorBody.extend({
  code: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  errors: z.array(z.string()),
})

/** Edital fee plans (SPEC sections 3, 4, 7, 8 and 9): the plan, its payment, the applications. */
export const planRoutes = newApp()
  .openapi(
    defineRoute(
      'none',
      {
        operationId: 'getPlan',
        method: 'get',
        path: '/search/planos',
        tags: ['Editais'],
        summary: 'Um plano de taxa de edital: valor e formas de pagamento (`payment_methods` em JSON)',
        description:
          'SPEC, seção 3: `payment_methods` chega como texto JSON, que o cliente interpreta (`credit_card`, `boleto`, `debit_card`).',
        request: { query: PlanQuery },
        responses: { 200: jsonContent(Plan, 'O plano.') },
      },
      { errors: ['notFound'] },
    ),
    async (c) => c.json(await getPlan({ ctx: c.var.ctx, id: Number(c.req.valid('query').id) }), 200),
  )
  .openapi(
    defineRoute(
      'N',
      {
        operationId: 'payPlan',
        method: 'post',
        path: '/usuario/editais/mensalidade',
        tags: ['Editais'],
        summary: 'Pagar um plano de uma inscrição do aluno (cartão de crédito, boleto ou cartão de débito)',
        description:
          'O servidor usa o valor do plano e recusa um `total` diferente, uma forma fora de `payment_methods`, uma inscrição de outro aluno e um plano já pago. ' +
          'A mesma `idempotency_key` devolve o mesmo pagamento; um plano tem no máximo um pagamento aberto, por mais envios simultâneos que haja. ' +
          'Cartão de débito: quando o emissor pede o desafio 3-D Secure, a resposta traz `authentication_url` (o pagador vai até lá e volta a esta tela). ' +
          'Erros de compra (SPEC, seção 8) levam `code` 1 (erro no servidor), 2 (mensagens em `errors`) ou 3 (erros do provedor, traduzidos).',
        request: jsonBody(PlanPurchaseInput),
        responses: {
          200: jsonContent(
            PlanPaymentResult,
            'Pago (cartão), ou pendente: boleto a pagar, ou desafio do emissor (débito).',
          ),
          404: jsonContent(PurchaseError, 'Plano (código 1) ou inscrição (código 2) não encontrados.'),
          409: jsonContent(PurchaseError, 'O plano já foi pago, ou tem um boleto aguardando pagamento.'),
        },
      },
      { limit: 'checkout', errors: ['notFound', 'conflict'] },
    ),
    async (c) => {
      const user = await requireUser(c)
      return c.json(await payPlan({ ctx: c.var.ctx, user, input: c.req.valid('json') }), 200)
    },
  )
  .openapi(
    defineRoute(
      'N',
      {
        operationId: 'getPlanPayment',
        method: 'get',
        path: '/api/usuario/editais/pagamentos/{id}',
        tags: ['Editais'],
        summary:
          'Um pagamento de plano do aluno (relido no provedor na volta do desafio do cartão de débito)',
        request: { params: z.object({ id: PlanPaymentId }), query: NoQuery },
        responses: { 200: jsonContent(PlanPaymentResult, 'O pagamento.') },
      },
      { errors: ['notFound'] },
    ),
    async (c) => {
      const user = await requireUser(c)
      return c.json(await getPlanPayment({ ctx: c.var.ctx, user, id: c.req.valid('param').id }), 200)
    },
  )
  .openapi(
    defineRoute(
      'N',
      {
        operationId: 'getTdsToken',
        method: 'get',
        path: '/api/usuario/editais/3ds-token',
        tags: ['Editais'],
        summary: 'Token 3DS do Pagar.me para autenticar o cartão de débito no navegador (conta PSP)',
        description:
          'Numa conta PSP, a etapa do cartão de débito pede este token (válido por segundos) antes do pagamento, carrega a biblioteca 3DS do Pagar.me de `script_url` e autentica o cartão; o `transaction_id` da autenticação vai no pagamento (`tds_transaction_id`). ' +
          'Numa conta gateway não há autenticação no navegador (409). Com o Pagar.me fora do ar ou lento, 503.',
        request: { query: NoQuery },
        responses: { 200: jsonContent(TdsToken, 'O token e o endereço da biblioteca 3DS.') },
      },
      { errors: ['conflict'] },
    ),
    async (c) => {
      await requireUser(c)
      return c.json(await getTdsToken({ ctx: c.var.ctx }), 200)
    },
  )
  .openapi(
    ...ownRead(listApplications, {
      operationId: 'listMyApplications',
      path: '/api/usuario/editais',
      tags: ['Área do aluno'],
      summary: 'As inscrições do aluno em editais, com os planos pagos, pendentes e a pagar',
      answer: ApplicationList,
      answered: 'Inscrições, da mais nova à mais antiga.',
    }),
  )
  .openapi(
    defineRoute(
      'N',
      {
        operationId: 'applyToEdital',
        method: 'post',
        path: '/api/usuario/editais/{id}/inscricao',
        tags: ['Área do aluno'],
        summary: 'Inscrever-se num edital aberto (uma vez: repetir devolve a mesma inscrição)',
        request: { params: z.object({ id: IdParam }) },
        responses: { 200: jsonContent(Application, 'A inscrição, com os planos do edital.') },
      },
      { errors: ['notFound', 'conflict'] },
    ),
    async (c) => {
      const user = await requireUser(c)
      const editalId = Number(c.req.valid('param').id)
      return c.json(await applyToEdital({ ctx: c.var.ctx, userId: user.id, editalId }), 200)
    },
  )
