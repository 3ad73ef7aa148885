import { beforeEach, describe, expect, it } from 'vitest'
import { INVOICE_MESSAGES } from '../../worker/contract/fiscal.ts'
import { PlanPaymentResult } from '../../worker/contract/plans.ts'
import { settlePlanPayment } from '../../worker/services/plans/payment-ledger.ts'
import { adminCall, fileAdmin } from '../support/worker/admin.ts'
import { testContext, testDb } from '../support/worker/db.ts'
import {
  expectForeignTaker,
  providerRequests,
  resetProviderControls,
  sentDps,
} from '../support/worker/focus-nfe.ts'
import { noteIn, notesOf, notInvoiceMail } from '../support/worker/invoices.ts'
import { mailsTo } from '../support/worker/mail.ts'
import {
  chargebackAtProvider,
  DEBIT,
  disputeWonAtProvider,
  payAtProvider,
  sendWebhook,
} from '../support/worker/pagarme.ts'
import { applicant, byCard, createEdital, paymentRows, payPlan, purchase } from '../support/worker/plans.ts'

// Issue 43: the edital fee's NFS-e. A fee paid (an application's plan payment, by card, debit card
// or boleto: the plans take no PIX) queues its note in the batch that marks it paid and starts
// issuing it at once; a refund cancels it. One note per paid fee payment: a card's instalments are
// the card's, the note states the fee's whole value. 'Comprar como empresa' and 'Moro fora do
// Brasil' on the fee's payment reach the stand-in as the note's taker.

const _db = testDb()
const admin = fileAdmin()
beforeEach(async () => {
  await resetProviderControls()
})

async function applied(amountCents = 60000) {
  const { edital, plans } = await createEdital([{ name: 'Mensalidade de março', amountCents }])
  const student = await applicant(edital.id)
  return { edital, plan: plans[0]!, ...student }
}

/** A fee paid by card with the buyer's `overrides` (a company, a payer abroad), its note issued and its DPS. */
async function cardFeeNote(overrides: Record<string, unknown>) {
  const { plan, user, application, cookie } = await applied()
  const paid = await payPlan(
    cookie,
    await byCard(purchase(user, plan, application.id, overrides), 'credit_card'),
  )
  expect(paid.status, JSON.stringify(paid.body)).toBe(200)
  const note = await noteIn(PlanPaymentResult.parse(paid.body).payment_id)
  expect(note.state, note.providerMessage ?? '').toBe('authorized')
  const [dps] = await sentDps(note.ref)
  return { note, dps }
}

