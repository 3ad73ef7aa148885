import { env } from 'cloudflare:workers'
import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { coupons, orders } from '../../db/schema.ts'
import { CartResponse, CheckoutView } from '../../worker/contract/cart.ts'
import { PayResult } from '../../worker/contract/checkout.ts'
import { isValidPixPayload, parseEmv } from '../../worker/domain/pix.ts'
import { getPaymentsConfig } from '../../worker/services/payments/config.ts'
import { billingAddress as address } from '../support/buyer.ts'
import {
  apiClient,
  enrollmentsOf,
  expireUnpaidPix,
  newPayer,
  orderRow,
  sessionCookieOf,
} from '../support/worker/checkout.ts'
import {
  createClass,
  createCoupon,
  createProduct,
  createUser,
  productionEnv,
  testContext,
  testDb,
} from '../support/worker/db.ts'
import { workerFetch } from '../support/worker/http.ts'
import { notInvoiceMail } from '../support/worker/invoices.ts'
import { mailsTo, storeMailsTo } from '../support/worker/mail.ts'
import {
  APPROVED,
  cardToken,
  DECLINED,
  INSUFFICIENT_FUNDS,
  outage,
  providerRequests,
  SUSPECTED_FRAUD,
} from '../support/worker/pagarme.ts'

const db = testDb()
const BASE = 'http://localhost'
// These requests send no Origin header (a client outside a browser).
const { call, cartWith } = apiClient({ origin: null })
const key = () => `pedido-${crypto.randomUUID()}`

function pay(view: CheckoutView, fields: Record<string, unknown>, headers: Record<string, string> = {}) {
  return call(
    '/checkout/pagar',
    {
      hash: view.hash,
      idempotency_key: key(),
      payer: newPayer(),
      billingAddress: address,
      total: view.totals.net_value,
      ...fields,
    },
    headers,
  )
}

const ordersSent = async (orderId: string) =>
  (await providerRequests('/orders', 'POST')).filter((request) => request.idempotencyKey === orderId)

