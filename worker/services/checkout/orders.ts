import { eq } from 'drizzle-orm'
import { orders } from '../../../db/schema.ts'
import type { AppContext } from '../../context.ts'
import { ORDER_NOT_FOUND, type PayResult } from '../../contract/checkout.ts'
import { AppError, notFound } from '../../errors.ts'
import type { ErrorStatus } from '../payments/ledger.ts'

// The store's order as the checkout writes it and answers it; its ledger (what the payments'
// pipeline does with it) is ./order-ledger.ts.

export type OrderRow = typeof orders.$inferSelect

/** The order `id`, or the 404 'Pedido não encontrado.'. */
export async function orderOr404(ctx: AppContext, id: string): Promise<OrderRow> {
  const [order] = await ctx.db.select().from(orders).where(eq(orders.id, id))
  if (!order) throw notFound(ORDER_NOT_FOUND)
  return order
}

/** Purchase errors carry the SPEC's codes: 1 product not found, 2 a message, 3 provider errors. */
export const purchaseError = (status: ErrorStatus, code: 1 | 2 | 3, msg: string, errors?: string[]) =>
  new AppError(status, msg, undefined, { code, ...(errors ? { errors } : {}) })

export function resultOf(order: OrderRow, emailFailed = false): PayResult {
  return {
    order_id: order.id,
    status: order.status,
    error: emailFailed,
    ccj_boleto_link: order.boletoUrl,
    ccj_pay_number: order.boletoLine,
    ccj_pix_code: order.pixCode,
    boleto_due_at: order.boletoDueAt?.toISOString() ?? null,
    pix_expires_at: order.pixExpiresAt?.toISOString() ?? null,
    total: order.totalCents,
    instalments: order.instalments,
    instalment_value: Math.round(order.totalCents / order.instalments),
    refunded_cents: order.refundedCents,
    message: null,
  }
}

/** The order's provider code: its id, and for an expired boleto or PIX issued again, id-N. */
export const providerCode = (order: Pick<OrderRow, 'id' | 'chargeAttempts'>) =>
  order.chargeAttempts > 1 ? `${order.id}-${order.chargeAttempts}` : order.id
