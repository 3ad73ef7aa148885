import { env } from 'cloudflare:workers'
import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { emailOutbox, enrollments, orders } from '../../db/schema.ts'
import { CartResponse, CheckoutView } from '../../worker/contract/cart.ts'
import { PayResult } from '../../worker/contract/checkout.ts'
import { isValidPixPayload, parseEmv } from '../../worker/domain/pix.ts'
import { createClass, createProduct, testDb, unique } from '../fixtures/db.ts'
import { workerFetch } from '../fixtures/http.ts'

const db = testDb()
const BASE = 'http://localhost'
const sandbox = () => env.SANDBOX_GATEWAY.get(env.SANDBOX_GATEWAY.idFromName('sandbox'))

/** GET without a body; POST with `body` as JSON, or with no body at all when it is null. */
async function call(path: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await workerFetch(`${BASE}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers:
      body === undefined || body === null ? headers : { 'content-type': 'application/json', ...headers },
    ...(body === undefined || body === null ? {} : { body: JSON.stringify(body) }),
  })
  const text = await response.text()
  return { response, status: response.status, body: text ? JSON.parse(text) : null }
}

async function cartWith(...items: Array<['turma' | 'produto', number]>) {
  let hash: string | null = null
  for (const [type, id] of items) {
    hash = CartResponse.parse(
      (await call('/carrinho-de-compras/update-cart', { hash, data: { id, type }, option: 'add' })).body,
    ).hash
  }
  return CheckoutView.parse((await call(`/checkout/get?cart=${hash}`)).body)
}

async function cardToken(number: string, cvv = '123') {
  const { status, body } = await call('/api/sandbox/core/v5/tokens?appId=pk_test_sandbox', {
    type: 'card',
    card: { number, holder_name: 'ANA B SOUZA', exp_month: 12, exp_year: 2031, cvv },
  })
  expect(status).toBe(200)
  return body.id as string
}

const payer = () => ({
  name: 'Ana Beatriz Souza',
  email: `${unique('compra')}@teste.example`.toLowerCase(),
  cpf: '529.982.247-25',
  phone: '(41) 99876-5432',
})
const address = {
  zip_code: '80730-000',
  street: 'Rua Padre Anchieta',
  number: '1000',
  neighborhood: 'Bigorrilho',
  city: 'Curitiba',
  state: 'PR',
}
const key = () => `pedido-${crypto.randomUUID()}`

function pay(view: CheckoutView, fields: Record<string, unknown>) {
  return call('/checkout/pagar', {
    hash: view.hash,
    idempotency_key: key(),
    payer: payer(),
    billingAddress: address,
    total: view.totals.net_value,
    ...fields,
  })
}

const enrolmentsOf = (orderId: string) =>
  db.select().from(enrollments).where(eq(enrollments.orderId, orderId))
const orderRow = async (orderId: string) => (await db.select().from(orders).where(eq(orders.id, orderId)))[0]!

describe('POST /checkout/pagar with a card', () => {
  it('approved card in 3x: charges R$ 1.045,68, enrols the new buyer, logs them in and e-mails them', async () => {
    const turma = await createClass(db, { priceCents: 100000, instalmentTimes: 12 })
    const view = await cartWith(['turma', turma.id])
    const buyer = payer()
    const { status, body, response } = await pay(view, {
      payer: buyer,
      payment_type: 'CREDIT_CARD',
      parcela: 3,
      total: 104568,
      cardhash: await cardToken('4000000000000010'),
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
    expect(await enrolmentsOf(result.order_id)).toHaveLength(1)

    const session = response.headers
      .getSetCookie()
      .find((c) => c.startsWith('renalis_session='))!
      .split(';')[0]!
    const courses = await call('/api/usuario/cursos', undefined, { cookie: session })
    expect(courses.body.map((c: { class_id: number }) => c.class_id)).toEqual([turma.id])
    const mails = await db.select().from(emailOutbox).where(eq(emailOutbox.to, buyer.email))
    expect(mails).toHaveLength(1)
    expect(mails[0]?.subject).toContain(result.order_id)
    expect(mails[0]?.status).toBe('sent')
  })

  it('declined card: code 2 with the message, order failed, nothing enrolled', async () => {
    const view = await cartWith(['turma', (await createClass(db, { priceCents: 49000 })).id])
    for (const [number, cvv] of [
      ['4000000000000028', '123'],
      ['4000000000000010', '612'],
    ] as const) {
      const { status, body } = await pay(view, {
        payment_type: 'CREDIT_CARD',
        cardhash: await cardToken(number, cvv),
      })
      expect(status).toBe(422)
      expect(body.code).toBe(2)
      expect(body.msg).toMatch(/^Pagamento recusado pela operadora do cartão/)
    }
    const failed = await db.select().from(orders).where(eq(orders.cartHash, view.hash))
    expect(failed.map((o) => o.status)).toEqual(['failed', 'failed'])
    for (const order of failed) expect(await enrolmentsOf(order.id)).toEqual([])
  })

  it('refuses tampered totals, instalments above the cap, boleto where forbidden and a missing card token', async () => {
    const turma = await createClass(db, { priceCents: 100000, instalmentTimes: 6, isBoletoAllowed: false })
    const view = await cartWith(['turma', turma.id])
    const before = await sandbox().chargeCount()

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

    const badCpf = await pay(view, {
      payment_type: 'CREDIT_CARD',
      cardhash: 'x',
      payer: { ...payer(), cpf: '111.111.111-11' },
    })
    expect(badCpf.body.errors['payer.cpf']).toEqual(['CPF inválido'])

    expect(await db.select().from(orders).where(eq(orders.cartHash, view.hash))).toEqual([])
    expect(await sandbox().chargeCount()).toBe(before)
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
      cardhash: await cardToken('4000000000000010'),
      billingAddress: { ...address, number: 'S/N' },
    })
    expect(status).toBe(422)
    expect(body).toMatchObject({ code: 3, errors: ['Número da rua incorreto'] })
  })
})

describe('boleto and PIX', () => {
  it('boleto stays pending with link and line; a simulated payment makes it paid and enrols once', async () => {
    const view = await cartWith(['turma', (await createClass(db, { priceCents: 49000 })).id])
    const result = PayResult.parse((await pay(view, { payment_type: 'BOLETO' })).body)
    expect(result.status).toBe('pending')
    expect(result.ccj_boleto_link).toMatch(/^\/api\/sandbox\/boleto\/or_/)
    expect(result.ccj_pay_number).toMatch(/^\d{47}$/)
    const printable = await workerFetch(`${BASE}${result.ccj_boleto_link}`)
    expect(await printable.text()).toMatch(/R\$\s490,00/)
    expect(await enrolmentsOf(result.order_id)).toEqual([])

    for (let i = 0; i < 3; i++) {
      const simulated = await call(`/api/sandbox/pedidos/${result.order_id}/pagar`, null, { origin: BASE })
      expect(simulated.body).toEqual({ status: 'paid' })
    }
    expect(await enrolmentsOf(result.order_id)).toHaveLength(1)
    const orderStatus = (await call(`/api/pedidos/${result.order_id}`)).body
    const status = PayResult.parse(orderStatus)
    expect(status.status).toBe('paid')
    expect(orderStatus.items).toEqual([
      { name: expect.stringMatching(/^Curso .+ — Turma de teste$/), net_value: 49000 },
    ])
    const mails = await db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.to, (await orderRow(result.order_id)).payer.email))
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

describe('idempotency, webhooks and recovery', () => {
  it('the same key submitted 20 times at once makes one order and one charge', async () => {
    const view = await cartWith(['produto', (await createProduct(db, { priceCents: 12000 })).id])
    const before = await sandbox().chargeCount()
    const idem = key()
    const body = { hash: view.hash, idempotency_key: idem, payer: payer(), total: 12000, payment_type: 'PIX' }
    const results = await Promise.all(Array.from({ length: 20 }, () => call('/checkout/pagar', body)))
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200))
    expect(new Set(results.map((r) => r.body.order_id)).size).toBe(1)
    expect(new Set(results.map((r) => r.body.ccj_pix_code)).size).toBe(1)
    expect(await db.select().from(orders).where(eq(orders.idempotencyKey, idem))).toHaveLength(1)
    expect((await sandbox().chargeCount()) - before).toBe(1)
  })

  it('a forged webhook changes nothing; a replayed or late one changes nothing either', async () => {
    const view = await cartWith(['turma', (await createClass(db)).id])
    const result = PayResult.parse((await pay(view, { payment_type: 'PIX' })).body)
    const gatewayId = (await orderRow(result.order_id)).gatewayOrderId!

    // Forged: claims payment, but the provider says pending.
    expect((await call('/webhooks/pagarme', { type: 'order.paid', data: { id: gatewayId } })).status).toBe(
      200,
    )
    expect((await orderRow(result.order_id)).status).toBe('pending')
    expect(
      (await call('/webhooks/pagarme', { type: 'order.paid', data: { id: 'or_inexistente' } })).status,
    ).toBe(200)

    await sandbox().pay(gatewayId, Date.now())
    for (const type of ['order.paid', 'order.paid', 'order.payment_failed']) {
      await call('/webhooks/pagarme', { type, data: { id: gatewayId } })
    }
    expect((await orderRow(result.order_id)).status).toBe('paid')
    expect(await enrolmentsOf(result.order_id)).toHaveLength(1)
  })

  it('a charge whose order update was lost is completed by the retry, without a second charge', async () => {
    const turma = await createClass(db, { priceCents: 30000 })
    const view = await cartWith(['turma', turma.id])
    const idem = key()
    // The process died right after the charge: the order exists, pending, with no charge recorded.
    const orderId = `ped_${crypto.randomUUID().replace(/-/g, '')}`
    const buyer = payer()
    await db.insert(orders).values({
      id: orderId,
      cartHash: view.hash,
      idempotencyKey: idem,
      paymentType: 'PIX',
      grossCents: 30000,
      totalCents: 30000,
      gateway: 'sandbox',
      payer: { name: buyer.name, email: buyer.email, cpf: '52998224725', phone: buyer.phone },
      createdAt: new Date(Date.now() - 60_000),
    })
    const charged = await sandbox().createOrder(
      {
        code: orderId,
        idempotencyKey: orderId,
        amountCents: 30000,
        method: 'pix',
        instalments: 1,
        customer: { name: buyer.name, email: buyer.email, document: '52998224725', phone: buyer.phone },
        items: [],
      },
      Date.now(),
    )
    expect(charged.ok).toBe(true)
    const before = await sandbox().chargeCount()

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
    expect(await sandbox().chargeCount()).toBe(before)
    expect((await orderRow(orderId)).gatewayOrderId).toMatch(/^or_/)
  })
})

describe('payments config', () => {
  it('tells the browser the sandbox gateway, its test key and where to tokenize', async () => {
    const { body } = await call('/api/payments/config')
    expect(body).toEqual({
      gateway: 'sandbox',
      public_key: 'pk_test_sandbox',
      tokenize_url: '/api/sandbox/core/v5/tokens',
    })
  })

  it('the sandbox refuses invalid cards at tokenization with Pagar.me-shaped errors', async () => {
    const { status, body } = await call('/api/sandbox/core/v5/tokens?appId=pk_test_sandbox', {
      type: 'card',
      card: { number: '4000000000000011', holder_name: 'A', exp_month: 1, exp_year: 2020, cvv: '1' },
    })
    expect(status).toBe(422)
    expect(Object.keys(body.errors).sort()).toEqual([
      'card.cvv',
      'card.exp_month',
      'card.holder_name',
      'card.number',
    ])
  })
})
