import type { ResultSet } from '@libsql/client'
import { eq, or, type SQL, sql } from 'drizzle-orm'
import { emailOutbox, orders } from '../../../db/schema.ts'
import type { EmailMessage } from '../../adapters/email.ts'
import type { GatewayPayment } from '../../adapters/payments/types.ts'
import type { AppContext } from '../../context.ts'
import { advance, endsAccess, grantsAccess, isSameStep, type OrderPosition } from '../../domain/orders.ts'
import type { OrderState } from '../../domain/payments.ts'
import { deliverQueued } from '../email/outbox.ts'
import { chargebackEmail, confirmationEmail, refundEmail } from './emails.ts'
import { paymentGateway } from './gateway.ts'

export type OrderRow = typeof orders.$inferSelect

/** What the provider says of an order: its state, what was refunded, and the payment it read. */
export type Report = { status: OrderState; refundedCents: number; payment?: GatewayPayment | undefined }

export const reportOf = (payment: GatewayPayment): Report => ({
  status: payment.status,
  refundedCents: payment.refundedCents,
  payment,
})

export type QueuedEmail = { id: number; message: EmailMessage }
export type Settlement = { order: OrderRow; changed: boolean; emails: QueuedEmail[] }

/** The provider's ids and the boleto's or PIX's data, as the payment reports them. */
function gatewayFields(order: OrderRow, payment: GatewayPayment | undefined) {
  if (!payment) return {}
  return {
    ...(payment.gatewayOrderId ? { gatewayOrderId: payment.gatewayOrderId } : {}),
    ...(payment.chargeId ? { gatewayChargeId: payment.chargeId } : {}),
    ...(payment.boleto
      ? {
          boletoUrl: payment.boleto.pdf || payment.boleto.url,
          boletoLine: payment.boleto.line,
          boletoDueAt: payment.boleto.dueAt ? new Date(payment.boleto.dueAt) : order.boletoDueAt,
        }
      : {}),
    ...(payment.pix
      ? {
          pixCode: payment.pix.code,
          pixExpiresAt: payment.pix.expiresAt ? new Date(payment.pix.expiresAt) : order.pixExpiresAt,
        }
      : {}),
  }
}

function changesGatewayFields(order: OrderRow, fields: ReturnType<typeof gatewayFields>): boolean {
  return Object.entries(fields).some(([key, value]) => {
    const current = order[key as keyof OrderRow]
    return value instanceof Date ? current?.valueOf() !== value.valueOf() : current !== value
  })
}

/**
 * Applies what the provider reports to an order (DESIGN 6). Only a step forward changes anything,
 * and what that step implies is written in the same transaction, keyed to the random settlement id
 * the step wrote, so a replayed or concurrent report adds nothing: a paid order enrols its buyer
 * and queues the confirmation; a refunded or charged-back one ends its enrolments (and with them
 * the seats and e-books they hold) and tells the buyer; a failed or expired one gives its coupon
 * uses back. A partial refund keeps the enrolments and records the amount.
 */
