import { env } from 'cloudflare:workers'
import { eq, sql } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { orders } from '../../db/schema.ts'
import { configurationProblems, LOCAL_FISCAL_DEFAULTS } from '../../worker/config.ts'
import { BillingAddress } from '../../worker/contract/checkout.ts'
import { INVOICE_MESSAGES } from '../../worker/contract/fiscal.ts'
import type { Env } from '../../worker/env.ts'
import { cancelSaleInvoices, queueSaleInvoice } from '../../worker/services/fiscal/queue.ts'
import { billingAddress } from '../support/buyer.ts'
import { acceptReceived, adminCall, fileAdmin, refundOrder } from '../support/worker/admin.ts'
import { askDifference, buyClass, call, cartWith, payCheckout } from '../support/worker/checkout.ts'
import { createClass, createProduct, productionEnv, testContext, testDb } from '../support/worker/db.ts'
import {
  deliverGatilhos,
  expectForeignTaker,
  noteAtProvider,
  postGatilho,
  providerRequests,
  refuseCancellation,
  rejectNextIssue,
  resetProviderControls,
  sentDps,
  timeoutNextCall,
} from '../support/worker/focus-nfe.ts'
import { noteIn, noteOf, notesOf, notesWhen, runJob, settleNotes } from '../support/worker/invoices.ts'
import { BANK_ACCOUNT, payAtProvider, payAtProviderAndTell, sendWebhook } from '../support/worker/pagarme.ts'

// Issue 43: the NFS-e of every sale, issued against the Focus NFe stand-in over HTTP (its recorded
// requests say what reached it); the job is the scheduled handler's, run here on the notes of the
// test's own orders (the shared database holds every file's).

const db = testDb()

/**
 * A note queued as a paid sale's is, without the payment's own issuance: a PIX order still unpaid,
 * its note queued by the ledger's statements, so only the test's job runs send it.
 */
async function queuedNote({ env = testContext().env, online = false } = {}) {
  const { order } = await buyClass('PIX')
  const paidAt = new Date()
  const sale = {
    source: 'order' as const,
    id: order.id,
    payer: order.payer,
    billingAddress: order.billingAddress,
    company: null,
    foreignBuyer: null,
    lines: [{ name: 'Curso online', netCents: order.totalCents, kind: 'service' as const, online }],
    paidAt,
  }
  for (const statement of queueSaleInvoice(testContext({ env }), sale, sql`1`)) await db.run(statement)
  return { order, paidAt }
}

const admin = fileAdmin()
beforeEach(async () => {
  await resetProviderControls()
})

const refund = (orderId: string, body: unknown = {}) => refundOrder(admin(), orderId, body)

/** Part of a boleto's money back to the buyer's bank account: the note that replaces `firstId`, once authorised. */
async function replacedAfterBoletoRefund(orderId: string, firstId: number, amountCents: number) {
  const refunded = await refund(orderId, { amount_cents: amountCents, bank_account: BANK_ACCOUNT })
  expect(refunded.status, JSON.stringify(refunded.body)).toBe(200)
  const notes = await notesWhen(
    orderId,
    (all) => all.some((note) => note.replacesId === firstId && note.state === 'authorized'),
    { job: false },
  )
  return notes.find((note) => note.replacesId === firstId)
}

