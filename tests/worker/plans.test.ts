import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { planPayments } from '../../db/schema.ts'
import { Plan, PlanPaymentResult, parsePaymentMethods } from '../../worker/contract/plans.ts'
import worker from '../../worker/index.ts'
import { PAYMENTS_CRON } from '../../worker/scheduled.ts'
import { reconcilePayments } from '../../worker/services/payment-ledgers.ts'
import { settlePlanPayment } from '../../worker/services/plans/payment-ledger.ts'
import { answerChallenge } from '../support/issuer-challenge.ts'
import { call } from '../support/worker/checkout.ts'
import { testContext, testDb } from '../support/worker/db.ts'
import { notInvoiceMail } from '../support/worker/invoices.ts'
import { mailsTo } from '../support/worker/mail.ts'
import {
  chargeAtProvider,
  DEBIT,
  DECLINED,
  payAtProvider,
  providerRequests,
  sendWebhook,
} from '../support/worker/pagarme.ts'
import {
  applicant,
  byCard,
  createEdital,
  myApplications,
  paymentRows,
  payPlan,
  planStates,
  purchase,
} from '../support/worker/plans.ts'

const db = testDb()

/** A student applied to an edital with three plans (card, boleto and debit all allowed). */
async function setUp(plans = 3) {
  const { edital, plans: rows } = await createEdital(Array.from({ length: plans }, () => ({})))
  const student = await applicant(edital.id)
  return { edital, plans: rows, ...student }
}

describe('GET /search/planos', () => {
  it('gives the plan with its amount and payment_methods as a JSON string; unknown ids 404, bad ones 422', async () => {
    const { plans } = await createEdital([{ amountCents: 35000, methods: ['credit_card', 'debit_card'] }])
    const { status, body } = await call(`/search/planos?id=${plans[0]!.id}`)
    expect(status).toBe(200)
    const plan = Plan.parse(body)
    expect(plan.amount).toBe(35000)
    expect(typeof plan.payment_methods).toBe('string')
    expect(parsePaymentMethods(plan.payment_methods)).toEqual(['credit_card', 'debit_card'])
    expect((await call('/search/planos?id=999999999')).status).toBe(404)
    expect((await call('/search/planos?id=abc')).status).toBe(422)
  })
})

