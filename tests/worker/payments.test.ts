import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { and, eq, like } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { auditLog, orders } from '../../db/schema.ts'
import { configurationProblems } from '../../worker/config.ts'
import { RefundOrderResult } from '../../worker/contract/refunds.ts'
import worker from '../../worker/index.ts'
import { paymentLedgers } from '../../worker/services/payment-ledgers.ts'
import { receivePagarmeWebhook } from '../../worker/services/payments/webhook.ts'
import { adminCookie, refundOrder } from '../support/worker/admin.ts'
import {
  buyClass,
  enrolledClasses,
  enrollmentStatuses,
  newPayer,
  orderRow,
  orderScreen,
} from '../support/worker/checkout.ts'
import { productionEnv, testContext, testDb } from '../support/worker/db.ts'
import { storeMailsTo } from '../support/worker/mail.ts'
import {
  BANK_ACCOUNT,
  chargeAtProvider,
  chargebackAtProvider,
  outage,
  payAtProvider,
  providerRequests,
  refundAtProvider,
  sendWebhook,
} from '../support/worker/pagarme.ts'

const db = testDb()

describe('webhooks', () => {
  it('refuse missing or wrong credentials (401), and a valid one for an order nobody knows is acknowledged', async () => {
    const { order } = await buyClass('PIX')
    expect((await sendWebhook('charge.paid', order.gatewayChargeId!, null)).status).toBe(401)
    expect(
      (await sendWebhook('charge.paid', order.gatewayChargeId!, `Basic ${btoa('pagarme:errada')}`)).status,
    ).toBe(401)
    expect((await sendWebhook('charge.paid', order.gatewayChargeId!, 'Bearer qualquer')).status).toBe(401)
    expect(await sendWebhook('charge.paid', 'ch_inexistente00001')).toEqual({
      status: 200,
      body: { ok: true },
    })
    expect(await sendWebhook('order.paid', 'or_inexistente00001')).toEqual({
      status: 200,
      body: { ok: true },
    })
    expect((await orderRow(order.id)).status).toBe('pending')
  })

  it('is only a trigger: a forged event changes nothing; the paid boleto settles once; replays add nothing', async () => {
    const { order, turma, cookie, payer } = await buyClass('BOLETO')
    // Forged: claims payment, but the provider says pending.
    expect((await sendWebhook('order.paid', order.gatewayOrderId!)).status).toBe(200)
    expect((await orderScreen(order.id)).status).toBe('pending')

    await payAtProvider(order.gatewayChargeId!)
    for (const type of ['charge.paid', 'order.paid', 'charge.paid', 'order.payment_failed']) {
      expect(
        (await sendWebhook(type, type.startsWith('charge') ? order.gatewayChargeId! : order.gatewayOrderId!))
          .status,
      ).toBe(200)
    }
    expect((await orderScreen(order.id)).status).toBe('paid')
    expect(await enrolledClasses(cookie)).toEqual([turma.id])
    expect(await storeMailsTo(payer.email)).toHaveLength(1)
  })

  it('answers 503 while the provider cannot confirm the event; sent again after the outage, it settles', async () => {
    const { order, turma, cookie } = await buyClass('PIX')
    await payAtProvider(order.gatewayChargeId!)
    await outage(order.gatewayOrderId!)
    const during = await sendWebhook('order.paid', order.gatewayOrderId!)
    expect(during.status).toBe(503)
    expect(during.body).toEqual({
      msg: 'Não foi possível confirmar o evento com o Pagar.me agora; envie de novo mais tarde.',
    })
    expect((await orderScreen(order.id)).status).toBe('pending')
    await outage(order.gatewayOrderId!, false)
    expect((await sendWebhook('order.paid', order.gatewayOrderId!)).status).toBe(200)
    expect((await orderScreen(order.id)).status).toBe('paid')
    expect(await enrolledClasses(cookie)).toEqual([turma.id])
  })

  it('a refund made at the provider ends the enrollment, shows in the order and e-mails the buyer', async () => {
    const { order, cookie, turma, payer } = await buyClass('CREDIT_CARD')
    expect(await enrolledClasses(cookie)).toEqual([turma.id])
    await refundAtProvider(order.gatewayChargeId!)
    expect((await sendWebhook('charge.refunded', order.gatewayChargeId!)).status).toBe(200)

    expect(await orderScreen(order.id)).toMatchObject({ status: 'refunded', refunded_cents: 49000 })
    expect(await enrolledClasses(cookie)).toEqual([])
    expect(await enrollmentStatuses(order.id)).toEqual(['cancelled'])
    const refundMail = (await storeMailsTo(payer.email)).find(
      (mail) => mail.subject === `Estorno do pedido ${order.id}`,
    )
    expect(refundMail?.text).toMatch(/R\$\s490,00/)
    expect(refundMail?.text).toContain('foram encerrados')

    // A late charge.paid (the order's own event) never resurrects it.
    expect((await sendWebhook('order.paid', order.gatewayOrderId!)).status).toBe(200)
    expect((await orderScreen(order.id)).status).toBe('refunded')
    expect(await enrolledClasses(cookie)).toEqual([])
  })

  it('a chargeback ends the enrollment and tells the buyer; the order says so', async () => {
    const { order, cookie, payer } = await buyClass('CREDIT_CARD')
    await chargebackAtProvider(order.gatewayChargeId!)
    expect((await sendWebhook('charge.chargedback', order.gatewayChargeId!)).status).toBe(200)
    expect((await orderScreen(order.id)).status).toBe('charged_back')
    expect(await enrolledClasses(cookie)).toEqual([])
    const subjects = (await storeMailsTo(payer.email)).map((mail) => mail.subject)
    expect(subjects).toContain(`Pagamento contestado — pedido ${order.id}`)
  })

  it('a partial refund keeps the enrollment and records the amount; the rest ends it', async () => {
    const { order, cookie, turma, payer } = await buyClass('CREDIT_CARD')
    await refundAtProvider(order.gatewayChargeId!, 9000)
    await sendWebhook('charge.partial_canceled', order.gatewayChargeId!)
    expect(await orderScreen(order.id)).toMatchObject({ status: 'partially_refunded', refunded_cents: 9000 })
    expect(await enrolledClasses(cookie)).toEqual([turma.id])
    expect((await storeMailsTo(payer.email)).map((mail) => mail.subject)).toContain(
      `Estorno parcial do pedido ${order.id}`,
    )

    await refundAtProvider(order.gatewayChargeId!)
    await sendWebhook('charge.refunded', order.gatewayChargeId!)
    expect(await orderScreen(order.id)).toMatchObject({ status: 'refunded', refunded_cents: 49000 })
    expect(await enrolledClasses(cookie)).toEqual([])
  })

  it("escapes the payer's name in the e-mails it sends", async () => {
    const payer = { ...newPayer(), name: '<svg/onload=alert(document.domain)> Silva' }
    const { order } = await buyClass('PIX', payer)
    await payAtProvider(order.gatewayChargeId!)
    await sendWebhook('charge.paid', order.gatewayChargeId!)
    const [mail] = await storeMailsTo(payer.email)
    expect(mail?.html).toContain('&lt;svg/onload=alert(document.domain)&gt;')
    expect(mail?.html).not.toContain('<svg')
  })

  it('in production, a configuration without webhook credentials fails the check and accepts no event', async () => {
    const production = productionEnv({
      PAGARME_WEBHOOK_AUTH: undefined,
      // A live key: a test key in production is a problem of its own (fail-closed.test.ts).
      PAGARME_SECRET_KEY: 'sk_live_chave_de_producao',
    })
    expect(configurationProblems(production)).toContain(
      'falta o segredo PAGARME_WEBHOOK_AUTH (usuario:senha do webhook do Pagar.me)',
    )
    expect(configurationProblems({ ...production, PAGARME_WEBHOOK_AUTH: 'pagarme:segredo' })).toEqual([])
    const ctx = testContext({ env: production })
    const attempt = receivePagarmeWebhook({
      ctx,
      ledgers: paymentLedgers(ctx),
      authorization: undefined,
      signature: undefined,
      body: new Uint8Array(),
      event: { type: 'charge.paid', data: { id: 'ch_x' } },
    })
    await expect(attempt).rejects.toMatchObject({ code: 'UNAVAILABLE' })
  })
})