describe('POST /checkout/pagar with a card', () => {
  it('approved card in 3x: charges R$ 1.045,68, enrols the new buyer, logs them in and e-mails them', async () => {
    const turma = await createClass(db, { priceCents: 100000, instalmentTimes: 12 })
    const view = await cartWith(['turma', turma.id])
    const buyer = newPayer()
    const { status, body, response } = await pay(view, {
      payer: buyer,
      payment_type: 'CREDIT_CARD',
      parcela: 3,
      total: 104568,
      cardhash: await cardToken(APPROVED),
      holderName: 'ANA B SOUZA',
    })
    expect(status, JSON.stringify(body)).toBe(200)
    const result = PayResult.parse(body)
    expect(result).toMatchObject({
      status: 'paid',
      total: 104568,
      instalments: 3,
      instalment_value: 34856,
      error: false,
    })
    expect(await enrollmentsOf(result.order_id)).toHaveLength(1)
    // The provider's order and charge are kept with ours: a refund will need the charge.
    const row = await orderRow(result.order_id)
    expect(row.gatewayOrderId).toMatch(/^or_/)
    expect(row.gatewayChargeId).toMatch(/^ch_/)

    const session = response.headers
      .getSetCookie()
      .find((c) => c.startsWith('renalis_session='))!
      .split(';')[0]!
    const courses = await call('/api/usuario/cursos', undefined, { cookie: session })
    expect(courses.body.map((c: { class_id: number }) => c.class_id)).toEqual([turma.id])
    const mails = await storeMailsTo(buyer.email)
    expect(mails).toHaveLength(1)
    expect(mails[0]?.subject).toContain(result.order_id)
    expect(mails[0]?.status).toBe('sent')
  })

  it("a declined card shows the issuer's reason in pt-BR; another card then pays the same cart", async () => {
    const turma = await createClass(db, { priceCents: 49000 })
    const view = await cartWith(['turma', turma.id])
    const buyer = newPayer()
    let session = ''
    for (const [number, cvv, reason] of [
      [
        DECLINED,
        '123',
        'Pagamento recusado pela operadora do cartão: Transação não autorizada. Confira os dados ou use outro cartão.',
      ],
      [
        APPROVED,
        '612',
        'Pagamento recusado pela operadora do cartão: código de segurança (CVV) incorreto. Confira o número no verso do cartão.',
      ],
      [
        INSUFFICIENT_FUNDS,
        '123',
        'Pagamento recusado pela operadora do cartão: saldo ou limite insuficiente. Use outro cartão ou fale com o banco emissor.',
      ],
      // Suspected fraud: a neutral reason, never the issuer's words.
      [
        SUSPECTED_FRAUD,
        '123',
        'Pagamento recusado pela operadora do cartão: o banco emissor não autorizou esta compra. Fale com o banco ou use outro cartão.',
      ],
    ] as const) {
      // As a browser does: the session the first attempt opened for the new buyer goes along.
      const { status, body, response } = await pay(
        view,
        { payer: buyer, payment_type: 'CREDIT_CARD', cardhash: await cardToken(number, cvv) },
        session ? { cookie: session } : {},
      )
      session ||= sessionCookieOf(response)
      expect(status).toBe(422)
      expect(body).toEqual({ code: 2, msg: reason })
    }
    const failed = await db.select().from(orders).where(eq(orders.cartHash, view.hash))
    expect(failed.map((o) => o.status)).toEqual(['failed', 'failed', 'failed', 'failed'])
    for (const order of failed) expect(await enrollmentsOf(order.id)).toEqual([])

    const second = await pay(
      view,
      { payer: buyer, payment_type: 'CREDIT_CARD', cardhash: await cardToken(APPROVED) },
      { cookie: session },
    )
    expect(second.status).toBe(200)
    expect(second.body.status).toBe('paid')
    expect(await enrollmentsOf(second.body.order_id)).toHaveLength(1)
  })

  it('refuses tampered totals, instalments above the cap, boleto where forbidden, a missing token or address: nothing sent', async () => {
    const turma = await createClass(db, { priceCents: 100000, instalmentTimes: 6, isBoletoAllowed: false })
    const view = await cartWith(['turma', turma.id])
    const before = (await providerRequests('/orders', 'POST')).length

    const tampered = await pay(view, { payment_type: 'CREDIT_CARD', cardhash: 'token_x', total: 1000 })
    expect(tampered.status).toBe(422)
    expect(tampered.body).toMatchObject({
      code: 2,
      msg: 'O valor do pedido mudou. Atualize a página e confira o carrinho antes de pagar.',
    })

    const cap = await pay(view, { payment_type: 'CREDIT_CARD', cardhash: 'token_x', parcela: 7 })
    expect(cap.status).toBe(422)
    expect(cap.body.errors.parcela).toEqual(['Número de parcelas inválido.'])

    const boleto = await pay(view, { payment_type: 'BOLETO' })
    expect(boleto.body.errors.payment_type).toEqual(['Boleto não disponível para este carrinho.'])

    const noType = await pay(view, {})
    expect(noType.body.errors.payment_type).toEqual(['Escolha a forma de pagamento.'])

    const noToken = await pay(view, { payment_type: 'CREDIT_CARD' })
    expect(noToken.body.errors.cardhash).toEqual(['Ocorreu um erro ao validar cartão de crédito!'])

    // The provider's antifraud needs the billing address: a card checkout without it stops here.
    const noAddress = await pay(view, {
      payment_type: 'CREDIT_CARD',
      cardhash: await cardToken(),
      billingAddress: null,
    })
    expect(noAddress.status).toBe(422)
    expect(noAddress.body.errors.billingAddress).toEqual([
      'Informe o endereço de cobrança: a operadora do cartão precisa dele para aprovar a compra.',
    ])

    const badCpf = await pay(view, {
      payment_type: 'CREDIT_CARD',
      cardhash: 'x',
      payer: { ...newPayer(), cpf: '111.111.111-11' },
    })
    expect(badCpf.body.errors['payer.cpf']).toEqual(['CPF inválido'])

    expect(await db.select().from(orders).where(eq(orders.cartHash, view.hash))).toEqual([])
    expect((await providerRequests('/orders', 'POST')).length).toBe(before)
  })

  it('answers code 1 when the cart lost its items, and 400 for malformed JSON', async () => {
    const turma = await createClass(db)
    const view = await cartWith(['turma', turma.id])
    await db.run(sql`UPDATE classes SET is_open = 0 WHERE id = ${turma.id}`)
    const gone = await pay(view, { payment_type: 'PIX' })
    expect(gone.status).toBe(404)
    expect(gone.body).toEqual({ msg: 'Produto não encontrado', code: 1 })

    const malformed = await workerFetch(`${BASE}/checkout/pagar`, {
      method: 'POST',
      body: '{',
      headers: { 'content-type': 'application/json' },
    })
    expect(malformed.status).toBe(400)
  })

  it('translates provider validation errors (code 3)', async () => {
    const view = await cartWith(['produto', (await createProduct(db, { priceCents: 5000 })).id])
    const { status, body } = await pay(view, {
      payment_type: 'CREDIT_CARD',
      cardhash: await cardToken(),
      billingAddress: { ...address, number: 'S/N' },
    })
    expect(status).toBe(422)
    expect(body).toMatchObject({ code: 3, errors: ['Número da rua incorreto'] })
  })
})

