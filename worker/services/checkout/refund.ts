import { eq } from 'drizzle-orm'
import { auditLog, orders } from '../../../db/schema.ts'
import type { AppContext } from '../../context.ts'
import type { RefundOrderInput, RefundOrderResult } from '../../contract/refunds.ts'
import { chargedCents, completesOrder, isRefundable } from '../../domain/orders.ts'
import { invalidField } from '../../errors.ts'
import { REFUND_UNAVAILABLE, refundCall, refundPayment } from '../payments/refund.ts'
import { deliverEmails, readAtProvider, reportOf } from '../payments/settle.ts'
import { orderLedger, settleOrder } from './order-ledger.ts'
import { type OrderRow, orderOr404 } from './orders.ts'

export const REFUND_MESSAGES = {
  notRefundable: 'Só um pedido pago pode ser estornado.',
  noCharge:
    'Este pedido não tem cobrança no meio de pagamento (foi pago fora do site ou registrado à mão): não há o que estornar por aqui. Se o valor foi devolvido por fora, registre o estorno externo: ele encerra as inscrições e fica no registro de auditoria.',
  hasCharge: 'Este pedido tem cobrança no meio de pagamento: estorne-o pelo botão Estornar.',
  recorded: 'Estorno externo registrado: as inscrições do pedido foram encerradas.',
  free: 'Este pedido não teve pagamento: não há o que estornar.',
  tooMuch: 'O valor passa do que ainda pode ser estornado neste pedido.',
  alreadyRequested: 'O estorno deste pedido já foi solicitado e aguarda a confirmação da operadora.',
  confirmed: 'Estorno confirmado pela operadora.',
  awaiting: 'Estorno solicitado; o pedido muda quando a operadora confirmar.',
  alreadyRefunded: 'Este pedido já foi estornado.',
  completesOrder: (orderId: string) =>
    `Esta diferença completou o pedido ${orderId}, que ainda dá acesso: estorne primeiro aquele pedido (as matrículas se encerram) e depois esta diferença.`,
  unavailable: REFUND_UNAVAILABLE,
} as const

const resultOf = (order: OrderRow, awaiting: boolean, message: string): RefundOrderResult => ({
  order_id: order.id,
  status: order.status,
  refunded_cents: order.refundedCents,
  awaiting_provider: awaiting,
  message,
})

/** What the institute's acts on an order take: the order, and who acted (null: the system). */
export type OnOrder = { ctx: AppContext; orderId: string; actorUserId: number | null }

/** 422 unless the order may be refunded: a state that refunds, and money paid (not a free order). */
function assertRefundable(order: OrderRow) {
  if (!isRefundable(order.status)) throw invalidField('status', REFUND_MESSAGES.notRefundable)
  if (order.gateway === 'gratuito' || order.totalCents === 0)
    throw invalidField('status', REFUND_MESSAGES.free)
}

/**
 * Refunds a paid order at the provider (DELETE /charges/{id}, with the amount for a part of it),
 * or what arrived of one paid short (issue 40, item 5: the institute's other answer to it),
 * once however often it is asked: the request that claims the order calls the provider, the
 * others answer that it is on its way. The order changes only when the provider confirms; a refund
 * the provider confirms later (a PIX refund) arrives by webhook or reconciliation.
 */
export async function refundOrder({
  ctx,
  orderId,
  input,
  actorUserId,
}: OnOrder & { input: RefundOrderInput }): Promise<RefundOrderResult> {
  const { db } = ctx
  let order = await orderOr404(ctx, orderId)
  if (order.status === 'refunded') return resultOf(order, false, REFUND_MESSAGES.alreadyRefunded)
  assertRefundable(order)
  if (order.differenceKind === 'underpaid' && order.differenceOf) {
    // What money granted, money going back takes back: the order it completed goes first.
    const [original] = await db.select().from(orders).where(eq(orders.id, order.differenceOf))
    if (original && completesOrder(order, original)) {
      throw invalidField('status', REFUND_MESSAGES.completesOrder(original.id))
    }
  }
  if (!order.gatewayChargeId) {
    // Paid before charge ids were stored: the provider's order names its charge.
    const payment = await refundCall(REFUND_MESSAGES, () => readAtProvider(ctx, orderLedger(ctx), order))
    if (payment) order = (await settleOrder(ctx, order, reportOf(payment))).order
    // Paid, but not through the provider (the seed's demo orders; one settled outside the site).
    if (!order.gatewayChargeId) throw invalidField('charge', REFUND_MESSAGES.noCharge)
  }

  const outcome = await refundPayment(ctx, orderLedger(ctx), order, {
    // A boleto paid short: what arrived is all its charge can give back.
    totalCents: chargedCents(order),
    input,
    texts: REFUND_MESSAGES,
    audit: (amount) =>
      db.insert(auditLog).values({
        actorUserId,
        action: 'order.refund_requested',
        entity: 'order',
        entityId: order.id,
        data: { amount_cents: amount },
        ip: ctx.clientIp,
      }),
  })
  return resultOf(outcome.row, outcome.awaiting, outcome.message)
}

/**
 * POST /api/admin/pedidos/{id}/estorno-externo: a refund made outside the site (a transfer, cash)
 * for an order the provider holds no charge of. The order is refunded as a provider's refund would
 * leave it (its enrollments end, the buyer is told), once however often it is asked, and the audit
 * log keeps who recorded it and why.
 */
export async function recordOutsideRefund({
  ctx,
  orderId,
  reason,
  actorUserId,
}: OnOrder & { reason: string }): Promise<RefundOrderResult> {
  const order = await orderOr404(ctx, orderId)
  if (order.status === 'refunded') return resultOf(order, false, REFUND_MESSAGES.alreadyRefunded)
  assertRefundable(order)
  if (order.gatewayChargeId || order.refundKey) throw invalidField('charge', REFUND_MESSAGES.hasCharge)
  const settled = await settleOrder(ctx, order, { status: 'refunded', refundedCents: order.totalCents })
  if (!settled.changed) {
    // Another request recorded it first: one refund, one audit line.
    return resultOf(settled.order, false, REFUND_MESSAGES.alreadyRefunded)
  }
  await ctx.db.insert(auditLog).values({
    actorUserId,
    action: 'order.refund_recorded',
    entity: 'order',
    entityId: order.id,
    data: { amount_cents: order.totalCents - order.refundedCents, reason },
    ip: ctx.clientIp,
  })
  if (settled.emails.length) ctx.waitUntil(deliverEmails(ctx, settled.emails))
  return resultOf(settled.order, false, REFUND_MESSAGES.recorded)
}