describe('refunds from our side (POST /api/admin/pedidos/{id}/estorno)', () => {
  it('only an admin may ask for one', async () => {
    const { order, cookie } = await buyClass('CREDIT_CARD')
    expect((await refundOrder('', order.id)).status).toBe(401)
    expect((await refundOrder(cookie, order.id)).status).toBe(403)
    expect((await refundOrder(await adminCookie(), 'ped_00000000000000000000000000000000')).status).toBe(404)
  })

  it('20 requests at once: one DELETE at the provider, and the order changes once it confirms', async () => {
    const { order, cookie, payer } = await buyClass('CREDIT_CARD')
    const admin = await adminCookie()
    const answers = await Promise.all(Array.from({ length: 20 }, () => refundOrder(admin, order.id)))
    const deletes = await providerRequests(`/charges/${order.gatewayChargeId}`, 'DELETE')
    expect(deletes).toHaveLength(1)
    // One request refunded; the others heard it was on its way (202) or already done (200).
    const results = answers.map((answer) => ({
      http: answer.status,
      ...RefundOrderResult.parse(answer.body),
    }))
    expect(results.filter((result) => result.message === 'Estorno confirmado pela operadora.')).toEqual([
      {
        http: 200,
        order_id: order.id,
        status: 'refunded',
        refunded_cents: 49000,
        awaiting_provider: false,
        message: 'Estorno confirmado pela operadora.',
      },
    ])
    for (const other of results.filter((result) => result.message !== 'Estorno confirmado pela operadora.')) {
      expect([
        'O estorno deste pedido já foi solicitado e aguarda a confirmação da operadora.',
        'Este pedido já foi estornado.',
      ]).toContain(other.message)
    }

    expect((await chargeAtProvider(order.gatewayChargeId!)).status).toBe('canceled')
    expect((await orderScreen(order.id)).status).toBe('refunded')
    expect(await enrolledClasses(cookie)).toEqual([])
    expect((await storeMailsTo(payer.email)).map((mail) => mail.subject)).toContain(
      `Estorno do pedido ${order.id}`,
    )
    // Asked again later: already refunded, nothing sent.
    expect((await refundOrder(admin, order.id)).body).toMatchObject({
      status: 'refunded',
      message: 'Este pedido já foi estornado.',
    })
    expect(await providerRequests(`/charges/${order.gatewayChargeId}`, 'DELETE')).toHaveLength(1)
    const audit = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, order.id), like(auditLog.action, 'order.refund%')))
    expect(audit).toHaveLength(1)
  })

  it('a partial refund keeps the enrollment; more than what is left is refused; a boleto needs a bank account', async () => {
    const admin = await adminCookie()
    const { order, cookie, turma } = await buyClass('CREDIT_CARD')
    const part = await refundOrder(admin, order.id, { amount_cents: 10000 })
    expect(part.status).toBe(200)
    expect(part.body).toMatchObject({ status: 'partially_refunded', refunded_cents: 10000 })
    expect(await enrolledClasses(cookie)).toEqual([turma.id])
    const tooMuch = await refundOrder(admin, order.id, { amount_cents: 40000 })
    expect(tooMuch.status).toBe(422)
    expect(tooMuch.body.errors.amount_cents).toEqual([
      'O valor passa do que ainda pode ser estornado neste pedido.',
    ])

    const boleto = await buyClass('BOLETO')
    await payAtProvider(boleto.order.gatewayChargeId!)
    await sendWebhook('charge.paid', boleto.order.gatewayChargeId!)
    const noAccount = await refundOrder(admin, boleto.order.id)
    expect(noAccount.status).toBe(422)
    expect(noAccount.body.errors.refund).toEqual([
      'Para estornar um boleto pago, informe a conta bancária do comprador.',
    ])
    const withAccount = await refundOrder(admin, boleto.order.id, {
      bank_account: BANK_ACCOUNT,
    })
    expect(withAccount.body).toMatchObject({ status: 'refunded', refunded_cents: 49000 })
  })

  it('while the provider is down the refund is not confirmed (503) and the order keeps its state; later, once', async () => {
    const admin = await adminCookie()
    const { order } = await buyClass('CREDIT_CARD')
    await outage(order.gatewayChargeId!)
    const down = await refundOrder(admin, order.id)
    expect(down.status).toBe(503)
    expect((await orderScreen(order.id)).status).toBe('paid')
    await outage(order.gatewayChargeId!, false)
    // The unanswered request still holds the refund: a click right away hears it is on its way…
    expect((await refundOrder(admin, order.id)).status).toBe(202)
    // …and once its deadline passed, the same refund goes again under the same Idempotency-Key.
    await db
      .update(orders)
      .set({ refundRequestedAt: new Date(Date.now() - 60_000) })
      .where(eq(orders.id, order.id))
    expect((await refundOrder(admin, order.id)).body).toMatchObject({ status: 'refunded' })
    const deletes = await providerRequests(`/charges/${order.gatewayChargeId}`, 'DELETE')
    expect(new Set(deletes.map((request) => request.idempotencyKey)).size).toBe(1)
    expect(deletes.filter((request) => request.status === 200)).toHaveLength(1)
  })
})