describe('boleto and PIX', () => {
  it("boleto stays pending with the provider's line and PDF; a simulated payment makes it paid and enrols once", async () => {
    const view = await cartWith(['turma', (await createClass(db, { priceCents: 49000 })).id])
    const result = PayResult.parse((await pay(view, { payment_type: 'BOLETO' })).body)
    expect(result.status).toBe('pending')
    expect(result.ccj_boleto_link).toBe(
      `${new URL(env.PAGARME_API_URL!).origin}/sandbox/boletos/${(await orderRow(result.order_id)).gatewayChargeId}.pdf`,
    )
    expect(result.ccj_pay_number).toMatch(/^\d{47}$/)
    const pdf = await fetch(result.ccj_boleto_link!)
    expect(pdf.headers.get('content-type')).toBe('application/pdf')
    await pdf.body?.cancel()
    expect(await enrollmentsOf(result.order_id)).toEqual([])

    for (let i = 0; i < 3; i++) {
      const simulated = await call(`/api/sandbox/pedidos/${result.order_id}/pagar`, null, { origin: BASE })
      expect(simulated.body).toEqual({ status: 'paid' })
    }
    expect(await enrollmentsOf(result.order_id)).toHaveLength(1)
    const orderStatus = (await call(`/api/pedidos/${result.order_id}`)).body
    const status = PayResult.parse(orderStatus)
    expect(status.status).toBe('paid')
    expect(orderStatus.items).toEqual([
      { name: expect.stringMatching(/^Curso .+ — Turma de teste$/), net_value: 49000 },
    ])
    const mails = await storeMailsTo((await orderRow(result.order_id)).payer.email)
    expect(mails).toHaveLength(1)
  })

  it('PIX answers a valid EMV copy-and-paste code with the amount, and becomes paid', async () => {
    const view = await cartWith(['produto', (await createProduct(db, { priceCents: 25990 })).id])
    const result = PayResult.parse((await pay(view, { payment_type: 'PIX' })).body)
    expect(result.status).toBe('pending')
    expect(isValidPixPayload(result.ccj_pix_code!)).toBe(true)
    const fields = parseEmv(result.ccj_pix_code!)
    expect(fields.get('54')).toBe('259.90')
    expect(fields.get('58')).toBe('BR')
    expect(Date.parse(result.pix_expires_at!)).toBeGreaterThan(Date.now() + 25 * 60_000)
    expect((await call(`/api/sandbox/pedidos/${result.order_id}/pagar`, null)).body).toEqual({
      status: 'paid',
    })
  })
})

