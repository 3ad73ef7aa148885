// The demo student's recent purchase (issue 40, item 4): what a new user needs to see every right
// the product gives, 'Solicitar reembolso' (the 7-day right of withdrawal) among them. The seeded
// orders never reached the payment sandbox and their 7 days are long gone; this buys an online
// course as the demo student's browser would, through the public API (sign in, cart, checkout,
// the card tokenized at the provider with the public key, pay) against the local sandbox, so the
// purchase has a real charge its refund can reverse.
import type { z } from 'zod'
import { DEMO_USERS } from '../../db/seed.ts'
import { ADDRESS, DEMO_ORDER_IDS, DEMO_PAYER, DEMO_RECENT_PURCHASE } from '../../db/seed-data/student.ts'
import { tokenizeCard } from '../../web/src/features/checkout/card.ts'
import { CartResponse, CheckoutView } from '../../worker/contract/cart.ts'
import { PaymentsConfig, PayResult } from '../../worker/contract/checkout.ts'
import { EnrolledCourses, PurchaseList } from '../../worker/contract/student.ts'
import { TEST_CARDS } from '../pagarme-sandbox/cards.ts'

/** What the start did: bought now, or kept the purchase that still offers the refund. */
export type DemoPurchase = { created: boolean; item: string; refundableUntil: string }

const SEEDED_ORDERS = new Set<string>(Object.values(DEMO_ORDER_IDS))

/**
 * Makes sure the demo student holds a purchase whose 'Solicitar reembolso' shows: none of hers
 * (but the seeded ones) offers it any more, so she buys, by card in one payment, the first class
 * of DEMO_RECENT_PURCHASE she does not hold. Idempotent: a restart within the 7 days keeps that
 * purchase; after them (or after its refund), the next start buys again. Throws with the API's
 * answer when a step fails (the caller warns: the stack runs without it).
 */
export async function ensureDemoPurchase(origin: string): Promise<DemoPurchase> {
  const client = apiClient(origin)
  await client.send('/login', {
    email: DEMO_USERS.student.email,
    password: DEMO_USERS.student.password,
    json: true,
  })

  const offered = (await client.read('/api/usuario/compras', PurchaseList)).find(
    (purchase) => !SEEDED_ORDERS.has(purchase.order_id) && purchase.withdrawal?.state === 'available',
  )
  if (offered) {
    return {
      created: false,
      item: offered.items.map((item) => item.name).join(', '),
      refundableUntil: offered.withdrawal!.ends_at,
    }
  }

  const held = new Set((await client.read('/api/usuario/cursos', EnrolledCourses)).map((row) => row.class_id))
  const classId = DEMO_RECENT_PURCHASE.classIds.find((id) => !held.has(id))
  if (classId === undefined) throw new Error('a aluna de demonstração já tem todas as turmas candidatas.')

  const cart = await client.send(
    '/carrinho-de-compras/update-cart',
    { hash: null, data: { id: classId, type: 'turma' }, option: 'add' },
    CartResponse,
  )
  const view = await client.read(`/checkout/get?cart=${cart.hash}`, CheckoutView)
  const config = await client.read('/api/payments/config', PaymentsConfig)
  // The card tokenized at the provider by the checkout page's own code, with the public key.
  const token = await tokenizeCard(config, {
    number: TEST_CARDS.approved,
    holderName: 'ANA B SOUZA',
    expiry: '12/31',
    cvv: '123',
  })
  const result = await client.send(
    '/checkout/pagar',
    {
      hash: view.hash,
      idempotency_key: `demo-${crypto.randomUUID()}`,
      payer: DEMO_PAYER,
      billingAddress: ADDRESS,
      total: view.totals.net_value,
      payment_type: 'CREDIT_CARD',
      cardhash: token,
      holderName: 'ANA B SOUZA',
    },
    PayResult,
  )
  if (result.status !== 'paid')
    throw new Error(`o pagamento ficou "${result.status}": ${result.message ?? ''}`)

  const bought = (await client.read('/api/usuario/compras', PurchaseList)).find(
    (purchase) => purchase.order_id === result.order_id,
  )
  return {
    created: true,
    item: bought?.items.map((item) => item.name).join(', ') ?? `turma ${classId}`,
    refundableUntil: bought?.withdrawal?.ends_at ?? '',
  }
}

/** The Worker's API as the demo student's browser calls it: same origin, her session cookie. */
function apiClient(origin: string) {
  let cookie = ''
  async function call<T>(path: string, init: RequestInit, schema?: z.ZodType<T>): Promise<T> {
    const response = await fetch(`${origin}${path}`, {
      ...init,
      headers: {
        accept: 'application/json',
        origin,
        ...(cookie ? { cookie } : {}),
        ...(init.body ? { 'content-type': 'application/json' } : {}),
      },
    })
    const session = response.headers
      .getSetCookie()
      .find((line) => /^[\w-]*session=/.test(line))
      ?.split(';')[0]
    if (session) cookie = session
    const text = await response.text()
    if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path} respondeu ${response.status}: ${text}`)
    return (schema ? schema.parse(JSON.parse(text)) : undefined) as T
  }
  return {
    read: <T>(path: string, schema: z.ZodType<T>) => call(path, { method: 'GET' }, schema),
    send: <T>(path: string, body: unknown, schema?: z.ZodType<T>) =>
      call(path, { method: 'POST', body: JSON.stringify(body) }, schema),
  }
}