describe('the scheduled reconciliation', () => {
  it('applies a refund and a chargeback that no webhook reported, from the Cron Trigger', async () => {
    const refunded = await buyClass('CREDIT_CARD')
    const disputed = await buyClass('CREDIT_CARD')
    await refundAtProvider(refunded.order.gatewayChargeId!)
    await chargebackAtProvider(disputed.order.gatewayChargeId!)

    // Seven hours on, the paid orders are due for a re-read. A run reads at most 200 orders and the
    // shared test database holds every file's: the trigger fires until these two are done.
    for (let run = 0; run < 5 && (await orderScreen(disputed.order.id)).status === 'paid'; run++) {
      const ctx = createExecutionContext()
      await worker.scheduled!(
        createScheduledController({ scheduledTime: Date.now() + 7 * 3600_000, cron: '*/15 * * * *' }),
        env,
        ctx,
      )
      await waitOnExecutionContext(ctx)
    }

    expect((await orderScreen(refunded.order.id)).status).toBe('refunded')
    expect(await enrolledClasses(refunded.cookie)).toEqual([])
    expect((await orderScreen(disputed.order.id)).status).toBe('charged_back')
    expect(await enrolledClasses(disputed.cookie)).toEqual([])
  })

  it('an order the provider does not know is skipped; the others are still reconciled', async () => {
    const unknown = await buyClass('CREDIT_CARD')
    await db
      .update(orders)
      .set({ gatewayChargeId: 'ch_desconhecido00001' })
      .where(eq(orders.id, unknown.order.id))
    const refunded = await buyClass('CREDIT_CARD')
    await refundAtProvider(refunded.order.gatewayChargeId!)
    const { reconcilePayments } = await import('../../worker/services/payment-ledgers.ts')
    // Each run reads at most 200 orders (the shared test database holds every file's): run until done.
    const ctx = testContext({ now: new Date(Date.now() + 7 * 3600_000) })
    for (let run = 0; run < 5; run++) {
      const result = await reconcilePayments({ ctx })
      expect(result.interrupted).toBe(false)
      if (result.pendingChecked + result.paidChecked === 0) break
    }
    expect((await orderScreen(unknown.order.id)).status).toBe('paid')
    expect((await orderScreen(refunded.order.id)).status).toBe('refunded')
  })

  it('settles a paid PIX whose webhook was lost, and closes an unpaid one past its expiry at the provider', async () => {
    const paid = await buyClass('PIX')
    const unpaid = await buyClass('PIX')
    await payAtProvider(paid.order.gatewayChargeId!)

    const { reconcilePayments } = await import('../../worker/services/payment-ledgers.ts')
    // Right after the sale nothing is due yet…
    await reconcilePayments({ ctx: testContext() })
    expect((await orderScreen(paid.order.id)).status).toBe('pending')
    // …an hour later both are (a run reads at most 200 orders of the shared test database).
    const later = testContext({ now: new Date(Date.now() + 3600_000) })
    for (let run = 0; run < 5 && (await orderScreen(unpaid.order.id)).status === 'pending'; run++) {
      await reconcilePayments({ ctx: later })
    }
    expect((await orderScreen(paid.order.id)).status).toBe('paid')
    expect(await enrolledClasses(paid.cookie)).toEqual([paid.turma.id])
    expect((await orderScreen(unpaid.order.id)).status).toBe('expired')
    expect((await chargeAtProvider(unpaid.order.gatewayChargeId!)).status).toBe('canceled')
  })
})