export async function settleOrder(ctx: AppContext, order: OrderRow, report: Report): Promise<Settlement> {
  const { db } = ctx
  const current: OrderPosition = { state: order.status, refundedCents: order.refundedCents }
  const next = advance(current, { state: report.status, refundedCents: report.refundedCents })
  const fields = gatewayFields(order, report.payment)

  if (isSameStep(current, next)) {
    if (!changesGatewayFields(order, fields)) return { order, changed: false, emails: [] }
    const [updated] = await db.update(orders).set(fields).where(eq(orders.id, order.id)).returning()
    return { order: updated ?? order, changed: false, emails: [] }
  }

  const settlementId = crypto.randomUUID()
  const refundConfirmed = next.refundedCents > current.refundedCents || endsAccess(next.state)
  const transition = db
    .update(orders)
    .set({
      ...fields,
      status: next.state,
      refundedCents: next.refundedCents,
      settlementId,
      updatedAt: ctx.now,
      ...(grantsAccess(next.state) && !order.paidAt ? { paidAt: ctx.now } : {}),
      ...(next.refundedCents > current.refundedCents ? { refundedAt: ctx.now } : {}),
      ...(next.state === 'charged_back' ? { chargedBackAt: ctx.now } : {}),
      ...(refundConfirmed ? { refundKey: null, refundRequestedAt: null, refundRequestedCents: null } : {}),
    })
    .where(
      sql`${orders.id} = ${order.id} AND ${orders.status} = ${current.state} AND ${orders.refundedCents} = ${current.refundedCents}`,
    )
    .returning()

  const thisStep = sql`EXISTS (SELECT 1 FROM orders WHERE id = ${order.id} AND settlement_id = ${settlementId})`
  const effects: SQL[] = []
  const mails: EmailMessage[] = []
  if (grantsAccess(next.state) && !grantsAccess(current.state)) {
    // A class bought again after a refund reactivates the student's cancelled enrolment.
    effects.push(sql`INSERT INTO enrollments (user_id, class_id, order_id)
      SELECT o.user_id, i.class_id, o.id FROM order_items i JOIN orders o ON o.id = i.order_id
      WHERE o.id = ${order.id} AND i.class_id IS NOT NULL AND o.user_id IS NOT NULL AND ${thisStep}
      ON CONFLICT (user_id, class_id) DO UPDATE SET status = 'active', order_id = excluded.order_id
      WHERE enrollments.status = 'cancelled'`)
    mails.push(await confirmationEmail(ctx.env, order))
  }
  if (endsAccess(next.state) && !endsAccess(current.state)) {
    effects.push(sql`UPDATE enrollments SET status = 'cancelled'
      WHERE order_id = ${order.id} AND status = 'active' AND ${thisStep}`)
    mails.push(
      next.state === 'charged_back'
        ? await chargebackEmail(ctx.env, order)
        : await refundEmail(ctx.env, order, next.refundedCents || order.totalCents, true),
    )
  } else if (next.state === 'partially_refunded' && next.refundedCents > current.refundedCents) {
    mails.push(await refundEmail(ctx.env, order, next.refundedCents, false))
  }
  if (current.state === 'pending' && (next.state === 'failed' || next.state === 'expired')) {
    // The coupon use reserved when the order was written goes back (issue 12, item 6).
    effects.push(sql`UPDATE coupons SET used_count = used_count - 1
      WHERE used_count > 0 AND ${thisStep}
      AND id IN (SELECT coupon_id FROM order_items WHERE order_id = ${order.id} AND coupon_id IS NOT NULL)`)
  }
  const queue = mails.map(
    (mail) => sql`INSERT INTO email_outbox (${sql.identifier('to')}, subject, html, text)
      SELECT ${mail.to}, ${mail.subject}, ${mail.html}, ${mail.text} WHERE ${thisStep} RETURNING id`,
  )

  const [updatedRows, ...rest] = await db.batch([
    transition,
    ...effects.map((statement) => db.run(statement)),
    ...queue.map((statement) => db.run(statement)),
  ])
  const updated = updatedRows[0]
  if (!updated) {
    // Another request moved the order first: apply the report to where it stands now.
    const [fresh] = await db.select().from(orders).where(eq(orders.id, order.id))
    if (!fresh || (fresh.status === order.status && fresh.refundedCents === order.refundedCents)) {
      return { order: fresh ?? order, changed: false, emails: [] }
    }
    return settleOrder(ctx, fresh, report)
  }
  const queued = (rest.slice(effects.length) as ResultSet[]).flatMap((result, index) => {
    const id = Number(result.rows[0]?.id)
    return Number.isInteger(id) && id > 0 ? [{ id, message: mails[index]! }] : []
  })
  return { order: updated, changed: true, emails: queued }
}

/**
 * Sends what a settlement queued, through the outbox (what the e-mail API does not take now, the
 * scheduled job sends later, once); false when any was not sent now (SPEC 8: the error flag).
 */
export async function deliverEmails(ctx: AppContext, emails: QueuedEmail[]): Promise<boolean> {
  const outcomes = await Promise.all(
    emails.map((email) => deliverQueued(ctx, eq(emailOutbox.id, email.id)).catch(() => 'retry' as const)),
  )
  return outcomes.every((outcome) => outcome === 'sent')
}

/** The order a provider's payment belongs to: by charge, by provider order, or by our code. */
export async function orderForPayment(
  ctx: AppContext,
  payment: GatewayPayment,
): Promise<OrderRow | undefined> {
  const matches = [
    ...(payment.chargeId ? [eq(orders.gatewayChargeId, payment.chargeId)] : []),
    ...(payment.gatewayOrderId ? [eq(orders.gatewayOrderId, payment.gatewayOrderId)] : []),
    ...(payment.code ? [eq(orders.id, payment.code)] : []),
  ]
  if (matches.length === 0) return undefined
  const [order] = await ctx.db
    .select()
    .from(orders)
    .where(or(...matches))
    .limit(1)
  return order
}

/** Re-reads an order at the provider: by its charge, its provider order, or (sent blind) its code. */
export async function readAtProvider(ctx: AppContext, order: OrderRow): Promise<GatewayPayment | null> {
  const gateway = paymentGateway(ctx)
  if (order.gatewayChargeId) return gateway.getCharge(order.gatewayChargeId)
  if (order.gatewayOrderId) return gateway.getOrder(order.gatewayOrderId)
  return gateway.findOrderByCode(order.id)
}