describe("the edital fee's note", () => {
  it('a fee paid by card in 3 instalments: one note of its value and description, sent at once; refunded, cancelled', async () => {
    const { edital, plan, user, application, cookie } = await applied(60000)
    const paid = await payPlan(
      cookie,
      await byCard(purchase(user, plan, application.id), 'credit_card', undefined, 3),
    )
    expect(paid.status, JSON.stringify(paid.body)).toBe(200)
    const payment = PlanPaymentResult.parse(paid.body)
    expect(payment).toMatchObject({ status: 'paid', instalments: 3 })
    const queued = await notesOf(payment.payment_id)
    expect(queued).toHaveLength(1)
    expect(queued[0]).toMatchObject({
      ref: `taxa-${payment.payment_id}-1`,
      source: 'plan_payment',
      valueCents: 60000,
    })
    // Sent by the settlement that marked it paid, without the scheduled job.
    const note = await noteIn(payment.payment_id, 'authorized', { job: false })
    expect(note.state, note.providerMessage ?? '').toBe('authorized')
    const dps = await sentDps(note.ref)
    expect(dps).toHaveLength(1)
    expect(dps[0]).toMatchObject({
      valor_servico: 600,
      descricao_servico: `Prestação de serviços de ensino: Mensalidade de março — ${edital.title}`,
      cpf_tomador: '52998224725',
    })

    const refund = await adminCall(
      admin(),
      'POST',
      `/api/admin/editais/pagamentos/${payment.payment_id}/estorno`,
      {},
    )
    expect([200, 202], JSON.stringify(refund.body)).toContain(refund.status)
    const cancelled = await noteIn(payment.payment_id, 'cancelled')
    expect(cancelled).toMatchObject({ state: 'cancelled', cancelMotive: '2' })
    const deletes = await providerRequests(`/v2/nfsen/${note.ref}`, 'DELETE')
    expect(deletes).toHaveLength(1)
    expect(deletes[0]!.body).toMatchObject({
      justificativa: expect.stringMatching(/^Serviço não prestado: /),
    })
  }, 60_000)

  it('a fee charged back keeps its note while disputed; the dispute won leaves it, the dispute lost cancels it', async () => {
    const paidByCard = async () => {
      const { plan, user, application, cookie } = await applied(42000)
      const paid = await payPlan(cookie, await byCard(purchase(user, plan, application.id), 'credit_card'))
      expect(paid.status, JSON.stringify(paid.body)).toBe(200)
      const payment = PlanPaymentResult.parse(paid.body)
      const note = await noteIn(payment.payment_id, 'authorized', { job: false })
      const [row] = await paymentRows(application.id)
      await chargebackAtProvider(row!.gatewayChargeId!)
      expect((await sendWebhook('charge.chargedback', row!.gatewayChargeId!)).status).toBe(200)
      expect((await paymentRows(application.id))[0]).toMatchObject({ status: 'charged_back' })
      // Opened: the note stands while the dispute runs.
      expect(await noteIn(payment.payment_id, 'authorized')).toMatchObject({ id: note.id })
      return { application, payment, note, chargeId: row!.gatewayChargeId!, payer: user.email }
    }

    const won = await paidByCard()
    await disputeWonAtProvider(won.chargeId)
    expect((await sendWebhook('charge.chargedback', won.chargeId)).status).toBe(200)
    expect((await paymentRows(won.application.id))[0]).toMatchObject({ status: 'paid' })
    // Won: the same note, authorised, never cancelled nor issued again.
    expect(await notesOf(won.payment.payment_id)).toEqual([
      expect.objectContaining({ id: won.note.id, state: 'authorized' }),
    ])
    expect(await providerRequests(`/v2/nfsen/${won.note.ref}`, 'DELETE')).toEqual([])
    // The payer heard of the dispute and of its end: one payment confirmed, not a second one.
    const subjects = (await mailsTo(won.payer)).filter(notInvoiceMail).map((mail) => mail.subject)
    expect(subjects).toEqual([
      'Pagamento confirmado — Mensalidade de março',
      'Pagamento contestado — Mensalidade de março',
      'Contestação encerrada — Mensalidade de março',
    ])

    const lost = await paidByCard()
    const [disputed] = await paymentRows(lost.application.id)
    // Recorded lost as the reconciliation records a dispute not won in 180 days.
    await settlePlanPayment(testContext(), disputed!, {
      status: 'chargeback_lost',
      refundedCents: disputed!.refundedCents,
    })
    expect(await noteIn(lost.payment.payment_id, 'cancelled')).toMatchObject({ id: lost.note.id })
    expect(await providerRequests(`/v2/nfsen/${lost.note.ref}`, 'DELETE')).toHaveLength(1)
  }, 60_000)

  it('a fee paid by debit card: one note of its value, sent at once', async () => {
    const { plan, user, application, cookie } = await applied(27000)
    const paid = await payPlan(
      cookie,
      await byCard(purchase(user, plan, application.id), 'debit_card', DEBIT.frictionless),
    )
    expect(paid.status, JSON.stringify(paid.body)).toBe(200)
    const payment = PlanPaymentResult.parse(paid.body)
    expect(payment.status).toBe('paid')
    const note = await noteIn(payment.payment_id, 'authorized', { job: false })
    expect(note).toMatchObject({ ref: `taxa-${payment.payment_id}-1`, valueCents: 27000 })
    expect(await sentDps(note.ref)).toEqual([expect.objectContaining({ valor_servico: 270 })])
  })

  it('a boleto fee: no note before the money; paid (the webhook replayed), one note', async () => {
    const { plan, user, application, cookie } = await applied(35000)
    const slip = await payPlan(cookie, purchase(user, plan, application.id))
    expect(slip.status).toBe(200)
    const pending = PlanPaymentResult.parse(slip.body)
    expect(await notesOf(pending.payment_id)).toEqual([])
    const [row] = await paymentRows(application.id)
    await payAtProvider(row!.gatewayChargeId!)
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => sendWebhook('charge.paid', row!.gatewayChargeId!)),
    )
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200])
    const note = await noteIn(pending.payment_id)
    expect(note).toMatchObject({ state: 'authorized', valueCents: 35000 })
    expect(await notesOf(pending.payment_id)).toHaveLength(1)
    expect(await sentDps(note.ref)).toHaveLength(1)
  }, 60_000)

  it('a boleto fee paid short counts as paid: its note states what arrived', async () => {
    const { plan, user, application, cookie } = await applied(35000)
    const slip = await payPlan(cookie, purchase(user, plan, application.id))
    expect(slip.status).toBe(200)
    const pending = PlanPaymentResult.parse(slip.body)
    const [row] = await paymentRows(application.id)
    await payAtProvider(row!.gatewayChargeId!, 30000)
    expect((await sendWebhook('charge.underpaid', row!.gatewayChargeId!)).status).toBe(200)
    const note = await noteIn(pending.payment_id)
    expect(note).toMatchObject({ state: 'authorized', valueCents: 30000 })
    expect(await sentDps(note.ref)).toMatchObject([{ valor_servico: 300 }])
  })
})

