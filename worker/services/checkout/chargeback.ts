import { auditLog } from '../../../db/schema.ts'
import { GatewayNotFoundError, GatewayUnavailableError } from '../../adapters/payments/types.ts'
import type { AppContext } from '../../context.ts'
import { CHARGEBACK_MESSAGES, type ChargebackInput, type ChargebackResult } from '../../contract/refunds.ts'
import { disputeOf } from '../../domain/orders.ts'
import { conflict, invalidField, unavailable } from '../../errors.ts'
import { deliverEmails, readAtProvider, reportOf, settleAndDeliver } from '../payments/settle.ts'
import { orderLedger, settleOrder } from './order-ledger.ts'
import { type OrderRow, orderOr404 } from './orders.ts'
import type { OnOrder } from './refund.ts'

// A chargeback's dispute, as the institute follows it (decision 023). Pagar.me's charge stays
// `chargedback` for good: a dispute won shows only in its payables (read by the reconciliation, or
// here on demand), and a lost one is never reported, so the admin records it (or time does).

const PROVIDER_DOWN = 'Não foi possível consultar o Pagar.me agora. Tente de novo em instantes.'

/** The charge as Pagar.me reads it now: 422 when it holds none, 503 when it does not answer. */
async function readNow(ctx: AppContext, order: OrderRow) {
  try {
    const payment = await readAtProvider(ctx, orderLedger(ctx), order)
    if (payment) return payment
  } catch (error) {
    if (error instanceof GatewayUnavailableError) throw unavailable(PROVIDER_DOWN)
    if (!(error instanceof GatewayNotFoundError)) throw error
  }
  throw invalidField('charge', CHARGEBACK_MESSAGES.noCharge)
}

const resultOf = (order: OrderRow, message: string): ChargebackResult => ({
  order_id: order.id,
  status: order.status,
  dispute: disputeOf(order.status, order.chargedBackAt),
  message,
})

/**
 * POST /api/admin/pedidos/{id}/contestacao. `consultar`: the charge is read at Pagar.me now, and a
 * dispute won pays the order again (its enrollments and certificates come back). `perdida`: the
 * dispute is recorded lost, once however often it is asked: its certificates are revoked.
 */
export async function decideChargeback({
  ctx,
  orderId,
  input,
  actorUserId,
}: OnOrder & { input: ChargebackInput }): Promise<ChargebackResult> {
  const order = await orderOr404(ctx, orderId)
  if (input.acao === 'perdida' && order.status === 'chargeback_lost') {
    return resultOf(order, CHARGEBACK_MESSAGES.alreadyLost)
  }
  if (order.status !== 'charged_back') throw conflict(CHARGEBACK_MESSAGES.notDisputed)
  const audit = (action: string, data: Record<string, unknown>) =>
    ctx.db
      .insert(auditLog)
      .values({ actorUserId, action, entity: 'order', entityId: order.id, data, ip: ctx.clientIp })

  if (input.acao === 'consultar') {
    if (!order.gatewayChargeId && !order.gatewayOrderId)
      throw invalidField('charge', CHARGEBACK_MESSAGES.noCharge)
    const payment = await readNow(ctx, order)
    const settled = await settleAndDeliver(ctx, orderLedger(ctx), order, reportOf(payment))
    const won = disputeOf(settled.row.status, settled.row.chargedBackAt) === 'won'
    if (settled.changed && won) await audit('order.chargeback_won', { read_by: 'admin' })
    return resultOf(settled.row, won ? CHARGEBACK_MESSAGES.won : CHARGEBACK_MESSAGES.stillOpen)
  }

  const settled = await settleOrder(ctx, order, {
    status: 'chargeback_lost',
    refundedCents: order.refundedCents,
  })
  if (!settled.changed) return resultOf(settled.order, CHARGEBACK_MESSAGES.alreadyLost)
  await audit('order.chargeback_lost', { note: input.observacao })
  if (settled.emails.length) ctx.waitUntil(deliverEmails(ctx, settled.emails))
  return resultOf(settled.order, CHARGEBACK_MESSAGES.lost)
}
