import { and, eq, sql } from 'drizzle-orm'
import { html } from 'hono/html'
import { emailOutbox, orders } from '../../../db/schema.ts'
import { deadlineOf } from '../../adapters/deadline.ts'
import { pagarmeGateway } from '../../adapters/payments/pagarme.ts'
import { sandboxGateway } from '../../adapters/payments/sandbox.ts'
import type { GatewayOrder, PaymentGateway } from '../../adapters/payments/types.ts'
import type { AppContext } from '../../context.ts'
import { INSTITUTE } from '../../contract/institute.ts'
import { advance } from '../../domain/orders.ts'
import { deliverQueued } from '../email/outbox.ts'
import { emailMessage, firstName } from '../email/templates.ts'

export type OrderRow = typeof orders.$inferSelect

export function paymentGateway(ctx: AppContext): PaymentGateway {
  if (ctx.env.PAYMENT_GATEWAY === 'pagarme') {
    if (!ctx.env.PAGARME_SECRET_KEY) throw new Error('PAGARME_SECRET_KEY ausente')
    return pagarmeGateway(ctx.env.PAGARME_SECRET_KEY, fetch, deadlineOf(ctx.env, 'payments'))
  }
  return sandboxGateway(ctx.env.SANDBOX_GATEWAY, () => Date.now())
}

const brl = (cents: number) => (cents / 100).toLocaleString('pt-BR', { style: 'currency', currency: 'BRL' })

export function confirmationEmail(order: OrderRow) {
  const first = firstName(order.payer.name)
  const courses = `${INSTITUTE.origin}/usuario/cursos`
  return emailMessage({
    to: order.payer.email,
    subject: `Pagamento confirmado — pedido ${order.id}`,
    text: `Olá, ${first}!\n\nRecebemos o pagamento do seu pedido ${order.id} (${brl(order.totalCents)}). Sua matrícula está confirmada: acesse "Meus cursos" em ${courses}.\n\nSe esta é sua primeira compra, use "Esqueceu sua senha?" com este e-mail para criar sua senha.\n\n${INSTITUTE.fullName}\n${INSTITUTE.phones.education.label}: ${INSTITUTE.phones.education.number}`,
    body: html`<p>Olá, ${first}!</p>
<p>Recebemos o pagamento do seu pedido ${order.id} (${brl(order.totalCents)}). Sua matrícula está confirmada: acesse <a href="${courses}">Meus cursos</a>.</p>
<p>Se esta é sua primeira compra, use "Esqueceu sua senha?" com este e-mail para criar sua senha.</p>`,
  })
}

/**
 * Applies what the provider reports to an order: only a step forward changes anything (DESIGN 6).
 * A paid order enrols its buyer, counts its coupons and queues the confirmation, in the same
 * transaction as the change and keyed to the settlement id this call writes, so a replay adds nothing.
 */
export async function settleOrder(ctx: AppContext, order: OrderRow, reported: GatewayOrder) {
  const next = advance(order.status, reported.status)
  const gatewayFields = {
    gatewayOrderId: reported.gatewayOrderId,
    boletoUrl: reported.boleto?.url ?? order.boletoUrl,
    boletoLine: reported.boleto?.line ?? order.boletoLine,
    boletoDueAt: reported.boleto ? new Date(reported.boleto.dueAt) : order.boletoDueAt,
    pixCode: reported.pix?.code ?? order.pixCode,
    pixExpiresAt: reported.pix ? new Date(reported.pix.expiresAt) : order.pixExpiresAt,
  }
  if (next === order.status) {
    if (order.gatewayOrderId === reported.gatewayOrderId) return { order, changed: false }
    const [updated] = await ctx.db
      .update(orders)
      .set(gatewayFields)
      .where(eq(orders.id, order.id))
      .returning()
    return { order: updated ?? order, changed: false }
  }

  const paid = next === 'paid'
  const settlementId = crypto.randomUUID()
  const { db } = ctx
  const transition = db
    .update(orders)
    .set({
      ...gatewayFields,
      status: next,
      settlementId,
      updatedAt: ctx.now,
      ...(paid ? { paidAt: ctx.now } : {}),
    })
    .where(sql`${orders.id} = ${order.id} AND ${orders.status} = ${order.status}`)
    .returning()
  if (!paid) {
    const [updated] = await transition
    return { order: updated ?? order, changed: Boolean(updated) }
  }
  const mail = await confirmationEmail(order)
  const thisTransition = sql`EXISTS (SELECT 1 FROM orders WHERE id = ${order.id} AND settlement_id = ${settlementId})`
  const [updatedRows] = await db.batch([
    transition,
    db.run(sql`INSERT INTO enrollments (user_id, class_id, order_id)
      SELECT o.user_id, i.class_id, o.id FROM order_items i JOIN orders o ON o.id = i.order_id
      WHERE o.id = ${order.id} AND i.class_id IS NOT NULL AND o.user_id IS NOT NULL AND ${thisTransition}
      ON CONFLICT (user_id, class_id) DO NOTHING`),
    db.run(sql`UPDATE coupons SET used_count = used_count + 1
      WHERE id IN (SELECT coupon_id FROM order_items WHERE order_id = ${order.id} AND coupon_id IS NOT NULL)
      AND ${thisTransition}`),
    db.run(sql`INSERT INTO email_outbox (${sql.identifier('to')}, subject, html, text)
      SELECT ${mail.to}, ${mail.subject}, ${mail.html}, ${mail.text} WHERE ${thisTransition}`),
  ])
  const updated = updatedRows[0]
  return { order: updated ?? order, changed: Boolean(updated) }
}

/**
 * Sends the order's confirmation now, through the outbox: false when the e-mail API did not
 * take it (the scheduled job sends it later, once) or it was already on its way.
 */
export async function deliverConfirmation(ctx: AppContext, order: OrderRow): Promise<boolean> {
  try {
    const mail = await confirmationEmail(order)
    const outcome = await deliverQueued(
      ctx,
      and(eq(emailOutbox.to, mail.to), eq(emailOutbox.subject, mail.subject)),
    )
    return outcome === 'sent'
  } catch (error) {
    console.error(
      JSON.stringify({
        level: 'warn',
        requestId: ctx.requestId,
        kind: 'confirmation_email_failed',
        order: order.id,
        error: String(error),
      }),
    )
    return false
  }
}

/**
 * A provider event (webhook, or the sandbox's simulated payment) is only a trigger: the order is
 * re-read from the provider before anything changes, so forged, replayed or late events do nothing.
 */
export async function handleGatewayEvent(ctx: AppContext, gatewayOrderId: string) {
  const reported = await paymentGateway(ctx).getOrder(gatewayOrderId)
  const [order] = await ctx.db
    .select()
    .from(orders)
    .where(sql`${orders.gatewayOrderId} = ${reported.gatewayOrderId} OR ${orders.id} = ${reported.code}`)
  if (!order) return { order: null, changed: false }
  const result = await settleOrder(ctx, order, reported)
  if (result.changed && result.order.status === 'paid') {
    ctx.waitUntil(deliverConfirmation(ctx, result.order))
  }
  return result
}
