import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { importJWK, type JWK } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AUTHENTICATION_REFUSAL } from '../../scripts/pagarme-sandbox/api.ts'
import { DEBIT_TEST_CARDS, TEST_CARDS } from '../../scripts/pagarme-sandbox/cards.ts'
import { type SandboxServer, startPagarmeSandbox } from '../../scripts/pagarme-sandbox/server.ts'
import { isValidPixPayload } from '../../worker/domain/pix.ts'
import { providerBillingAddress } from '../support/buyer.ts'
import { answerChallenge } from '../support/issuer-challenge.ts'

// The sandbox is the far end of the wire for every test and for `npm start`: it must answer as
// Pagar.me's Core API v5 does (shapes, statuses, 422 bodies, idempotency, test cards).

let sandbox: SandboxServer
const received: Array<{
  authorization: string | undefined
  signature: string | undefined
  text: string
  body: { type: string; data: { id: string } }
}> = []
let refuseWebhooks = 0
const hooks = createServer((req, res) => {
  let text = ''
  req.on('data', (chunk) => {
    text += chunk
  })
  req.on('end', () => {
    if (refuseWebhooks > 0) {
      refuseWebhooks -= 1
      res.statusCode = 503
      res.end()
      return
    }
    const signature = req.headers['x-webhook-asymmetric-signature']
    received.push({
      authorization: req.headers.authorization,
      signature: typeof signature === 'string' ? signature : undefined,
      text,
      body: JSON.parse(text),
    })
    res.end('{}')
  })
})

beforeAll(async () => {
  await new Promise<void>((resolve) => hooks.listen(0, '127.0.0.1', () => resolve()))
  sandbox = await startPagarmeSandbox({
    webhookUrl: `http://127.0.0.1:${(hooks.address() as AddressInfo).port}/webhooks/pagarme`,
    webhookAuth: 'pagarme:segredo',
    webhookRetryDelaysMs: [0, 50, 50],
    quiet: true,
  })
})
afterAll(async () => {
  await sandbox.close()
  await new Promise((resolve) => hooks.close(resolve))
})

const auth = { Authorization: `Basic ${btoa('sk_test_abc:')}`, 'Content-Type': 'application/json' }