describe('POST /usuario/editais/mensalidade', () => {
  it('pays one plan by credit card in 2 instalments, another by boleto (its PDF opens) and another by debit card', async () => {
    const { user, application, cookie, plans } = await setUp()
    const [card, boleto, debit] = plans as [(typeof plans)[0], (typeof plans)[0], (typeof plans)[0]]

    const paid = await payPlan(
      cookie,
      await byCard(purchase(user, card, application.id), 'credit_card', undefined, 2),
    )
    expect(paid.status, JSON.stringify(paid.body)).toBe(200)
    const result = PlanPaymentResult.parse(paid.body)
    expect(result).toMatchObject({
      status: 'paid',
      instalments: 2,
      instalment_value: 44500,
      needs_update: false,
    })

    const slip = await payPlan(cookie, purchase(user, boleto, application.id))
    expect(slip.status).toBe(200)
    const pending = PlanPaymentResult.parse(slip.body)
    expect(pending.status).toBe('pending')
    expect(pending.ccj_pay_number).toMatch(/^\d{47}$/)
    // SPEC section 9: the plan payment's boleto link gets '?format=pdf', and the PDF opens.
    const pdf = await fetch(`${pending.ccj_boleto_link}?format=pdf`)
    expect(pdf.headers.get('content-type')).toBe('application/pdf')
    expect(new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 5))).toBe('%PDF-')

    const debited = await payPlan(
      cookie,
      await byCard(purchase(user, debit, application.id), 'debit_card', DEBIT.frictionless),
    )
    expect(debited.status).toBe(200)
    expect(debited.body.status).toBe('paid')

    expect(await planStates(cookie, application.id)).toEqual({
      [card.id]: 'paid',
      [boleto.id]: 'pending',
      [debit.id]: 'paid',
    })
    const [mine] = (await myApplications(cookie)).filter((row) => row.id === application.id)
    expect(mine).toMatchObject({ paid_cents: 178000, due_cents: 89000 })
    // The receipts went to the payer (each fee's NFS-e adds its own e-mail once authorised).
    const mails = await mailsTo(user.email)
    expect(mails.filter(notInvoiceMail).map((mail) => mail.subject)).toEqual([
      'Pagamento confirmado — Mensalidade 1',
      'Pagamento confirmado — Mensalidade 3',
    ])
    // The boleto paid at the bank settles through the webhook (a trigger: the charge is re-read).
    const [row] = await db.select().from(planPayments).where(eq(planPayments.id, pending.payment_id))
    await payAtProvider(row!.gatewayChargeId!)
    expect((await sendWebhook('charge.paid', row!.gatewayChargeId!)).body).toEqual({ ok: true })
    expect((await planStates(cookie, application.id))[boleto.id]).toBe('paid')
  })

  it('a debit card through the issuer challenge: approved it pays; refused it charges nothing and the plan stays due', async () => {
    const { user, application, cookie, plans } = await setUp(2)
    const [first, second] = plans as [(typeof plans)[0], (typeof plans)[0]]

    const challenged = await payPlan(
      cookie,
      await byCard(purchase(user, first, application.id), 'debit_card', DEBIT.challenge),
    )
    expect(challenged.status).toBe(200)
    const waiting = PlanPaymentResult.parse(challenged.body)
    expect(waiting.status).toBe('pending')
    expect(waiting.authentication_url).toMatch(/\/sandbox\/3ds\//)
    expect((await planStates(cookie, application.id))[first.id]).toBe('pending')
    const back = await answerChallenge(waiting.authentication_url!, 'aprovar')
    // The issuer returns the payer to the payment screen, which re-reads the payment.
    expect(new URL(back).pathname).toBe(`/usuario/editais/mensalidade/${first.id}`)
    expect(new URL(back).searchParams.get('pagamento')).toBe(waiting.payment_id)
    const after = await call(`/api/usuario/editais/pagamentos/${waiting.payment_id}`, undefined, { cookie })
    expect(after.body).toMatchObject({ status: 'paid', authentication_url: null })

    const refusedChallenge = await payPlan(
      cookie,
      await byCard(purchase(user, second, application.id), 'debit_card', DEBIT.challenge),
    )
    const refusing = PlanPaymentResult.parse(refusedChallenge.body)
    await answerChallenge(refusing.authentication_url!, 'recusar')
    const refused = await call(`/api/usuario/editais/pagamentos/${refusing.payment_id}`, undefined, {
      cookie,
    })
    expect(refused.body.status).toBe('failed')
    expect(refused.body.refusal).toContain('autenticação do cartão de débito')
    const [row] = await db.select().from(planPayments).where(eq(planPayments.id, refusing.payment_id))
    const charge = await chargeAtProvider(row!.gatewayChargeId!)
    expect(charge.status).toBe('failed')
    expect((await planStates(cookie, application.id))[second.id]).toBe('due')

    // The issuer refusing outright: a pt-BR refusal, nothing charged; a new attempt then pays.
    const outright = await payPlan(
      cookie,
      await byCard(purchase(user, second, application.id), 'debit_card', DEBIT.refused),
    )
    expect(outright.status).toBe(422)
    expect(outright.body.code).toBe(2)
    expect(outright.body.errors.join(', ')).toContain('autenticação do cartão de débito')
    const again = await payPlan(
      cookie,
      await byCard(purchase(user, second, application.id), 'debit_card', DEBIT.frictionless),
    )
    expect(again.body.status).toBe('paid')
  })

  it('a challenge left unanswered gives way to a new attempt, which cancels it at the provider', async () => {
    const { user, application, cookie, plans } = await setUp(1)
    const left = await payPlan(
      cookie,
      await byCard(purchase(user, plans[0]!, application.id), 'debit_card', DEBIT.challenge),
    )
    expect(left.body.status).toBe('pending')
    const paid = await payPlan(cookie, await byCard(purchase(user, plans[0]!, application.id), 'credit_card'))
    expect(paid.body.status).toBe('paid')
    const [abandoned] = await db.select().from(planPayments).where(eq(planPayments.id, left.body.payment_id))
    expect(abandoned!.status).toBe('failed')
    expect((await chargeAtProvider(abandoned!.gatewayChargeId!)).status).toBe('canceled')
  })

  it('a declined card shows its pt-BR reason and charges nothing; the plan stays due', async () => {
    const { user, application, cookie, plans } = await setUp(1)
    const declined = await payPlan(
      cookie,
      await byCard(purchase(user, plans[0]!, application.id), 'credit_card', DECLINED),
    )
    expect(declined.status).toBe(422)
    expect(declined.body).toMatchObject({ code: 2 })
    expect(declined.body.errors[0]).toMatch(/^Pagamento recusado pela operadora do cartão: /)
    expect((await planStates(cookie, application.id))[plans[0]!.id]).toBe('due')
    const rows = await paymentRows(application.id)
    expect(rows.map((row) => row.status)).toEqual(['failed'])
    expect((await chargeAtProvider(rows[0]!.gatewayChargeId!)).status).toBe('failed')
  })

  it('refuses a tampered total, a method outside the plan, another student’s application and a paid plan: 4xx in pt-BR, nothing written', async () => {
    const { edital, plans } = await createEdital([
      { methods: ['credit_card', 'boleto'] },
      { methods: ['boleto'] },
    ])
    const { user, application, cookie } = await applicant(edital.id)
    const other = await applicant(edital.id)
    const [first, second] = plans as [(typeof plans)[0], (typeof plans)[0]]
    const before = await providerRequests('/orders', 'POST')

    const tampered = await payPlan(cookie, purchase(user, first, application.id, { total: 100 }))
    expect(tampered.status).toBe(422)
    expect(tampered.body).toMatchObject({ code: 2, errors: [expect.stringMatching(/valor/)] })

    const method = await payPlan(cookie, await byCard(purchase(user, second, application.id), 'debit_card'))
    expect(method.status).toBe(422)
    expect(method.body).toMatchObject({ code: 3, errors: ['forma de pagamento inválida'] })

    const unknownMethod = await payPlan(
      cookie,
      purchase(user, first, application.id, { payment_method: 'pix' }),
    )
    expect(unknownMethod.status).toBe(422)
    expect(unknownMethod.body.errors.payment_method).toEqual(['forma de pagamento inválida'])

    const stranger = await payPlan(cookie, purchase(user, first, other.application.id))
    expect(stranger.status).toBe(404)
    expect(stranger.body).toMatchObject({
      code: 2,
      msg: 'Inscrição não encontrada entre as suas inscrições.',
    })

    const someoneElse = await payPlan(cookie, purchase(user, first, application.id, { id: other.user.id }))
    expect(someoneElse.status).toBe(422)

    expect(await paymentRows(application.id)).toEqual([])
    expect(await paymentRows(other.application.id)).toEqual([])
    expect(await providerRequests('/orders', 'POST')).toHaveLength(before.length)

    const paid = await payPlan(cookie, await byCard(purchase(user, first, application.id), 'credit_card'))
    expect(paid.body.status).toBe('paid')
    const again = await payPlan(cookie, await byCard(purchase(user, first, application.id), 'credit_card'))
    expect(again.status).toBe(409)
    expect(again.body).toMatchObject({ code: 2, msg: 'Este plano já foi pago.' })
    expect(await paymentRows(application.id)).toHaveLength(1)

    // A pending boleto stands too: paying the same plan another way waits for it.
    const slip = await payPlan(cookie, purchase(user, second, application.id))
    expect(slip.body.status).toBe('pending')
    const twice = await payPlan(cookie, purchase(user, second, application.id))
    expect(twice.status).toBe(409)
    expect(twice.body.msg).toMatch(/boleto aguardando pagamento/)
  })

  it('20 concurrent submits of the same payment: one payment, one charge', async () => {
    const { user, application, cookie, plans } = await setUp(1)
    const body = await byCard(purchase(user, plans[0]!, application.id), 'credit_card', undefined, 3)
    const answers = await Promise.all(Array.from({ length: 20 }, () => payPlan(cookie, body)))
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200))
    const rows = await paymentRows(application.id)
    expect(rows).toHaveLength(1)
    expect(new Set(answers.map((answer) => answer.body.payment_id))).toEqual(new Set([rows[0]!.id]))
    const sent = await providerRequests('/orders', 'POST')
    expect(
      sent.filter((request) => request.idempotencyKey === rows[0]!.id && request.status === 200),
    ).toHaveLength(1)
    expect(rows[0]!.status).toBe('paid')
  })

  it('20 concurrent submits with different keys still pay the plan once', async () => {
    const { user, application, cookie, plans } = await setUp(1)
    const bodies = await Promise.all(
      Array.from({ length: 20 }, async () =>
        byCard(purchase(user, plans[0]!, application.id), 'credit_card'),
      ),
    )
    const answers = await Promise.all(bodies.map((body) => payPlan(cookie, body)))
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1)
    for (const answer of answers.filter((a) => a.status !== 200)) {
      expect([409, 503]).toContain(answer.status)
      expect(answer.body.code).toBe(2)
    }
    const rows = await paymentRows(application.id)
    expect(rows.filter((row) => row.status === 'paid')).toHaveLength(1)
    const charged = (await providerRequests('/orders', 'POST')).filter(
      (request) => rows.some((row) => row.id === request.idempotencyKey) && request.status === 200,
    )
    expect(charged).toHaveLength(1)
  })

  it('a payer without an id says the user record needs completing', async () => {
    const { user, application, cookie, plans } = await setUp(1)
    const { id: _id, ...withoutId } = purchase(user, plans[0]!, application.id)
    const { body } = await payPlan(cookie, withoutId)
    expect(body).toMatchObject({ status: 'pending', needs_update: true })
  })
})

