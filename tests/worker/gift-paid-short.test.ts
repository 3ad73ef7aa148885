import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { orders } from '../../db/schema.ts'
import { PayResult } from '../../worker/contract/checkout.ts'
import {
  cartWith,
  enrolledClasses,
  enrollmentsOf,
  newPayer,
  orderRow,
  payCheckout,
  payDifference,
  sessionCookieOf,
} from '../support/worker/checkout.ts'
import { createClass, createUser, sessionCookie, testDb, uniqueEmail } from '../support/worker/db.ts'
import { storeMailsTo } from '../support/worker/mail.ts'
import { payAtProvider, refundAtProvider, sendWebhook } from '../support/worker/pagarme.ts'

// A gift bought by boleto, paid short (issue 40, item 5), completed by its difference, the difference
// refunded at the provider (decision 028), then paid again: the recipient's access follows the money
// each time, and nobody is told twice what they were already told.

const db = testDb()
const SHORT = 7000

describe('a gift paid short', () => {
  it('opens for the recipient when its difference is paid, closes when that goes back, opens again when paid again', async () => {
    const recipient = await createUser(db, { passwordHash: 'x', email: uniqueEmail('presenteado') })
    const recipientCookie = await sessionCookie(recipient.id)
    const turma = await createClass(db, { priceCents: 40000 })
    const payer = newPayer()
    const bought = await payCheckout(await cartWith(['turma', turma.id]), {
      payment: 'BOLETO',
      payer,
      extra: { gifts: [{ name: 'Pessoa Presenteada', email: recipient.email }] },
    })
    expect(bought.status, JSON.stringify(bought.body)).toBe(200)
    const buyerCookie = sessionCookieOf(bought.response)
    const [order] = await db
      .select()
      .from(orders)
      .where(eq(orders.id, PayResult.parse(bought.body).order_id))
    await payAtProvider(order!.gatewayChargeId!, order!.totalCents - SHORT)
    expect((await sendWebhook('charge.underpaid', order!.gatewayChargeId!)).status).toBe(200)
    expect(await enrolledClasses(recipientCookie)).not.toContain(turma.id)
    expect(await storeMailsTo(recipient.email)).toEqual([])

    const first = await payDifference(order!.id, buyerCookie)
    expect((await orderRow(order!.id)).status).toBe('paid')
    expect(await enrolledClasses(recipientCookie)).toContain(turma.id)
    expect(await enrolledClasses(buyerCookie)).not.toContain(turma.id)
    const told = await storeMailsTo(recipient.email)
    expect(told).toHaveLength(1)

    await refundAtProvider(first.gatewayChargeId!)
    expect((await sendWebhook('charge.refunded', first.gatewayChargeId!)).status).toBe(200)
    expect((await orderRow(order!.id)).status).toBe('underpaid')
    expect(await enrolledClasses(recipientCookie)).not.toContain(turma.id)
    expect((await enrollmentsOf(order!.id)).map((row) => row.status)).toEqual(['cancelled'])

    await payDifference(order!.id, buyerCookie)
    expect((await orderRow(order!.id)).status).toBe('paid')
    expect(await enrolledClasses(recipientCookie)).toContain(turma.id)
    expect(await enrolledClasses(buyerCookie)).not.toContain(turma.id)
    expect((await enrollmentsOf(order!.id)).map((row) => row.status)).toEqual(['active'])
    // Told once, when the gift was first paid: the access coming back is not a second gift.
    expect(await storeMailsTo(recipient.email)).toEqual(told)
  })
})