async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = auth) {
  const response = await fetch(`${sandbox.apiUrl}${path}`, {
    method,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  return { status: response.status, headers: response.headers, body: await response.json() }
}

/** One of the sandbox's own controls (`charges/{id}/pay`, `outage`, …), as its dashboard plays it. */
function sandboxControl(path: string, body?: unknown) {
  return fetch(`${sandbox.origin}/_sandbox/${path}`, {
    method: 'POST',
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
}

async function token(number: string = TEST_CARDS.approved, cvv = '123') {
  const { status, body } = await call(
    'POST',
    '/tokens?appId=pk_test_abc',
    { type: 'card', card: { number, holder_name: 'ANA SOUZA', exp_month: 12, exp_year: 31, cvv } },
    { 'Content-Type': 'application/json', Origin: 'http://127.0.0.1:8787' },
  )
  expect(status).toBe(200)
  return body.id as string
}

const customer = {
  name: 'Ana Souza',
  email: 'ana@example.com',
  document: '52998224725',
  type: 'individual',
  phones: { mobile_phone: { country_code: '55', area_code: '41', number: '998765432' } },
}
const order = (payment: Record<string, unknown>, code = `ped_${crypto.randomUUID()}`) => ({
  code,
  items: [{ code: 'itens', description: 'Cursos', amount: 49000, quantity: 1 }],
  customer,
  payments: [{ amount: 49000, ...payment }],
})

/** A boleto as the SDK's request has it: the payer's address is required. */
const BOLETO = {
  billing_address: providerBillingAddress,
}

describe('tokens', () => {
  it('answers a token for a valid card, with CORS for the browser, and 422 keyed by field otherwise', async () => {
    const ok = await fetch(`${sandbox.apiUrl}/tokens?appId=pk_test_abc`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: 'https://loja.example' },
      body: JSON.stringify({
        type: 'card',
        card: { number: TEST_CARDS.approved, holder_name: 'ANA', exp_month: 12, exp_year: 31, cvv: '123' },
      }),
    })
    expect(ok.headers.get('access-control-allow-origin')).toBe('https://loja.example')
    expect(await ok.json()).toMatchObject({ id: expect.stringMatching(/^token_/), type: 'card' })

    const preflight = await fetch(`${sandbox.apiUrl}/tokens?appId=pk_test_abc`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://loja.example', 'Access-Control-Request-Method': 'POST' },
    })
    expect(preflight.status).toBe(204)

    const bad = await call(
      'POST',
      '/tokens?appId=pk_test_abc',
      {
        type: 'card',
        card: { number: '4000000000000011', holder_name: '', exp_month: 1, exp_year: 20, cvv: '1' },
      },
      { 'Content-Type': 'application/json' },
    )
    expect(bad.status).toBe(422)
    expect(bad.body.message).toBe('The request is invalid.')
    expect(Object.keys(bad.body.errors).sort()).toEqual([
      'request.card.cvv',
      'request.card.exp_month',
      'request.card.holder_name',
      'request.card.number',
    ])
    const noKey = await call('POST', '/tokens?appId=sk_live_x', {}, { 'Content-Type': 'application/json' })
    expect(noKey.status).toBe(401)
  })
})

describe('orders', () => {
  it('refuses calls without a test secret key (401)', async () => {
    expect(
      (await call('GET', '/orders', undefined, { Authorization: `Basic ${btoa('sk_live:')}` })).status,
    ).toBe(401)
  })

  it('charges the approved card once per Idempotency-Key; a token is used once', async () => {
    const card = await token()
    const body = order({ payment_method: 'credit_card', credit_card: { installments: 3, card_token: card } })
    const headers = { ...auth, 'Idempotency-Key': crypto.randomUUID() }
    const [first, second] = await Promise.all([
      call('POST', '/orders', body, headers),
      call('POST', '/orders', body, headers),
    ])
    expect(first.body.id).toBe(second.body.id)
    expect(first.body).toMatchObject({
      status: 'paid',
      charges: [
        {
          status: 'paid',
          paid_amount: 49000,
          payment_method: 'credit_card',
          last_transaction: { status: 'captured', installments: 3, acquirer_return_code: '0000' },
        },
      ],
    })
    const again = await call('POST', '/orders', body, { ...auth, 'Idempotency-Key': crypto.randomUUID() })
    expect(again.status).toBe(422)
    expect(again.body.errors['order.payments[0].credit_card.card_token']).toBeTruthy()
  })

  it.each([
    [TEST_CARDS.declined, '123', '1000'],
    [TEST_CARDS.approved, '612', '1045'],
    [TEST_CARDS.insufficientFunds, '123', '1016'],
    [TEST_CARDS.expired, '123', '1001'],
  ])('card %s (cvv %s) is refused with the acquirer code %s', async (number, cvv, code) => {
    const created = await call(
      'POST',
      '/orders',
      order({
        payment_method: 'credit_card',
        credit_card: { installments: 1, card_token: await token(number, cvv) },
      }),
    )
    expect(created.body).toMatchObject({
      status: 'failed',
      charges: [
        { status: 'failed', last_transaction: { status: 'not_authorized', acquirer_return_code: code } },
      ],
    })
    expect(created.body.charges[0].last_transaction.acquirer_message).toBeTruthy()
  })

  it('a processing card settles a moment later', async () => {
    const created = await call(
      'POST',
      '/orders',
      order({
        payment_method: 'credit_card',
        credit_card: { installments: 1, card_token: await token(TEST_CARDS.processingThenPaid) },
      }),
    )
    expect(created.body.charges[0].status).toBe('processing')
    await new Promise((resolve) => setTimeout(resolve, 1600))
    expect((await call('GET', `/orders/${created.body.id}`)).body.charges[0].status).toBe('paid')
  })

  it('answers 422 keyed by field for an invalid CPF and a street number that is not a number', async () => {
    const { status, body } = await call('POST', '/orders', {
      ...order({ payment_method: 'pix', pix: { expires_in: 1800 } }),
      customer: { ...customer, document: '11111111111', address: { line_1: 'S/N, Rua A, Centro' } },
    })
    expect(status).toBe(422)
    expect(body.errors).toEqual({
      'order.customer.document': ['Invalid CPF'],
      'order.customer.address.number': ['The number field must be a string.'],
    })
  })

  it('a boleto is pending with its line, PDF and due date; a PIX with its EMV code; both are found by code', async () => {
    const code = `ped_${crypto.randomUUID()}`
    const boleto = await call('POST', '/orders', order({ payment_method: 'boleto', boleto: BOLETO }, code))
    const tx = boleto.body.charges[0].last_transaction
    expect(tx).toMatchObject({ status: 'generated', line: expect.stringMatching(/^\d{47}$/) })
    const pdf = await fetch(tx.pdf)
    expect(pdf.headers.get('content-type')).toBe('application/pdf')
    expect(new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 5))).toBe('%PDF-')

    const pix = await call('POST', '/orders', order({ payment_method: 'pix', pix: { expires_in: 1800 } }))
    expect(isValidPixPayload(pix.body.charges[0].last_transaction.qr_code)).toBe(true)

    const found = await call('GET', `/orders?code=${code}`)
    expect(found.body.data.map((o: { id: string }) => o.id)).toEqual([boleto.body.id])
    expect((await call('GET', '/orders?code=ped_nenhum')).body).toEqual({ data: [], paging: { total: 0 } })
    expect((await call('GET', '/orders/or_nenhum')).status).toBe(404)
  })
})