describe('applications', () => {
  it('a student applies to an open edital once, sees its plans due; a closed edital refuses', async () => {
    const { edital, plans } = await createEdital([{ amountCents: 5000 }])
    const { cookie } = await applicant((await createEdital([{}])).edital.id)
    const first = await call(`/api/usuario/editais/${edital.id}/inscricao`, null, { cookie })
    expect(first.status).toBe(200)
    expect(first.body).toMatchObject({
      status: 'submitted',
      due_cents: 5000,
      plans: [{ id: plans[0]!.id, state: 'due' }],
    })
    const again = await call(`/api/usuario/editais/${edital.id}/inscricao`, null, { cookie })
    expect(again.body.id).toBe(first.body.id)
    const closed = await createEdital([{}], { isOpen: false })
    expect((await call(`/api/usuario/editais/${closed.edital.id}/inscricao`, null, { cookie })).status).toBe(
      409,
    )
    expect((await call('/api/usuario/editais/999999999/inscricao', null, { cookie })).status).toBe(404)
  })
})

describe('the reconciliation of plan payments', () => {
  it('closes a boleto past its due date (canceled at the provider) and a challenge nobody answered', async () => {
    const { user, application, cookie, plans } = await setUp(2)
    const slip = await payPlan(cookie, purchase(user, plans[0]!, application.id))
    const left = await payPlan(
      cookie,
      await byCard(purchase(user, plans[1]!, application.id), 'debit_card', DEBIT.challenge),
    )
    const later = testContext({ now: new Date(Date.now() + 9 * 86_400_000) })
    const statusOf = async (id: string) =>
      (await db.select().from(planPayments).where(eq(planPayments.id, id)))[0]!
    // Each run reads at most 200 payments of the shared test database: run until these are done.
    for (let run = 0; run < 8 && (await statusOf(slip.body.payment_id)).status === 'pending'; run++) {
      await reconcilePayments({ ctx: later })
    }
    for (let run = 0; run < 8 && (await statusOf(left.body.payment_id)).status === 'pending'; run++) {
      await reconcilePayments({ ctx: later })
    }
    const expired = await statusOf(slip.body.payment_id)
    expect(expired.status).toBe('expired')
    expect((await chargeAtProvider(expired.gatewayChargeId!)).status).toBe('canceled')
    expect((await statusOf(left.body.payment_id)).status).toBe('failed')
    expect(await planStates(cookie, application.id)).toEqual({ [plans[0]!.id]: 'due', [plans[1]!.id]: 'due' })
  })
})

