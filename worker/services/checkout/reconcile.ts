import { eq, sql } from 'drizzle-orm'
import { orders } from '../../../db/schema.ts'
import {
  GatewayNotFoundError,
  type GatewayPayment,
  GatewayUnavailableError,
  GatewayValidationError,
} from '../../adapters/payments/types.ts'
import type { AppContext } from '../../context.ts'
import { paymentGateway } from './gateway.ts'
import { deliverEmails, type OrderRow, readAtProvider, reportOf, settleOrder } from './settle.ts'

export const RECONCILIATION = {
  /** Orders read from the database at a time. */
  page: 40,
  /** At most this many provider reads per run (each is a subrequest); the rest waits 15 minutes. */
  maxOrders: 200,
  /** A pending order is re-read this long after its creation or its last check (a missed charge.paid). */
  pendingRecheckMs: 30 * 60_000,
  /** A paid order's charge is re-read this often (a missed refund or chargeback)… */
  paidRecheckMs: 6 * 3600_000,
  /** …for this long: chargebacks arrive months after the sale. */
  paidLookbackMs: 180 * 86_400_000,
  /** A PIX past its expiry, plus this, is closed. */
  pixGraceMs: 10 * 60_000,
  /** A boleto is paid up to its due date and compensates in up to 3 working days. */
  boletoGraceMs: 5 * 86_400_000,
} as const

export type ReconciliationResult = {
  /** Pending orders re-read (a missed payment, or a deadline that passed). */
  pendingChecked: number
  /** Paid orders whose charge was re-read for a refund or chargeback a webhook missed. */
  paidChecked: number
  changed: number
  /** The provider stopped answering: the rest waits for the next run. */
  interrupted: boolean
}

/**
 * The scheduled reconciliation (DESIGN 6: what webhooks missed). Pending orders are re-read:
 * paid ones settle; unpaid ones past their deadline are canceled at the provider first (so a late
 * payment cannot arrive) and close as expired; ones that never reached the provider fail. Recent
 * paid orders' charges are re-read, applying refunds and chargebacks. Every 15 minutes
 * (wrangler.toml) and on demand locally.
 */
export async function reconcilePayments({ ctx }: { ctx: AppContext }): Promise<ReconciliationResult> {
  const now = ctx.now.getTime()
  const result: ReconciliationResult = { pendingChecked: 0, paidChecked: 0, changed: 0, interrupted: false }
  const budget = () => result.pendingChecked + result.paidChecked < RECONCILIATION.maxOrders
  const checked = (order: OrderRow) =>
    ctx.db.update(orders).set({ reconciledAt: ctx.now }).where(eq(orders.id, order.id))

  try {
    while (budget()) {
      const due = await ctx.db
        .select()
        .from(orders)
        .where(
          sql`${orders.status} = 'pending' AND ${orders.totalCents} > 0
            AND coalesce(${orders.reconciledAt}, ${orders.createdAt}) < ${now - RECONCILIATION.pendingRecheckMs}`,
        )
        .orderBy(sql`coalesce(${orders.reconciledAt}, ${orders.createdAt})`)
        .limit(RECONCILIATION.page)
      for (const order of due) {
        if (!budget()) break
        result.pendingChecked += 1
        if (await unlessUnknown(ctx, order, () => reconcilePending(ctx, order, now))) result.changed += 1
        await checked(order)
      }
      if (due.length < RECONCILIATION.page) break
    }
    while (budget()) {
      const paid = await ctx.db
        .select()
        .from(orders)
        .where(
          sql`${orders.status} IN ('paid', 'partially_refunded') AND ${orders.gateway} != 'gratuito'
            AND ${orders.paidAt} > ${now - RECONCILIATION.paidLookbackMs}
            AND coalesce(${orders.reconciledAt}, 0) < ${now - RECONCILIATION.paidRecheckMs}`,
        )
        .orderBy(sql`coalesce(${orders.reconciledAt}, 0)`, orders.paidAt)
        .limit(RECONCILIATION.page)
      for (const order of paid) {
        if (!budget()) break
        result.paidChecked += 1
        const changed = await unlessUnknown(ctx, order, async () => {
          const payment = await readAtProvider(ctx, order)
          return payment ? apply(ctx, order, payment) : false
        })
        if (changed) result.changed += 1
        await checked(order)
      }
      if (paid.length < RECONCILIATION.page) break
    }
  } catch (error) {
    if (!(error instanceof GatewayUnavailableError)) throw error
    result.interrupted = true
  }
  return result
}

/**
 * An order whose provider ids the provider no longer knows (a sandbox that lost its state) is
 * logged and skipped: one such order must not stop the reconciliation of all the others.
 */
async function unlessUnknown(ctx: AppContext, order: OrderRow, work: () => Promise<boolean>) {
  try {
    return await work()
  } catch (error) {
    if (!(error instanceof GatewayNotFoundError)) throw error
    console.warn(
      JSON.stringify({
        level: 'warn',
        requestId: ctx.requestId,
        kind: 'reconcile_unknown_to_provider',
        order: order.id,
      }),
    )
    return false
  }
}

async function apply(ctx: AppContext, order: OrderRow, payment: GatewayPayment): Promise<boolean> {
  const settled = await settleOrder(ctx, order, reportOf(payment))
  if (settled.emails.length) await deliverEmails(ctx, settled.emails)
  return settled.changed
}

function pastDeadline(order: OrderRow, now: number): boolean {
  if (order.pixExpiresAt) return order.pixExpiresAt.getTime() < now - RECONCILIATION.pixGraceMs
  if (order.boletoDueAt) return order.boletoDueAt.getTime() < now - RECONCILIATION.boletoGraceMs
  return false
}

async function reconcilePending(ctx: AppContext, order: OrderRow, now: number): Promise<boolean> {
  const payment = await readAtProvider(ctx, order)
  if (!payment) {
    // It never reached the provider (an outage at checkout, then no retry): nothing was charged.
    return (await settleOrder(ctx, order, { status: 'failed', refundedCents: 0 })).changed
  }
  if (payment.status !== 'pending' || !payment.chargeId) return apply(ctx, order, payment)
  if (!pastDeadline(order, now)) return apply(ctx, order, payment)
  try {
    const canceled = await paymentGateway(ctx).cancelCharge({
      chargeId: payment.chargeId,
      idempotencyKey: `expira-${order.id}`,
    })
    return apply(ctx, order, canceled)
  } catch (error) {
    if (!(error instanceof GatewayValidationError)) throw error
    // Paid meanwhile (the cancel came too late): the charge as it is now decides.
    return apply(ctx, order, await paymentGateway(ctx).getCharge(payment.chargeId))
  }
}