describe('after the sale', () => {
  async function paidCard() {
    const created = await call(
      'POST',
      '/orders',
      order({ payment_method: 'credit_card', credit_card: { installments: 1, card_token: await token() } }),
    )
    return created.body.charges[0].id as string
  }

  it('DELETE /charges/{id} on the day of the capture voids, in part then in full (no paid_at left)', async () => {
    const charge = await paidCard()
    const partial = await call('DELETE', `/charges/${charge}`, { amount: 10000 })
    expect(partial.body).toMatchObject({
      status: 'paid',
      canceled_amount: 10000,
      last_transaction: { status: 'partial_void' },
    })
    const rest = await call('DELETE', `/charges/${charge}`, {})
    expect(rest.body).toMatchObject({
      status: 'canceled',
      canceled_amount: 49000,
      last_transaction: { status: 'voided' },
      order: { status: 'canceled' },
    })
    // As the documentation's charge.refunded example: nothing says it had been paid.
    expect(rest.body.paid_at).toBeUndefined()
    expect(rest.body.paid_amount).toBeUndefined()
    expect((await call('DELETE', `/charges/${charge}`, {})).status).toBe(422)
  })

  it('DELETE /charges/{id} on a later day refunds, in part then in full', async () => {
    const charge = await paidCard()
    await sandboxControl(`charges/${charge}/age`, { days: 2 })
    const partial = await call('DELETE', `/charges/${charge}`, { amount: 10000 })
    expect(partial.body).toMatchObject({ status: 'paid', last_transaction: { status: 'partial_refunded' } })
    const rest = await call('DELETE', `/charges/${charge}`, {})
    expect(rest.body).toMatchObject({
      status: 'canceled',
      canceled_amount: 49000,
      paid_amount: 49000,
      last_transaction: { status: 'refunded' },
    })
  })

  it('a boleto paid short is underpaid, paid over is overpaid, with what arrived', async () => {
    const boletoPaid = async (amount: number) => {
      const charge = (await call('POST', '/orders', order({ payment_method: 'boleto', boleto: BOLETO }))).body
        .charges[0].id
      return (await sandboxControl(`charges/${charge}/pay`, { amount })).json()
    }
    expect(await boletoPaid(40000)).toMatchObject({ status: 'underpaid', paid_amount: 40000 })
    expect(await boletoPaid(50000)).toMatchObject({ status: 'overpaid', paid_amount: 50000 })
  })

  it("a boleto without the payer's address is refused, as the SDK's request requires it", async () => {
    const refused = await call('POST', '/orders', order({ payment_method: 'boleto', boleto: {} }))
    expect(refused.status).toBe(422)
    expect(Object.keys(refused.body.errors)).toEqual(['order.payments[0].boleto.billing_address'])
  })

  it('a paid boleto is refunded only to a bank account', async () => {
    const created = await call('POST', '/orders', order({ payment_method: 'boleto', boleto: BOLETO }))
    const charge = created.body.charges[0].id
    await sandboxControl(`charges/${charge}/pay`)
    const refused = await call('DELETE', `/charges/${charge}`, {})
    expect(refused.status).toBe(422)
    expect(Object.keys(refused.body.errors)).toEqual(['bank_account'])
  })

  it('a chargeback leaves the order paid and the charge chargedback', async () => {
    const charge = await paidCard()
    await sandboxControl(`charges/${charge}/chargeback`)
    const read = await call('GET', `/charges/${charge}`)
    expect(read.body).toMatchObject({ status: 'chargedback', order: { status: 'paid' } })
  })

  it('a dispute won stays chargedback, as at Pagar.me, and shows as a chargeback_refund payable', async () => {
    const charge = await paidCard()
    const payables = async (type?: string) =>
      (await call('GET', `/payables?charge_id=${charge}${type ? `&type=${type}` : ''}`)).body.data.map(
        (payable: { type: string; amount: number }) => [payable.type, payable.amount],
      )
    expect(await payables()).toEqual([['credit', 49000]])
    const early = await sandboxControl(`charges/${charge}/dispute-won`)
    expect(early.status).toBe(422)
    await sandboxControl(`charges/${charge}/chargeback`)
    expect(await payables('chargeback_refund')).toEqual([])
    // A person plays the win from the dashboard's button.
    const before = await (await fetch(`${sandbox.origin}/`)).text()
    expect(before).toContain(`action="/sandbox/actions/dispute-won/${charge}"`)
    const won = await sandboxControl(`charges/${charge}/dispute-won`)
    expect(won.status).toBe(200)
    expect((await call('GET', `/charges/${charge}`)).body).toMatchObject({
      status: 'chargedback',
      last_transaction: { status: 'chargedback' },
    })
    expect(await payables()).toEqual([
      ['credit', 49000],
      ['chargeback', -49000],
      ['chargeback_refund', 49000],
    ])
    expect(await payables('chargeback_refund')).toEqual([['chargeback_refund', 49000]])
    // The dashboard says so, and offers no second win.
    const page = await (await fetch(`${sandbox.origin}/`)).text()
    expect(page).toContain('contestação ganha (recebível chargeback_refund)')
  })

  it('an outage answers 503 for what it names, then recovers', async () => {
    const charge = await paidCard()
    await sandboxControl('outage', { target: charge })
    expect((await call('GET', `/charges/${charge}`)).status).toBe(503)
    await sandboxControl('outage', { target: charge, enabled: false })
    expect((await call('GET', `/charges/${charge}`)).status).toBe(200)
  })

  it('sends events with basic auth and retries one that was refused', async () => {
    refuseWebhooks = 1
    const created = await call('POST', '/orders', order({ payment_method: 'pix', pix: { expires_in: 1800 } }))
    const charge = created.body.charges[0].id
    await sandboxControl(`charges/${charge}/pay`)
    await expect
      .poll(() => received.filter((hook) => hook.body.data.id === charge).map((hook) => hook.body.type))
      .toContain('charge.paid')
    expect(received.at(-1)?.authorization).toBe(`Basic ${btoa('pagarme:segredo')}`)
  })

  it('signs each event as Pagar.me does: RS256 over the exact body, by a kid of the key set it publishes; a rotation adds a kid and keeps the old', async () => {
    const jwks = async () =>
      ((await (await fetch(sandbox.jwksUrl)).json()) as { keys: Array<JWK & { kid: string }> }).keys
    const verifies = async (text: string, header: string) => {
      const match = /^alg=RS256; kid=([\w-]+); signature=([\w-]+)$/.exec(header)
      expect(match, header).not.toBeNull()
      const jwk = (await jwks()).find((key) => key.kid === match![1])
      if (!jwk) return false
      expect(jwk).toMatchObject({ kty: 'RSA', use: 'sig', alg: 'RS256' })
      const key = (await importJWK(jwk, 'RS256')) as CryptoKey
      const signature = Buffer.from(match![2]!, 'base64url')
      return crypto.subtle.verify('RSASSA-PKCS1-v1_5', key, signature, new TextEncoder().encode(text))
    }
    const created = await call('POST', '/orders', order({ payment_method: 'pix', pix: { expires_in: 1800 } }))
    const charge = created.body.charges[0].id
    await sandboxControl(`charges/${charge}/pay`)
    await expect.poll(() => received.find((hook) => hook.body.data.id === charge)).toBeDefined()
    const hook = received.find((hook) => hook.body.data.id === charge)!
    expect(await verifies(hook.text, hook.signature!)).toBe(true)
    expect(await verifies(`${hook.text} `, hook.signature!)).toBe(false)

    const before = (await jwks()).map((key) => key.kid)
    const rotated = await sandboxControl('keys/rotate')
    const { kid } = (await rotated.json()) as { kid: string }
    expect(before).not.toContain(kid)
    expect((await jwks()).map((key) => key.kid)).toEqual([kid, ...before])
    const signed = await sandboxControl('webhooks/sign', { body: '{"type":"charge.paid"}' })
    const { signature } = (await signed.json()) as { signature: string }
    expect(signature).toContain(`kid=${kid};`)
    expect(await verifies('{"type":"charge.paid"}', signature)).toBe(true)
    // The key that signed before the rotation still verifies what it signed.
    expect(await verifies(hook.text, hook.signature!)).toBe(true)
  })

  it('takes its key set down and back on demand (the API stays up)', async () => {
    const toggle = (enabled: boolean) => sandboxControl('outage', { target: 'jwks', enabled })
    await toggle(true)
    expect((await fetch(sandbox.jwksUrl)).status).toBe(503)
    expect((await call('GET', '/orders?size=1')).status).toBe(200)
    await toggle(false)
    expect((await fetch(sandbox.jwksUrl)).status).toBe(200)
  })
})

