import { sql } from 'drizzle-orm'
import {
  type AcceptUnderpaidInput,
  type AcceptUnderpaidResult,
  UNDERPAID_MESSAGES,
} from '../../contract/refunds.ts'
import { conflict } from '../../errors.ts'
import { deliverEmails } from '../payments/settle.ts'
import { settleOrder } from './order-ledger.ts'
import { orderOr404 } from './orders.ts'
import type { OnOrder } from './refund.ts'

/**
 * POST /api/admin/pedidos/{id}/valor-recebido (issue 40, item 5): the institute accepts what a
 * boleto paid short brought. The order becomes paid as a payment makes it (its enrollments open,
 * the buyer gets the confirmation), and the audit log keeps who accepted how much and why, in the
 * same transaction, once however often it is asked. The institute's other answer is the refund
 * of what arrived (POST …/estorno). 409 when the order is not paid short.
 */
export async function acceptUnderpaid({
  ctx,
  orderId,
  input,
  actorUserId,
}: OnOrder & { input: AcceptUnderpaidInput }): Promise<AcceptUnderpaidResult> {
  const order = await orderOr404(ctx, orderId)
  if (order.status !== 'underpaid') throw conflict(UNDERPAID_MESSAGES.notUnderpaid)
  const data = JSON.stringify({
    received_cents: order.receivedCents,
    total_cents: order.totalCents,
    note: input.observacao,
  })
  const settled = await settleOrder(ctx, order, {
    status: 'paid',
    refundedCents: order.refundedCents,
    acceptedShort: true,
    writes: (thisStep) => [
      sql`INSERT INTO audit_log (actor_user_id, action, entity, entity_id, data, ip)
        SELECT ${actorUserId}, 'order.underpaid_accepted', 'order', ${order.id}, ${data}, ${ctx.clientIp}
        WHERE ${thisStep}`,
    ],
  })
  // Another request (or the difference's payment) moved it first.
  if (!settled.changed) throw conflict(UNDERPAID_MESSAGES.notUnderpaid)
  if (settled.emails.length) ctx.waitUntil(deliverEmails(ctx, settled.emails))
  return { order_id: settled.order.id, status: settled.order.status, message: UNDERPAID_MESSAGES.accepted }
}
