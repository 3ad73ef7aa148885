// A sign-up or a checkout cut by the database going away at each of its round trips: nothing is
// left half-written, the answer says what happened, and the same request sent again completes.
import { eq } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { enrollments, orderItems, orders, users } from '../../db/schema.ts'
import { CHECKOUT_MESSAGES, PayResult } from '../../worker/contract/checkout.ts'
import { UNAVAILABLE_MESSAGE } from '../../worker/contract/unavailable.ts'
import type { Env } from '../../worker/env.ts'
import { testDb, testEnv, uniqueEmail } from '../support/worker/db.ts'
import { mailsTo } from '../support/worker/mail.ts'
import { callWith, cardCheckout, databaseFault, jsonPost } from '../support/worker/outages.ts'
import { providerRequests } from '../support/worker/pagarme.ts'

const db = testDb()
// The checkout's own round trips are cut one by one: the NFS-e it would send after its answer (its
// own round trips, tested in nfse.test.ts) is off here.
const workerEnv: Env = { ...testEnv, FISCAL_ISSUANCE: 'off', DEADLINES_MS: JSON.stringify({ database: 600 }) }
const call = (path: string, init: RequestInit = {}) => callWith(workerEnv, path, init)
/** Orders the Pagar.me sandbox created (each one a charge). */
const chargeCount = async () =>
  (await providerRequests('/orders', 'POST')).filter((request) => request.status === 200).length

afterEach(() => databaseFault('none'))

describe('a sign-up interrupted by the database', () => {
  const signUp = () => ({
    name: 'Joana Teixeira Brandão',
    email: uniqueEmail('cadastro'),
    password: 'segredo1',
    phone: '(41) 99876-5432',
  })
  const accounts = (email: string) => db.select().from(users).where(eq(users.email, email))

  it('refused: no account; the same sign-up sent again creates it and signs in', async () => {
    const input = signUp()
    await databaseFault('refuse')
    const first = await call('/user/create_user', jsonPost(input))
    expect(first.status).toBe(503)
    expect(first.body).toEqual({ msg: UNAVAILABLE_MESSAGE })
    await databaseFault('none')
    expect(await accounts(input.email)).toEqual([])

    const again = await call('/user/create_user', jsonPost(input))
    expect(again.status).toBe(200)
    expect(again.headers.get('set-cookie')).toMatch(/^renalis_session=/)
    expect(await accounts(input.email)).toHaveLength(1)
  })

  it('frozen: the write lands after the 503; the same sign-up sent again signs in to that one account', async () => {
    const input = signUp()
    await databaseFault('hang')
    const first = await call('/user/create_user', jsonPost(input))
    expect(first.status).toBe(503)
    // The frozen database wakes up and runs what it was sent: account and session, together.
    await databaseFault('none')
    await expect.poll(async () => (await accounts(input.email)).length).toBe(1)

    const again = await call('/user/create_user', jsonPost(input))
    expect(again.status).toBe(200)
    const cookie = again.headers.get('set-cookie')!.split(';')[0]!
    expect((await call('/admin/user/get', { headers: { cookie } })).body).toMatchObject({
      email: input.email,
    })
    expect(await accounts(input.email)).toHaveLength(1)
  })
})

describe('a card checkout cut at each of its database round trips', () => {
  /** A cart, a card token and a request body, made while the database is well. */
  function prepare() {
    return cardCheckout(workerEnv, {
      name: 'Joana Teixeira Brandão',
      holderName: 'JOANA T BRANDAO',
      emailPrefix: 'cortada',
      priceCents: 52000,
    })
  }

  /** What the database holds for this checkout: never an account without its order, nor an order without its lines. */
  async function state(email: string, key: string) {
    const order = (await db.select().from(orders).where(eq(orders.idempotencyKey, key)))[0]
    const accounts = await db.select().from(users).where(eq(users.email, email))
    const lines = order ? await db.select().from(orderItems).where(eq(orderItems.orderId, order.id)) : []
    const enrolled = order ? await db.select().from(enrollments).where(eq(enrollments.orderId, order.id)) : []
    const mails = await mailsTo(email)
    expect(accounts.length, 'an account exists only with its order').toBe(order ? 1 : 0)
    if (order) expect(lines.length, 'an order has its lines').toBeGreaterThan(0)
    expect(enrolled.length, 'enrolled exactly when paid').toBe(order?.status === 'paid' ? 1 : 0)
    expect(mails.length, 'a confirmation exactly when paid').toBe(order?.status === 'paid' ? 1 : 0)
    return order
  }

  it('leaves nothing half-written, says whether it charged, and completes when sent again', async () => {
    const chargesBefore = await chargeCount()
    const interrupted: Array<Awaited<ReturnType<typeof prepare>>> = []
    const outcomes: string[] = []
    for (let cut = 0; cut < 12; cut += 1) {
      const checkout = await prepare()
      const before = await chargeCount()
      await databaseFault('refuse', cut)
      const first = await call('/checkout/pagar', jsonPost(checkout.body))
      await databaseFault('none')
      const charged = (await chargeCount()) - before
      expect(charged, `cut ${cut}`).toBeLessThanOrEqual(1)
      const order = await state(checkout.email, checkout.key)
      interrupted.push(checkout)

      if (first.status === 503) {
        // Plainly: whether the card was charged.
        expect(first.body, `cut ${cut}`).toEqual({
          msg: charged ? CHECKOUT_MESSAGES.chargedNotRecorded : CHECKOUT_MESSAGES.nothingCharged,
          code: 2,
        })
        expect(first.headers.get('Retry-After')).toBe('5')
        outcomes.push(charged ? 'charged, not recorded' : 'nothing charged')
      } else {
        expect(first.status, `cut ${cut}: ${first.text}`).toBe(200)
        expect(order?.status).toBe('paid')
        outcomes.push(PayResult.parse(first.body).error ? 'paid, e-mail later' : 'paid')
        if (outcomes.at(-1) === 'paid') break
      }
    }
    // Every kind of interruption was met before the checkout ran through untouched.
    expect(outcomes).toContain('nothing charged')
    expect(outcomes).toContain('charged, not recorded')
    expect(outcomes.at(-1)).toBe('paid')

    // The same requests again (the page keeps the idempotency key), all at once: each completes,
    // and no card is charged twice.
    const again = await Promise.all(interrupted.map(({ body }) => call('/checkout/pagar', jsonPost(body))))
    for (const [index, answer] of again.entries()) {
      expect(answer.status, `cut ${index} again: ${answer.text}`).toBe(200)
      const result = PayResult.parse(answer.body)
      expect(result.status).toBe('paid')
      const { email, key } = interrupted[index]!
      expect((await state(email, key))?.id).toBe(result.order_id)
    }
    expect((await chargeCount()) - chargesBefore).toBe(interrupted.length)
  }, 120_000)
})