describe('debit cards with 3-D Secure (the sandbox plays the issuer)', () => {
  const debit = async (
    number: string,
    threeDs: Record<string, unknown> = { mpi: 'acquirer', success_url: 'https://loja.example/volta' },
  ) =>
    call(
      'POST',
      '/orders',
      order({
        payment_method: 'debit_card',
        debit_card: {
          card_token: await token(number),
          authentication: { type: 'threed_secure', threed_secure: threeDs },
        },
      }),
    )

  it('authenticates the frictionless card at once, and refuses the refused card with nothing charged', async () => {
    const paid = await debit(DEBIT_TEST_CARDS.frictionless)
    expect(paid.body).toMatchObject({
      status: 'paid',
      charges: [{ status: 'paid', payment_method: 'debit_card' }],
    })
    const refused = await debit(DEBIT_TEST_CARDS.refused)
    expect(refused.body.charges[0]).toMatchObject({
      status: 'failed',
      last_transaction: { eci: '07', acquirer_message: AUTHENTICATION_REFUSAL },
    })
    expect(refused.body.charges[0].paid_amount ?? 0).toBe(0)
  })

  it('asks the challenge card for the payer: approving pays, refusing fails; both return to success_url', async () => {
    for (const [decision, status] of [
      ['aprovar', 'paid'],
      ['recusar', 'failed'],
    ] as const) {
      const created = await debit(DEBIT_TEST_CARDS.challenge)
      const charge = created.body.charges[0]
      expect(charge.status).toBe('pending')
      const url = charge.last_transaction.threed_authentication_url as string
      expect(url).toBe(`${sandbox.origin}/sandbox/3ds/${charge.id}`)
      expect(await answerChallenge(url, decision)).toBe('https://loja.example/volta')
      expect((await call('GET', `/charges/${charge.id}`)).body.status).toBe(status)
    }
  })

  it('needs the authentication: none, or a third-party MPI without its cavv, is a 422', async () => {
    const without = await call(
      'POST',
      '/orders',
      order({ payment_method: 'debit_card', debit_card: { card_token: await token() } }),
    )
    expect(Object.keys(without.body.errors)).toEqual(['order.payments[0].debit_card.authentication'])
    const noCavv = await debit(TEST_CARDS.approved, { mpi: 'third_party' })
    expect(noCavv.status).toBe(422)
    const withCavv = await debit(TEST_CARDS.approved, {
      mpi: 'third_party',
      cavv: 'AAABB2gHA1B5EFNjWQcDAAAAAAB=',
      eci: '05',
    })
    expect(withCavv.body.status).toBe('paid')
  })

  it("serves a boleto's PDF at its page with ?format=pdf (the plan payment's link, SPEC 9)", async () => {
    const created = await call(
      'POST',
      '/orders',
      order({
        payment_method: 'boleto',
        boleto: { ...BOLETO, due_at: new Date(Date.now() + 86_400_000).toISOString() },
      }),
    )
    const url = created.body.charges[0].last_transaction.url as string
    const pdf = await fetch(`${url}?format=pdf`)
    expect(pdf.headers.get('content-type')).toBe('application/pdf')
    expect((await pdf.text()).startsWith('%PDF-')).toBe(true)
  })
})