describe("'Comprar como empresa' and 'Moro fora do Brasil' on the fee's payment", () => {
  it("a wrong CNPJ or an address abroad without its city is refused with the checkout's messages; nothing is written", async () => {
    const { plan, user, application, cookie } = await applied()
    const refused = await payPlan(
      cookie,
      purchase(user, plan, application.id, {
        empresa: { cnpj: '11.444.777/0001-00', razaoSocial: 'X' },
        estrangeiro: { pais: 'BR', endereco: 'Rua', cidade: '', codigo_postal: '' },
      }),
    )
    expect(refused.status).toBe(422)
    expect(refused.body.errors).toMatchObject({
      'empresa.cnpj': [INVOICE_MESSAGES.cnpj],
      'empresa.razaoSocial': [INVOICE_MESSAGES.razaoSocial],
      'estrangeiro.pais': [INVOICE_MESSAGES.foreignCountry],
      'estrangeiro.cidade': [INVOICE_MESSAGES.foreignCity],
    })
    expect(await paymentRows(application.id)).toEqual([])
  })

  it("a company: the CNPJ (check digits verified) and razão social are the fee's note's taker", async () => {
    const { note, dps } = await cardFeeNote({
      empresa: { cnpj: '11.444.777/0001-61', razaoSocial: 'Clínica Renal Ltda' },
    })
    expect(note.snapshot.taker).toMatchObject({ kind: 'cnpj', document: '11444777000161' })
    expect(dps).toMatchObject({
      cnpj_tomador: '11444777000161',
      razao_social_tomador: 'Clínica Renal Ltda',
      codigo_municipio_tomador: '4106902',
    })
    expect(dps).not.toHaveProperty('cpf_tomador')
  }, 60_000)

  it("a payer abroad: the fee's note has a foreign taker with the address outside Brazil", async () => {
    const { dps } = await cardFeeNote({
      estrangeiro: {
        // Either case (the document says so too); the provider gets it upper-cased.
        pais: 'pt',
        endereco: 'Rua Augusta 100',
        cidade: 'Lisboa',
        codigo_postal: '1100-053',
        nif: '123456789',
      },
    })
    expectForeignTaker(dps)
  }, 60_000)
})