describe('a paid sale gets one note (issue 43, Done when)', () => {
  it('card: queued with the payment and sent at once, no job run; ten concurrent runs and repeated gatilhos issue one; Minhas compras shows its PDF', async () => {
    const { order, cookie } = await buyClass('CREDIT_CARD')
    const [queued] = await notesOf(order.id)
    expect(queued).toMatchObject({ valueCents: order.totalCents, ref: `pedido-${order.id}-1` })
    // The settlement that marked it paid started issuing it: authorised without the scheduled job.
    const sent = await noteIn(order.id, 'authorized', { job: false })
    expect(sent.state, sent.providerMessage ?? '').toBe('authorized')
    await runJob(order.id, { runs: 10 })
    const note = await noteOf(order.id)
    expect(note, note.providerMessage ?? '').toMatchObject({ state: 'authorized' })
    expect(note.number).toBeTruthy()
    expect(note.accessKey).toMatch(/^\d{50}$/)
    expect(note.pdfUrl).toMatch(/^http/)
    expect(note.xmlUrl).toMatch(/^http/)
    // Focus's gatilhos, each delivered twice: confirmed by a look-up, nothing sent again.
    await deliverGatilhos(note.ref)
    expect((await postGatilho(JSON.stringify({ ref: note.ref, status: 'autorizado' }))).status).toBe(200)
    await runJob(order.id, { runs: 3 })
    expect(await sentDps(note.ref)).toHaveLength(1)
    expect(await notesOf(order.id)).toHaveLength(1)
    const { body } = await call('/api/usuario/compras', undefined, { cookie })
    const purchase = (body as Array<{ order_id: string; invoice: unknown }>).find(
      (p) => p.order_id === order.id,
    )
    expect(purchase?.invoice).toMatchObject({
      state: 'authorized',
      pdf_url: note.pdfUrl,
      number: note.number,
    })
    const detail = await call(`/api/usuario/compras/${order.id}`, undefined, { cookie })
    expect(detail.body.invoice).toMatchObject({ state: 'authorized', pdf_url: note.pdfUrl })
  }, 60_000)

  it('PIX: ten concurrent webhooks and ten job runs at once send one note, authorised without waiting for the job', async () => {
    const { order } = await buyClass('PIX')
    await payAtProvider(order.gatewayChargeId!)
    const answers = await Promise.all([
      ...Array.from({ length: 10 }, () => sendWebhook('charge.paid', order.gatewayChargeId!)),
      ...Array.from({ length: 10 }, () => runJob(order.id)),
    ])
    expect(answers.slice(0, 10).map((answer) => (answer as { status: number }).status)).toEqual(
      Array(10).fill(200),
    )
    const note = await noteIn(order.id, 'authorized', { job: false })
    expect(note.state, note.providerMessage ?? '').toBe('authorized')
    await runJob(order.id, { runs: 10 })
    expect(await notesOf(order.id)).toHaveLength(1)
    expect(await sentDps(note.ref)).toHaveLength(1)
  }, 60_000)

  for (const payment of ['BOLETO', 'PIX'] as const) {
    it(`${payment}: nothing before the money; paid (webhooks replayed), one note`, async () => {
      const { order } = await buyClass(payment)
      expect(await notesOf(order.id)).toEqual([])
      await payAtProvider(order.gatewayChargeId!)
      for (let i = 0; i < 3; i++)
        expect((await sendWebhook('charge.paid', order.gatewayChargeId!)).status).toBe(200)
      expect(await notesOf(order.id)).toHaveLength(1)
      await runJob(order.id, { runs: 5 })
      const note = await noteIn(order.id)
      expect(note.state).toBe('authorized')
      expect(await sentDps(note.ref)).toHaveLength(1)
    })
  }

  it('a timeout, then a look-up: the note is found at the provider and never sent twice', async () => {
    const { order } = await queuedNote()
    const ref = `pedido-${order.id}-1`
    await timeoutNextCall({ method: 'POST', path: '/v2/nfsen' })
    await runJob(order.id)
    expect((await noteOf(order.id)).state).toBe('queued')
    await settleNotes(order.id)
    expect((await noteOf(order.id)).state).toBe('authorized')
    expect(await sentDps(ref)).toHaveLength(1)
    const lookups = await providerRequests(`/v2/nfsen/${ref}`, 'GET')
    expect(lookups.length).toBeGreaterThan(0)
  })

  it('ten job runs at once over a queued note: one claims it, one DPS reaches the provider', async () => {
    const { order } = await queuedNote()
    const results = await runJob(order.id, { runs: 10 })
    expect(results.reduce((claimed, run) => claimed + run.claimed, 0)).toBe(1)
    const note = await noteIn(order.id)
    expect(note.state).toBe('authorized')
    expect(await sentDps(note.ref)).toHaveLength(1)
  })

  it('money going back while a run sends the note wins: the note is cancelled at the provider, never left authorised', async () => {
    const { order } = await queuedNote()
    const ref = `pedido-${order.id}-1`
    // The provider takes the note but answers 1.2 s later (within the run's 2 s deadline).
    await timeoutNextCall({ method: 'POST', path: '/v2/nfsen', ms: 1200 })
    const run = runJob(order.id)
    // Refunded while the note is out: the refund's step finds it sent.
    for (let attempt = 0; attempt < 50 && !(await noteOf(order.id)).sentAt; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    for (const statement of cancelSaleInvoices('order', order.id, sql`1`, new Date())) await db.run(statement)
    await run
    const after = await noteOf(order.id)
    expect(after).toMatchObject({ state: 'cancelling', claimToken: null })
    const cancelled = await noteIn(order.id, 'cancelled')
    expect(cancelled.state).toBe('cancelled')
    expect(await sentDps(ref)).toHaveLength(1)
    expect(await providerRequests(`/v2/nfsen/${ref}`, 'DELETE')).toHaveLength(1)
  })

  it("a rejection shows the provider's message; the admin's retry issues it", async () => {
    const { order } = await queuedNote()
    await rejectNextIssue({ codigo: 'E0310', mensagem: 'Código de tributação nacional inexistente.' })
    await runJob(order.id)
    const rejected = await noteOf(order.id)
    expect(rejected.state).toBe('rejected')
    expect(rejected.providerMessage).toContain('Código de tributação nacional inexistente.')
    const list = await adminCall(admin(), 'GET', `/api/admin/notas-fiscais?state=rejected&q=${order.id}`)
    expect(list.status).toBe(200)
    expect(list.body.items).toEqual([
      expect.objectContaining({
        id: rejected.id,
        state: 'rejected',
        provider_message: rejected.providerMessage,
      }),
    ])
    const retried = await adminCall(admin(), 'POST', `/api/admin/notas-fiscais/${rejected.id}/reenviar`)
    expect(retried.status).toBe(200)
    await settleNotes(order.id)
    expect((await noteOf(order.id)).state).toBe('authorized')
  })
})

describe('the gatilho and the accountant', () => {
  it('a gatilho without the registered Authorization is refused; with it, the note is read from the provider', async () => {
    const { order } = await queuedNote()
    const ref = `pedido-${order.id}-1`
    expect((await postGatilho(JSON.stringify({ ref, status: 'autorizado' }), null)).status).toBe(401)
    expect((await postGatilho(JSON.stringify({ ref, status: 'autorizado' }), 'outro-segredo')).status).toBe(
      401,
    )
    // Not sent yet: the gatilho changes nothing (the body is never trusted).
    expect((await postGatilho(JSON.stringify({ ref, status: 'autorizado', numero: '1' }))).status).toBe(200)
    expect((await noteOf(order.id)).number).toBeNull()
  })

  it("the month's CSV lists each note with its value and ISS, and the authorised totals", async () => {
    const { order } = await buyClass('CREDIT_CARD', undefined, 30000)
    const note = await noteIn(order.id)
    const month = note.competence.slice(0, 7)
    const answer = await adminCall(admin(), 'GET', `/api/admin/notas-fiscais/exportacao?month=${month}`)
    expect(answer.status).toBe(200)
    expect(answer.response.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    const text = String(answer.body)
    expect(text).toContain('Competência;Situação;Número')
    expect(text).toContain(`${note.number}`)
    expect(text).toContain('300,00;6,00')
    expect(text).toMatch(new RegExp(`Total ${month}`))
    expect(
      (await adminCall(admin(), 'GET', '/api/admin/notas-fiscais/exportacao?month=2026-13')).status,
    ).toBe(422)
  })
})

describe('money going back', () => {
  it('a full refund cancels the note (service not provided)', async () => {
    const { order } = await buyClass('CREDIT_CARD')
    await noteIn(order.id)
    expect((await refund(order.id)).status).toBe(200)
    // The refund's settlement started the cancellation: cancelled without the scheduled job.
    const note = await noteIn(order.id, 'cancelled', { job: false })
    expect(note.state).toBe('cancelled')
    await settleNotes(order.id)
    const deletes = await providerRequests(`/v2/nfsen/${note.ref}`, 'DELETE')
    expect(deletes).toHaveLength(1)
    expect(deletes[0]!.body).toMatchObject({ justificativa: expect.stringMatching(/^Serviço não prestado/) })
  })

  it('a partial refund replaces the note by one of the net value (substitution)', async () => {
    const { order } = await buyClass('CREDIT_CARD', undefined, 50000)
    const first = await noteIn(order.id)
    expect((await refund(order.id, { amount_cents: 10000 })).status).toBe(200)
    // Replaced at once by the refund's settlement, without the scheduled job.
    const notes = await notesWhen(
      order.id,
      (all) => all.some((note) => note.replacesId === first.id && note.state === 'authorized'),
      { job: false },
    )
    const [replaced, substitute] = notes.filter((note) => note.sequence >= 1)
    expect(replaced).toMatchObject({ id: first.id, state: 'replaced' })
    expect(substitute).toMatchObject({ state: 'authorized', valueCents: 40000, replacesId: first.id })
    const [dps] = await sentDps(substitute!.ref)
    expect(dps).toMatchObject({ chave_nfse_substituida: first.accessKey, valor_servico: 400 })
  })

  it("a partial refund of a class with an e-book: the note loses only the refund's share on the class", async () => {
    const turma = await createClass(db, { priceCents: 30000 })
    const product = await createProduct(db, { priceCents: 12000 })
    const paid = await payCheckout(await cartWith(['turma', turma.id], ['produto', product.id]))
    expect(paid.status, JSON.stringify(paid.body)).toBe(200)
    const orderId: string = paid.body.order_id
    const first = await noteIn(orderId)
    // The note states the class alone; the order's charge holds the e-book too.
    expect(first.valueCents).toBe(30000)
    expect((await refund(orderId, { amount_cents: 7001 })).status).toBe(200)
    const notes = await notesWhen(
      orderId,
      (all) => all.some((note) => note.replacesId === first.id && note.state === 'authorized'),
      { job: false },
    )
    const substitute = notes.find((note) => note.replacesId === first.id)
    // 7001 × 30000 ÷ 42000 = 5000.71…: R$ 50,01 of the refund falls on the class.
    expect(substitute).toMatchObject({ state: 'authorized', valueCents: 30000 - 5001 })
    const [dps] = await sentDps(substitute!.ref)
    expect(dps).toMatchObject({ chave_nfse_substituida: first.accessKey, valor_servico: 249.99 })
  })

  it('a cancellation the city refuses as out of time reaches the admin, who closes it by hand', async () => {
    const { order } = await buyClass('CREDIT_CARD')
    const note = await noteIn(order.id)
    await refuseCancellation(note.ref)
    expect((await refund(order.id)).status).toBe(200)
    const stuck = await noteIn(order.id, 'needs_admin')
    expect(stuck.state).toBe('needs_admin')
    expect(stuck.providerMessage).toMatch(/prazo/)
    const list = await adminCall(admin(), 'GET', `/api/admin/notas-fiscais?state=needs_admin&q=${order.id}`)
    expect(list.body.items.map((item: { id: number }) => item.id)).toEqual([note.id])
    const dashboard = await adminCall(admin(), 'GET', '/api/admin/dashboard?from=2026-01-01&to=2026-12-31')
    expect(dashboard.body.invoices.trouble).toBeGreaterThan(0)
    const closed = await adminCall(admin(), 'POST', `/api/admin/notas-fiscais/${note.id}/encerrar`, {
      observacao: 'Cancelada no portal da prefeitura, processo 123.',
    })
    expect(closed.status).toBe(200)
    expect(closed.body.invoice).toMatchObject({
      state: 'cancelled',
      closed_note: expect.stringContaining('processo 123'),
    })
  })
})

describe("the admin's 'Cancelar nota': the motive and the justificativa", () => {
  it('asks the motive (1, 2 or 9) and 15 characters or more; the provider gets the motive then the words', async () => {
    const { order } = await buyClass('CREDIT_CARD')
    const note = await noteIn(order.id)
    const cancel = (body?: unknown) =>
      adminCall(admin(), 'POST', `/api/admin/notas-fiscais/${note.id}/cancelar`, body)
    const empty = await cancel({})
    expect(empty.status).toBe(422)
    expect(empty.body.errors).toMatchObject({
      motivo: [INVOICE_MESSAGES.motive],
      justificativa: [INVOICE_MESSAGES.justificativa],
    })
    const short = await cancel({ motivo: '3', justificativa: 'valor errado' })
    expect(short.status).toBe(422)
    expect(short.body.errors).toMatchObject({
      motivo: [INVOICE_MESSAGES.motive],
      justificativa: [INVOICE_MESSAGES.justificativa],
    })
    expect((await noteOf(order.id)).state).toBe('authorized')

    const asked = await cancel({ motivo: '1', justificativa: '  valor lançado em dobro na nota.  ' })
    expect(asked.status, JSON.stringify(asked.body)).toBe(200)
    expect(asked.body.invoice).toMatchObject({
      cancel_motive: '1',
      cancel_reason: 'Erro na emissão: valor lançado em dobro na nota.',
    })
    await settleNotes(order.id)
    expect(await noteOf(order.id)).toMatchObject({ state: 'cancelled', cancelMotive: '1' })
    const deletes = await providerRequests(`/v2/nfsen/${note.ref}`, 'DELETE')
    expect(deletes.map((request) => request.body)).toEqual([
      { justificativa: 'Erro na emissão: valor lançado em dobro na nota.' },
    ])
  })

  it('the stand-in refuses a justificativa outside 15 to 255 characters, as Focus NFe documents', async () => {
    const { order } = await buyClass('CREDIT_CARD')
    const note = await noteIn(order.id)
    const fiscal = env as unknown as { FOCUS_NFE_API_URL: string; FOCUS_NFE_TOKEN: string }
    const remove = (justificativa: string) =>
      fetch(`${fiscal.FOCUS_NFE_API_URL}/v2/nfsen/${note.ref}`, {
        method: 'DELETE',
        headers: { Authorization: `Basic ${btoa(`${fiscal.FOCUS_NFE_TOKEN}:`)}` },
        body: JSON.stringify({ justificativa }),
      })
    for (const text of ['curta demais', 'x'.repeat(256)]) {
      const answer = await remove(text)
      expect(answer.status).toBe(400)
      expect(await answer.json()).toMatchObject({ codigo: 'requisicao_invalida' })
    }
    expect((await noteAtProvider(note.ref)).body.status).toBe('autorizado')
  })
})

describe('FISCAL_ISSUE_AT=after_withdrawal', () => {
  // The setting is read when the sale is queued (the ledger's batch): queued here as the ledger
  // does, with the setting on, for a paid order of an online course.
  const queueAfterWithdrawal = () =>
    queuedNote({ env: { ...testContext().env, FISCAL_ISSUE_AT: 'after_withdrawal' }, online: true })

  it('waits the 7 days of an online course, then issues', async () => {
    const { order, paidAt } = await queueAfterWithdrawal()
    const note = await noteOf(order.id)
    expect(note.issueAfter?.getTime()).toBe(paidAt.getTime() + 7 * 86_400_000)
    await runJob(order.id, { at: new Date(paidAt.getTime() + 6 * 86_400_000) })
    expect(await sentDps(note.ref)).toEqual([])
    await runJob(order.id, { at: new Date(paidAt.getTime() + 7 * 86_400_000 + 60_000) })
    expect((await noteOf(order.id)).state).toBe('authorized')
  })

  it('a withdrawal inside the window issues nothing', async () => {
    const { order, paidAt } = await queueAfterWithdrawal()
    for (const statement of cancelSaleInvoices('order', order.id, sql`1`, new Date())) await db.run(statement)
    await runJob(order.id, { at: new Date(paidAt.getTime() + 8 * 86_400_000) })
    const note = await noteOf(order.id)
    expect(note.state).toBe('cancelled')
    expect(await sentDps(note.ref)).toEqual([])
  })
})

describe('what reaches the provider', () => {
  it("a company purchase: the CNPJ (check digits verified) and razão social are the note's taker", async () => {
    const turma = await createClass(db)
    const view = await cartWith(['turma', turma.id])
    const refused = await payCheckout(view, {
      extra: { empresa: { cnpj: '11.444.777/0001-00', razaoSocial: 'X' } },
    })
    expect(refused.status).toBe(422)
    expect(refused.body.errors['empresa.cnpj']).toBeDefined()
    const view2 = await cartWith(['turma', turma.id])
    const paid = await payCheckout(view2, {
      extra: { empresa: { cnpj: '11.444.777/0001-61', razaoSocial: 'Clínica Renal Ltda' } },
    })
    expect(paid.status, JSON.stringify(paid.body)).toBe(200)
    const orderId = paid.body.order_id as string
    const note = await noteIn(orderId)
    expect(note.state, note.providerMessage ?? '').toBe('authorized')
    const [dps] = await sentDps(note.ref)
    expect(dps).toMatchObject({
      cnpj_tomador: '11444777000161',
      razao_social_tomador: 'Clínica Renal Ltda',
      codigo_municipio_tomador: '4106902',
      cep_tomador: BillingAddress.parse(billingAddress).zip_code.replace(/\D/g, ''),
      codigo_tributacao_nacional_iss: '080201',
      cnpj_prestador: expect.stringMatching(/^\d{14}$/),
    })
    expect(dps).not.toHaveProperty('cpf_tomador')
  })

  it('a buyer abroad: a foreign taker with the address outside Brazil', async () => {
    const turma = await createClass(db)
    const view = await cartWith(['turma', turma.id])
    const paid = await payCheckout(view, {
      extra: {
        estrangeiro: {
          pais: 'PT',
          endereco: 'Rua Augusta 100',
          cidade: 'Lisboa',
          codigo_postal: '1100-053',
          nif: '123456789',
        },
      },
    })
    expect(paid.status, JSON.stringify(paid.body)).toBe(200)
    const orderId = paid.body.order_id as string
    const note = await noteIn(orderId)
    expect(note.state, note.providerMessage ?? '').toBe('authorized')
    const [dps] = await sentDps(note.ref)
    expectForeignTaker(dps)
  })

  it("a boleto paid short and completed by its difference: one note, of the order's whole price", async () => {
    const { order, cookie } = await buyClass('BOLETO', undefined, 40000)
    await payAtProvider(order.gatewayChargeId!, 31000)
    expect((await sendWebhook('charge.underpaid', order.gatewayChargeId!)).status).toBe(200)
    expect(await notesOf(order.id)).toEqual([])
    const asked = await askDifference(order.id, 'PIX', cookie)
    expect(asked.status, JSON.stringify(asked.body)).toBe(200)
    const differenceId: string = asked.body.order_id
    const [difference] = await db.select().from(orders).where(eq(orders.id, differenceId))
    await payAtProviderAndTell(difference!.gatewayChargeId!)
    expect(await noteIn(order.id)).toMatchObject({ state: 'authorized', valueCents: 40000 })
    // The difference is part of that price: no note of its own.
    expect(await notesOf(differenceId)).toEqual([])
    // R$ 100,00 of the order's own charge goes back: the note (of the whole R$ 400,00 that arrived,
    // the difference's included) loses R$ 100,00, not that share of the R$ 310,00 its own charge brought.
    const first = await noteIn(order.id)
    expect(await replacedAfterBoletoRefund(order.id, first.id, 10000)).toMatchObject({ valueCents: 30000 })
  })

  it('a boleto paid short whose shortfall the institute accepts: the note states what arrived, and a partial refund comes off that', async () => {
    const { order } = await buyClass('BOLETO', undefined, 40000)
    await payAtProvider(order.gatewayChargeId!, 31000)
    expect((await sendWebhook('charge.underpaid', order.gatewayChargeId!)).status).toBe(200)
    const accepted = await acceptReceived(admin(), order.id, {
      observacao: 'Tarifa bancária descontada pelo banco do aluno.',
    })
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200)
    const first = await noteIn(order.id)
    expect(first).toMatchObject({ state: 'authorized', valueCents: 31000, sequence: 1 })
    const [dps] = await sentDps(first.ref)
    expect(dps).toMatchObject({ valor_servico: 310 })
    // R$ 100,00 of the R$ 310,00 that arrived goes back: the note loses all of it (the class alone).
    expect(await replacedAfterBoletoRefund(order.id, first.id, 10000)).toMatchObject({ valueCents: 21000 })
  })

  it("an e-book is listed 'sem NFS-e', never sent as a service", async () => {
    const product = await createProduct(db)
    const view = await cartWith(['produto', product.id])
    const paid = await payCheckout(view)
    expect(paid.status, JSON.stringify(paid.body)).toBe(200)
    const rows = await notesOf(paid.body.order_id)
    expect(rows.map((row) => row.state)).toEqual(['not_applicable'])
    await runJob(paid.body.order_id)
    expect(await providerRequests(`/v2/nfsen?ref=${rows[0]!.ref}`, 'POST')).toEqual([])
  })
})

describe('configuration, closed by default (decision 010)', () => {
  const complete = {
    FISCAL_ISSUANCE: 'on',
    FOCUS_NFE_TOKEN: 'token-da-empresa',
    FOCUS_NFE_WEBHOOK_SECRET: 'um-segredo-longo-do-gatilho',
    // The demo institute's data, its CNPJ written with its punctuation.
    ...LOCAL_FISCAL_DEFAULTS,
    FISCAL_CNPJ: '11.222.333/0001-81',
  }
  const fiscalProblems = (env: Partial<Env>) =>
    configurationProblems(productionEnv(env)).filter((problem) => /FISCAL|FOCUS/.test(problem))

  it('issuance off (the default) is a valid choice; on, every setting is required, or the site answers 503', async () => {
    expect(fiscalProblems({})).toEqual([])
    expect(fiscalProblems(complete)).toEqual([])
    const { FISCAL_CNPJ: _cnpj, FOCUS_NFE_TOKEN: _token, ...missing } = complete
    expect(fiscalProblems({ ...missing, FOCUS_NFE_TOKEN: undefined })).toEqual([
      expect.stringContaining('FOCUS_NFE_TOKEN'),
      expect.stringContaining('FISCAL_CNPJ'),
    ])
    expect(fiscalProblems({ ...complete, FISCAL_ISSUANCE: 'sim' })).toEqual([
      expect.stringContaining('FISCAL_ISSUANCE'),
    ])
  })
})