describe('the Cron Trigger', () => {
  it('the payments job (*/15) settles a plan boleto paid without a webhook and closes one past its due date', async () => {
    const { user, application, cookie, plans } = await setUp(2)
    const paid = await payPlan(cookie, purchase(user, plans[0]!, application.id))
    const unpaid = await payPlan(cookie, purchase(user, plans[1]!, application.id))
    const [paidRow] = await db.select().from(planPayments).where(eq(planPayments.id, paid.body.payment_id))
    await payAtProvider(paidRow!.gatewayChargeId!)
    const statusOf = async (id: string) =>
      (await db.select().from(planPayments).where(eq(planPayments.id, id)))[0]!.status
    // A week on: a run reads at most 200 payments of the shared test database, so it fires until done.
    for (let run = 0; run < 8 && (await statusOf(unpaid.body.payment_id)) === 'pending'; run++) {
      const ctx = createExecutionContext()
      await worker.scheduled!(
        createScheduledController({ scheduledTime: Date.now() + 9 * 86_400_000, cron: PAYMENTS_CRON }),
        env,
        ctx,
      )
      await waitOnExecutionContext(ctx)
    }
    expect(await statusOf(paid.body.payment_id)).toBe('paid')
    expect(await statusOf(unpaid.body.payment_id)).toBe('expired')
    expect(await planStates(cookie, application.id)).toEqual({
      [plans[0]!.id]: 'paid',
      [plans[1]!.id]: 'due',
    })
  })
})

