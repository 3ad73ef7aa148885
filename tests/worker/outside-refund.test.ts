import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { auditLog, enrollments, orderItems, orders } from '../../db/schema.ts'
import { REFUND_MESSAGES } from '../../worker/services/checkout/refund.ts'
import { adminCookie } from '../support/worker/admin.ts'
import { createClass, createOrder, createUser, sessionCookie, testDb, unique } from '../support/worker/db.ts'
import { workerFetch } from '../support/worker/http.ts'

// Issue 22, item 4: a paid order the provider holds no charge of (the seed's demo orders, one
// settled outside the site) is refused with what is true, and the admin records the refund made
// outside: the enrollment ends, the buyer is told, the audit log keeps it, once.

const BASE = 'http://localhost'
const db = testDb()

async function paidOutside() {
  const turma = await createClass(db)
  const buyer = await createUser(db)
  const id = await createOrder(db, {
    userId: buyer.id,
    status: 'paid',
    paidAt: new Date(),
    grossCents: 49000,
    totalCents: 49000,
    // An id the provider never issued (an order settled outside the site).
    gatewayOrderId: `or_${unique('fora')}`,
    paymentType: 'PIX',
    payer: { name: 'Pessoa Fora', email: buyer.email, cpf: '52998224725', phone: '41999990000' },
  })
  await db.insert(orderItems).values({
    orderId: id,
    itemType: 'turma',
    itemId: turma.id,
    classId: turma.id,
    courseId: turma.courseId,
    name: 'Turma',
    grossCents: 49000,
    netCents: 49000,
  })
  await db.insert(enrollments).values({ userId: buyer.id, classId: turma.id, orderId: id })
  return id
}

const post = async (path: string, cookie: string, body: unknown = {}) => {
  const response = await workerFetch(`${BASE}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: BASE, cookie },
    body: JSON.stringify(body),
  })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

describe('a refund of an order paid outside the provider', () => {
  it('says there is no charge to refund, then records the outside refund once', async () => {
    const admin = await adminCookie()
    const id = await paidOutside()

    const refused = await post(`/api/admin/pedidos/${id}/estorno`, admin)
    expect(refused.status, JSON.stringify(refused.body)).toBe(422)
    expect(refused.body.errors).toEqual({ charge: [REFUND_MESSAGES.noCharge] })

    const noReason = await post(`/api/admin/pedidos/${id}/estorno-externo`, admin, { motivo: '' })
    expect(noReason.status).toBe(422)

    const attempts = await Promise.all(
      Array.from({ length: 10 }, () =>
        post(`/api/admin/pedidos/${id}/estorno-externo`, admin, { motivo: 'PIX devolvido pela secretaria' }),
      ),
    )
    expect(attempts.map((a) => a.status)).toEqual(Array(10).fill(200))
    expect(attempts.filter((a) => a.body.message === REFUND_MESSAGES.recorded)).toHaveLength(1)
    const [order] = await db.select().from(orders).where(eq(orders.id, id))
    expect(order).toMatchObject({ status: 'refunded', refundedCents: 49000 })
    expect(
      (await db.select().from(enrollments).where(eq(enrollments.orderId, id))).map((e) => e.status),
    ).toEqual(['cancelled'])
    const audit = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'order.refund_recorded')))
    expect(audit).toHaveLength(1)
    expect(audit[0]!.data).toMatchObject({ amount_cents: 49000, reason: 'PIX devolvido pela secretaria' })
  })

  it('is refused for an order the provider does hold a charge of, and for a student', async () => {
    const admin = await adminCookie()
    const id = await paidOutside()
    await db.update(orders).set({ gatewayChargeId: 'ch_fora' }).where(eq(orders.id, id))
    const refused = await post(`/api/admin/pedidos/${id}/estorno-externo`, admin, { motivo: 'por fora' })
    expect(refused.status).toBe(422)
    expect(refused.body.errors).toEqual({ charge: [REFUND_MESSAGES.hasCharge] })
    const student = await sessionCookie((await createUser(db)).id)
    expect(
      (await post(`/api/admin/pedidos/${id}/estorno-externo`, student, { motivo: 'por fora' })).status,
    ).toBe(403)
  })
})
