import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { CartResponse, CheckoutView } from '../../worker/contract/cart.ts'
import { PayResult } from '../../worker/contract/checkout.ts'
import { LIMIT_MESSAGE, LIMITS, LOGIN_LIMITS } from '../../worker/domain/limits.ts'
import { createClass, createUser, sessionCookie, testDb, unique, uniqueEmail } from '../support/worker/db.ts'
import { workerFetch } from '../support/worker/http.ts'
import { mailsTo } from '../support/worker/mail.ts'

const db = testDb()
const BASE = 'http://localhost'
/** One client for the whole of a test: per-IP limits count its requests together. */
const client = () => `203.0.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}`

async function post(path: string, body: unknown, ip: string = client()) {
  const response = await workerFetch(`${BASE}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'cf-connecting-ip': ip },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
  const text = await response.text()
  return { response, status: response.status, body: text ? JSON.parse(text) : null }
}

const HOSTILE_NAMES = ['toString', '__proto__', 'constructor', 'valueOf', 'hasOwnProperty', 'isPrototypeOf']

describe('a key named like a built-in property is a key like any other', () => {
  it('answers 422 with the field listed, never 500, in the query and in the body', async () => {
    for (const name of HOSTILE_NAMES) {
      const query = await workerFetch(`${BASE}/home_itens/lists?${name}=1`)
      expect(query.status, name).toBe(422)
      expect(((await query.json()) as { errors: Record<string, string[]> }).errors).toHaveProperty([name])

      const login = await post('/login', `{"${name}":1,"email":"a@b.co","password":"x"}`)
      expect(login.status, name).toBe(422)
      expect(Object.keys(login.body.errors)).toContain(name)
    }
  })
})

describe('e-mails escape what a person typed', () => {
  it('a payer named with markup gets a confirmation whose HTML shows the name as text', async () => {
    const turma = await createClass(db, { priceCents: 10000 })
    const added = CartResponse.parse(
      (
        await post('/carrinho-de-compras/update-cart', {
          hash: null,
          data: { id: turma.id, type: 'turma' },
          option: 'add',
        })
      ).body,
    )
    const view = CheckoutView.parse(
      await (await workerFetch(`${BASE}/checkout/get?cart=${added.hash}`)).json(),
    )
    const email = uniqueEmail('xss')
    const name = '<svg/onload=alert(document.domain)> Silva'
    const paid = await post('/checkout/pagar', {
      hash: view.hash,
      idempotency_key: `pedido-${crypto.randomUUID()}`,
      payer: { name, email, cpf: '529.982.247-25', phone: '(41) 99876-5432' },
      payment_type: 'PIX',
      total: view.totals.net_value,
    })
    const order = PayResult.parse(paid.body)
    expect((await post(`/api/sandbox/pedidos/${order.order_id}/pagar`, undefined)).status).toBe(200)

    const [mail] = await mailsTo(email)
    expect(mail?.html).toContain('&lt;svg/onload=alert(document.domain)&gt;')
    expect(mail?.html).not.toMatch(/<svg/i)

    // The development mailbox shows each message in a sandboxed frame, its HTML as an attribute value.
    const page = await (await workerFetch(`${BASE}/dev/mailbox`)).text()
    expect(page).not.toMatch(/<svg/i)
    expect(page).toMatch(/<iframe sandbox="" title="[^"]*" srcdoc="[^"]*&amp;lt;svg/)
  })
})

describe('limits on anonymous writes', () => {
  it('sends at most 3 reset e-mails an hour to one account, whatever the IP', async () => {
    const user = await createUser(db)
    const statuses: number[] = []
    for (let i = 0; i < 6; i++) statuses.push((await post('/password/email', { email: user.email })).status)
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429])
    const refused = await post('/password/email', { email: user.email })
    expect(refused.body).toEqual({ msg: LIMIT_MESSAGE })
    expect(Number(refused.response.headers.get('Retry-After'))).toBeGreaterThan(0)
    expect(await mailsTo(user.email)).toHaveLength(3)
  })

  it('refuses an IP past its sign-ups, cart changes, coupon tries and card tokens, with 429 in pt-BR', async () => {
    const cases = [
      {
        limit: LIMITS.signUp.limit,
        send: (ip: string) =>
          post(
            '/user/create_user',
            { name: 'Maria', email: 'nao-e-email', password: 'x', phone: '1' }, // invalid: no hash
            ip,
          ),
      },
      {
        limit: LIMITS.cartWrite.limit,
        send: (ip: string) =>
          post(
            '/carrinho-de-compras/update-cart',
            { hash: null, data: { id: 0, type: 'turma' }, option: 'add' },
            ip,
          ),
      },
      {
        limit: LIMITS.coupon.limit,
        send: (ip: string) => post('/carrinho-de-compras/set-cupom', { hash: 'x', key: 'X' }, ip),
      },
    ]
    for (const { limit, send } of cases) {
      const ip = client()
      const answers = await Promise.all(Array.from({ length: limit + 5 }, () => send(ip)))
      const refused = answers.filter((a) => a.status === 429)
      expect(refused).toHaveLength(5)
      expect(refused[0]?.body).toEqual({ msg: LIMIT_MESSAGE })
      // Another client is not affected.
      expect((await send(client())).status).not.toBe(429)
    }
  })

  it('caps login failures per IP across every e-mail (credential stuffing)', {
    timeout: 120_000,
  }, async () => {
    const ip = client()
    const statuses: number[] = []
    for (let i = 0; i < LOGIN_LIMITS.perIp.maxFailures + 3; i++) {
      statuses.push(
        (await post('/login', { email: `${unique('alvo')}@teste.example`, password: 'x' }, ip)).status,
      )
    }
    expect(statuses.slice(0, LOGIN_LIMITS.perIp.maxFailures).every((s) => s === 422)).toBe(true)
    expect(statuses.slice(LOGIN_LIMITS.perIp.maxFailures)).toEqual([429, 429, 429])
  })

  it('limits search per IP (approximately, at the edge)', async () => {
    const ip = client()
    let refused = 0
    // The binding counts 120 a minute in fixed windows: sent one by one on a loaded machine, 130
    // searches can spread over two windows and none is refused. Bursts of 25 send 250 within a few
    // seconds: they cross at most one window's edge, so one window holds more than 120.
    for (let sent = 0; sent < 250 && refused === 0; sent += 25) {
      const answers = await Promise.all(
        Array.from({ length: 25 }, () =>
          workerFetch(`${BASE}/search/all_product?search=nefro`, { headers: { 'cf-connecting-ip': ip } }),
        ),
      )
      refused += answers.filter((response) => response.status === 429).length
    }
    expect(refused).toBeGreaterThanOrEqual(1)
  })
})

describe('request bodies', () => {
  it('refuses a 30 MB JSON body with 413 from its length, and a 100 KB one over the JSON limit', async () => {
    const huge = await post(
      '/login',
      JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(30 * 1024 * 1024) }),
    )
    expect(huge.status).toBe(413)
    expect(huge.body).toEqual({ msg: 'O corpo da requisição é grande demais.' })
    const big = await post('/carrinho-de-compras/set-cupom', { hash: 'x', key: 'y'.repeat(100 * 1024) })
    expect(big.status).toBe(413)
  })

  it('refuses uploads above their documented limit (photo 2 MB, student document 5 MB) with 413', async () => {
    const cookie = await sessionCookie((await createUser(db)).id)
    const photo = new FormData()
    photo.set('photo', new File([new Uint8Array(3 * 1024 * 1024)], 'grande.png', { type: 'image/png' }))
    const refusedPhoto = await workerFetch(`${BASE}/api/usuario/foto`, {
      method: 'POST',
      body: photo,
      headers: { cookie },
    })
    expect(refusedPhoto.status).toBe(413)
    const document = new FormData()
    document.set(
      'document',
      new File([new Uint8Array(6 * 1024 * 1024)], 'doc.pdf', { type: 'application/pdf' }),
    )
    const refusedDocument = await workerFetch(`${BASE}/api/carrinho/${'a'.repeat(64)}/documento-estudante`, {
      method: 'POST',
      body: document,
    })
    expect(refusedDocument.status).toBe(413)
  })

  it('stores no student document for a cart that does not exist', async () => {
    const before = (await env.FILES.list({ prefix: 'student-docs/' })).objects.length
    const form = new FormData()
    form.set('document', new File(['%PDF-1.4 documento'], 'doc.pdf', { type: 'application/pdf' }))
    const response = await workerFetch(`${BASE}/api/carrinho/${'a'.repeat(64)}/documento-estudante`, {
      method: 'POST',
      body: form,
    })
    expect(response.status).toBe(404)
    expect(await response.json()).toMatchObject({ clear: true })
    expect((await env.FILES.list({ prefix: 'student-docs/' })).objects.length).toBe(before)
  })
})