describe('a fee paid late, after the student opened another payment (issue 29, item 10)', () => {
  const rowOf = async (id: string) =>
    (await db.select().from(planPayments).where(eq(planPayments.id, id)))[0]!

  /** A boleto for the plan, closed by our deadline while the payer was already paying it at the bank. */
  async function expiredBoleto(cookie: string, body: unknown) {
    const slip = await payPlan(cookie, body)
    expect(slip.status).toBe(200)
    const row = await rowOf(slip.body.payment_id)
    const closed = await settlePlanPayment(testContext(), row, { status: 'expired', refundedCents: 0 })
    expect(closed.payment.status).toBe('expired')
    return row
  }

  it('is recorded, and the newer boleto, unpaid, is closed and cancelled at the provider', async () => {
    const { user, application, cookie, plans } = await setUp(1)
    const late = await expiredBoleto(cookie, purchase(user, plans[0]!, application.id))
    const newer = await payPlan(cookie, purchase(user, plans[0]!, application.id))
    expect(newer.status).toBe(200)
    const newerRow = await rowOf(newer.body.payment_id)

    await payAtProvider(late.gatewayChargeId!)
    const hook = await sendWebhook('charge.paid', late.gatewayChargeId!)
    expect(hook.status).toBe(200)
    expect(await rowOf(late.id)).toMatchObject({ status: 'paid', duplicateOf: null })
    expect((await rowOf(newerRow.id)).status).toBe('expired')
    expect((await chargeAtProvider(newerRow.gatewayChargeId!)).status).toBe('canceled')
    expect(await planStates(cookie, application.id)).toEqual({ [plans[0]!.id]: 'paid' })
  })

  it('is recorded as a duplicate when the newer payment was already paid, and every retry answers 200', async () => {
    const { user, application, cookie, plans } = await setUp(1)
    const late = await expiredBoleto(cookie, purchase(user, plans[0]!, application.id))
    const card = await payPlan(cookie, await byCard(purchase(user, plans[0]!, application.id), 'credit_card'))
    expect(card.body.status).toBe('paid')

    await payAtProvider(late.gatewayChargeId!)
    for (let retry = 0; retry < 3; retry++) {
      expect((await sendWebhook('charge.paid', late.gatewayChargeId!)).status).toBe(200)
    }
    expect(await rowOf(late.id)).toMatchObject({ status: 'paid', duplicateOf: card.body.payment_id })
    expect(await rowOf(card.body.payment_id)).toMatchObject({ status: 'paid', duplicateOf: null })
    expect(await planStates(cookie, application.id)).toEqual({ [plans[0]!.id]: 'paid' })
  })
})