describe('idempotency and retries', () => {
  it('the same key submitted 20 times at once makes one order and one charge', async () => {
    const view = await cartWith(['produto', (await createProduct(db, { priceCents: 12000 })).id])
    const idem = key()
    const body = {
      hash: view.hash,
      idempotency_key: idem,
      payer: newPayer(),
      total: 12000,
      payment_type: 'PIX',
    }
    const results = await Promise.all(Array.from({ length: 20 }, () => call('/checkout/pagar', body)))
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200))
    expect(new Set(results.map((r) => r.body.order_id)).size).toBe(1)
    expect(new Set(results.map((r) => r.body.ccj_pix_code)).size).toBe(1)
    expect(await db.select().from(orders).where(eq(orders.idempotencyKey, idem))).toHaveLength(1)
    expect(await ordersSent(results[0]!.body.order_id)).toHaveLength(1)
  })

  it("a key replayed with another buyer's cart is refused and shows nothing of the first order", async () => {
    const a = await cartWith(['produto', (await createProduct(db, { priceCents: 8000 })).id])
    const b = await cartWith(['produto', (await createProduct(db, { priceCents: 9000 })).id])
    const idem = key()
    const first = await call('/checkout/pagar', {
      hash: a.hash,
      idempotency_key: idem,
      payer: newPayer(),
      total: 8000,
      payment_type: 'PIX',
    })
    expect(first.status).toBe(200)
    const stolen = await call('/checkout/pagar', {
      hash: b.hash,
      idempotency_key: idem,
      payer: newPayer(),
      total: 9000,
      payment_type: 'PIX',
    })
    expect(stolen.status).toBe(422)
    expect(stolen.body).toEqual({
      code: 2,
      msg: 'Esta tentativa de pagamento já foi usada com outro carrinho ou outro comprador. Confira o carrinho e pague novamente.',
    })
    // The same cart but another buyer: refused as well.
    const otherBuyer = await call('/checkout/pagar', {
      hash: a.hash,
      idempotency_key: idem,
      payer: newPayer(),
      total: 8000,
      payment_type: 'PIX',
    })
    expect(otherBuyer.status).toBe(422)
    expect(JSON.stringify(otherBuyer.body)).not.toContain(first.body.order_id)
  })

  it('an order the provider got but we never recorded is found by its code, not charged again (even after 24 h)', async () => {
    const view = await cartWith(['turma', (await createClass(db, { priceCents: 30000 })).id])
    const buyer = newPayer()
    const idem = key()
    // The process died right after the provider answered, two days ago (past the key's 24 hours).
    const orderId = `ped_${crypto.randomUUID().replace(/-/g, '')}`
    await db.insert(orders).values({
      id: orderId,
      cartHash: view.hash,
      idempotencyKey: idem,
      paymentType: 'PIX',
      grossCents: 30000,
      totalCents: 30000,
      gateway: 'sandbox',
      payer: { name: buyer.name, email: buyer.email, cpf: '52998224725', phone: buyer.phone },
      createdAt: new Date(Date.now() - 2 * 86_400_000),
      chargeAttemptAt: new Date(Date.now() - 2 * 86_400_000),
    })
    const atProvider = await fetch(`${env.PAGARME_API_URL}/orders`, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${btoa(`${env.PAGARME_SECRET_KEY}:`)}`,
        'Content-Type': 'application/json',
        'Idempotency-Key': 'outra-chave-expirada',
      },
      body: JSON.stringify({
        code: orderId,
        items: [{ code: 'itens', description: 'Cursos', amount: 30000, quantity: 1 }],
        customer: { name: buyer.name, email: buyer.email, document: '52998224725', type: 'individual' },
        payments: [{ payment_method: 'pix', amount: 30000, pix: { expires_in: 1800 } }],
      }),
    })
    expect(atProvider.status).toBe(200)

    const retry = await call('/checkout/pagar', {
      hash: view.hash,
      idempotency_key: idem,
      payer: buyer,
      total: 30000,
      payment_type: 'PIX',
    })
    expect(retry.status).toBe(200)
    expect(retry.body.order_id).toBe(orderId)
    expect(retry.body.ccj_pix_code).toBeTruthy()
    expect(await ordersSent(orderId)).toEqual([])
    expect((await orderRow(orderId)).gatewayOrderId).toMatch(/^or_/)
  })

  it('a card order that never reached the provider is sent again only with the fresh token of the retry', async () => {
    const view = await cartWith(['produto', (await createProduct(db, { priceCents: 7000 })).id])
    const buyer = newPayer()
    const idem = key()
    const body = {
      hash: view.hash,
      idempotency_key: idem,
      payer: buyer,
      billingAddress: address,
      total: 7000,
      payment_type: 'CREDIT_CARD',
    }
    // The provider fails this buyer's order (503): the outcome is unknown, the order stays pending.
    const firstToken = await cardToken()
    await outage(buyer.email)
    const first = await call('/checkout/pagar', { ...body, cardhash: firstToken })
    await outage(buyer.email, false)
    expect(first.status).toBe(503)
    expect(first.body).toEqual({
      code: 2,
      msg: 'Não conseguimos confirmar o pagamento com a operadora. Tente novamente em instantes: você não será cobrado duas vezes.',
    })
    const [pending] = await db.select().from(orders).where(eq(orders.idempotencyKey, idem))
    expect(pending?.status).toBe('pending')

    const withoutToken = await call('/checkout/pagar', body)
    expect(withoutToken.status).toBe(422)
    expect(withoutToken.body.errors.cardhash).toEqual(['Ocorreu um erro ao validar cartão de crédito!'])

    const retry = await call('/checkout/pagar', { ...body, cardhash: await cardToken() })
    expect(retry.status).toBe(200)
    expect(retry.body).toMatchObject({ order_id: pending!.id, status: 'paid' })
    // Looked up by code first, then sent once (the outage's attempts never reached an order).
    const lookups = await providerRequests(`/orders?code=${pending!.id}`, 'GET')
    expect(lookups.length).toBeGreaterThan(0)
    expect((await ordersSent(pending!.id)).filter((request) => request.status === 200)).toHaveLength(1)
  })
})

describe('coupon uses are reserved when the order is written', () => {
  it('says the coupon ran out, not that the value changed, when its last use sold before the price was read', async () => {
    const turma = await createClass(db, { priceCents: 20000 })
    const coupon = await createCoupon(db, { classId: turma.id, maxUses: 1 })
    const view = await cartWith(['turma', turma.id])
    const applied = CartResponse.parse(
      (await call('/carrinho-de-compras/set-cupom', { hash: view.hash, key: coupon!.key })).body,
    )
    const checkout = CheckoutView.parse((await call(`/checkout/get?cart=${applied.hash}`)).body)
    expect(checkout.totals.net_value).toBe(18000)
    // Someone else's order takes the last use while this buyer fills the form.
    await db.update(coupons).set({ usedCount: 1 }).where(eq(coupons.id, coupon!.id))
    const refused = await pay(checkout, { payment_type: 'PIX', total: 18000 })
    expect(refused.status).toBe(422)
    expect(refused.body).toEqual({
      code: 2,
      msg: 'O cupom aplicado atingiu o limite de usos. Remova o cupom do carrinho e tente novamente.',
    })
  })

  it('a limit of 3 sells 3 of 20 parallel checkouts; an expired order gives its use back', async () => {
    const turma = await createClass(db, { priceCents: 20000 })
    const coupon = await createCoupon(db, { classId: turma.id, maxUses: 3 })
    const views = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const view = await cartWith(['turma', turma.id])
        const applied = CartResponse.parse(
          (await call('/carrinho-de-compras/set-cupom', { hash: view.hash, key: coupon!.key })).body,
        )
        return CheckoutView.parse((await call(`/checkout/get?cart=${applied.hash}`)).body)
      }),
    )
    expect(views.every((view) => view.totals.net_value === 18000)).toBe(true)
    const results = await Promise.all(views.map((view) => pay(view, { payment_type: 'PIX', total: 18000 })))
    const sold = results.filter((result) => result.status === 200)
    expect(sold).toHaveLength(3)
    for (const refused of results.filter((result) => result.status !== 200)) {
      expect(refused.status).toBe(422)
      expect(refused.body).toEqual({
        code: 2,
        msg: 'O cupom aplicado atingiu o limite de usos. Remova o cupom do carrinho e tente novamente.',
      })
    }
    const usedCount = async () =>
      (await db.select().from(coupons).where(eq(coupons.id, coupon!.id)))[0]!.usedCount
    expect(await usedCount()).toBe(3)

    // One PIX expires unpaid: the reconciliation cancels it at the provider and the use comes back.
    const expiring = sold[0]!.body.order_id as string
    await expireUnpaidPix(expiring)
    expect((await orderRow(expiring)).status).toBe('expired')
    expect(await usedCount()).toBe(2)
  })
})

describe("a visitor's checkout with an existing account's e-mail", () => {
  it('enrols that account (SPEC), tells its owner by e-mail, and shows the visitor nothing of it', async () => {
    const owner = await createUser(db, { name: 'Titular Secreta da Conta', phone: '(41) 98888-7777' })
    const view = await cartWith(['turma', (await createClass(db, { priceCents: 15000 })).id])
    const visitor = { ...newPayer(), email: owner.email, name: 'Visitante Qualquer' }
    const { status, body, response } = await pay(view, {
      payer: visitor,
      payment_type: 'CREDIT_CARD',
      cardhash: await cardToken(),
    })
    expect(status).toBe(200)
    expect(response.headers.getSetCookie().some((c) => c.startsWith('renalis_session='))).toBe(false)
    const shown = JSON.stringify(body) + JSON.stringify((await call(`/api/pedidos/${body.order_id}`)).body)
    expect(shown).not.toContain('Titular Secreta')
    expect(shown).not.toContain('98888')
    expect(shown).not.toMatch(new RegExp(`"(user_)?id":${owner.id}\\b`))
    expect(shown).not.toMatch(/"(user|user_id|new_user|phone|email)"/)

    expect((await enrollmentsOf(body.order_id)).map((e) => e.userId)).toEqual([owner.id])
    const mails = await mailsTo(owner.email)
    expect(
      mails
        .filter(notInvoiceMail)
        .map((mail) => mail.subject)
        .sort(),
    ).toEqual([
      `Pagamento confirmado — pedido ${body.order_id}`,
      'Um pedido foi feito com o seu e-mail — Instituto Renalis',
    ])
    const notice = mails.find((mail) => mail.subject.startsWith('Um pedido'))!
    expect(notice.text).toContain(body.order_id)
    expect(notice.text).not.toContain('Visitante')
  })
})

describe('payments config', () => {
  it('tells the browser the sandbox gateway, its test key and {PAGARME_API_URL}/tokens', async () => {
    const { body } = await call('/api/payments/config')
    expect(body).toEqual({
      gateway: 'sandbox',
      public_key: env.PAGARME_PUBLIC_KEY_TEST,
      tokenize_url: `${env.PAGARME_API_URL}/tokens`,
      account_type: 'gateway',
    })
  })

  it('chooses the live key from the configured origin, with or without www, and the test key elsewhere', () => {
    const production = productionEnv({
      PAGARME_PUBLIC_KEY_LIVE: 'pk_live_abc',
      PAGARME_PUBLIC_KEY_TEST: 'pk_test_abc',
      // wrangler.toml's production value: a PSP account.
      PAGARME_ACCOUNT_TYPE: 'psp',
    })
    const ctx = testContext({ env: production })
    const keyAt = (url: string) => getPaymentsConfig({ ctx, requestUrl: url })
    expect(keyAt('https://www.institutorenalis.com.br/api/payments/config')).toEqual({
      gateway: 'pagarme',
      public_key: 'pk_live_abc',
      tokenize_url: 'https://api.pagar.me/core/v5/tokens',
      account_type: 'psp',
    })
    expect(keyAt('https://institutorenalis.com.br/api/payments/config').public_key).toBe('pk_live_abc')
    expect(keyAt('https://instituto-rim.workers.dev/api/payments/config').public_key).toBe('pk_test_abc')
    // The constant the old code compared with is not the configured origin.
    expect(keyAt('https://www.institutodorim.com.br/api/payments/config').public_key).toBe('pk_test_abc')
    // Off production the live key is never handed out, whatever the host.
    const local = testContext({ env: { ...production, APP_ENV: 'local' } })
    expect(
      getPaymentsConfig({ ctx: local, requestUrl: 'https://www.institutorenalis.com.br/' }).public_key,
    ).toBe('pk_test_abc')
  })
})
