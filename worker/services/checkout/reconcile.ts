import { eq, sql } from 'drizzle-orm'
import { auditLog, orders } from '../../../db/schema.ts'
import {
  GatewayNotFoundError,
  type GatewayPayment,
  GatewayUnavailableError,
  GatewayValidationError,
} from '../../adapters/payments/types.ts'
import type { AppContext } from '../../context.ts'
import {
  duePaidPlanPayments,
  duePendingPlanPayments,
  markPlanPaymentChecked,
  type PlanPaymentRow,
  readPlanPaymentAtProvider,
  settlePlanPayment,
} from '../plans/ledger.ts'
import { paymentGateway } from './gateway.ts'
import { deliverEmails, type OrderRow, type Report, readAtProvider, reportOf, settleOrder } from './settle.ts'

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
  /** A debit card's 3-D Secure challenge the payer left unanswered this long is given up. */
  authenticationGraceMs: 30 * 60_000,
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
 * One kind of payment the reconciliation walks: orders, and edital plan payments (which follow the
 * same rules). Each says how to find what is due, read it at the provider and settle it.
 */
type Reconcilable<Row> = {
  kind: string
  pending(limit: number): Promise<Row[]>
  paid(limit: number): Promise<Row[]>
  checked(row: Row): Promise<unknown>
  read(row: Row): Promise<GatewayPayment | null>
  /** Settles the report (and sends what it queued); true when the state moved. */
  apply(row: Row, report: Report): Promise<boolean>
  pastDeadline(row: Row, now: number): boolean
  id(row: Row): string
}

function ordersToReconcile(ctx: AppContext, now: number): Reconcilable<OrderRow> {
  return {
    kind: 'order',
    pending: (limit) =>
      ctx.db
        .select()
        .from(orders)
        .where(
          sql`${orders.status} = 'pending' AND ${orders.totalCents} > 0
            AND coalesce(${orders.reconciledAt}, ${orders.createdAt}) < ${now - RECONCILIATION.pendingRecheckMs}`,
        )
        .orderBy(sql`coalesce(${orders.reconciledAt}, ${orders.createdAt})`)
        .limit(limit),
    paid: (limit) =>
      ctx.db
        .select()
        .from(orders)
        .where(
          sql`${orders.status} IN ('paid', 'partially_refunded') AND ${orders.gateway} != 'gratuito'
            AND ${orders.paidAt} > ${now - RECONCILIATION.paidLookbackMs}
            AND coalesce(${orders.reconciledAt}, 0) < ${now - RECONCILIATION.paidRecheckMs}`,
        )
        .orderBy(sql`coalesce(${orders.reconciledAt}, 0)`, orders.paidAt)
        .limit(limit),
    checked: (order) => ctx.db.update(orders).set({ reconciledAt: ctx.now }).where(eq(orders.id, order.id)),
    read: (order) => readAtProvider(ctx, order),
    async apply(order, report) {
      const settled = await settleOrder(ctx, order, report)
      if (settled.emails.length) await deliverEmails(ctx, settled.emails)
      return settled.changed
    },
    pastDeadline(order, at) {
      if (order.pixExpiresAt) return order.pixExpiresAt.getTime() < at - RECONCILIATION.pixGraceMs
      if (order.boletoDueAt) return order.boletoDueAt.getTime() < at - RECONCILIATION.boletoGraceMs
      return false
    },
    id: (order) => order.id,
  }
}

function planPaymentsToReconcile(ctx: AppContext, now: number): Reconcilable<PlanPaymentRow> {
  return {
    kind: 'plan_payment',
    pending: (limit) => duePendingPlanPayments(ctx, now - RECONCILIATION.pendingRecheckMs, limit),
    paid: (limit) =>
      duePaidPlanPayments(
        ctx,
        now - RECONCILIATION.paidLookbackMs,
        now - RECONCILIATION.paidRecheckMs,
        limit,
      ),
    checked: (row) => markPlanPaymentChecked(ctx, row),
    read: (row) => readPlanPaymentAtProvider(ctx, row),
    async apply(row, report) {
      const settled = await settlePlanPayment(ctx, row, report)
      if (settled.emails.length) await deliverEmails(ctx, settled.emails)
      return settled.changed
    },
    pastDeadline(row, at) {
      if (row.boletoDueAt) return row.boletoDueAt.getTime() < at - RECONCILIATION.boletoGraceMs
      // A debit card whose payer never answered the issuer's challenge.
      if (row.paymentMethod === 'debit_card') {
        return row.createdAt.getTime() < at - RECONCILIATION.authenticationGraceMs
      }
      return false
    },
    id: (row) => row.id,
  }
}

/**
 * The scheduled reconciliation (DESIGN 6: what webhooks missed), for orders and edital plan
 * payments alike. Pending ones are re-read: paid ones settle; unpaid ones past their deadline are
 * canceled at the provider first (so a late payment cannot arrive) and close as expired (a boleto
 * or PIX) or failed (a debit card never authenticated); ones that never reached the provider fail.
 * Recent paid ones' charges are re-read, applying refunds and chargebacks. Every 15 minutes
 * (wrangler.toml) and on demand locally.
 */
export async function reconcilePayments({ ctx }: { ctx: AppContext }): Promise<ReconciliationResult> {
  const now = ctx.now.getTime()
  const result: ReconciliationResult = { pendingChecked: 0, paidChecked: 0, changed: 0, interrupted: false }
  const budget = () => result.pendingChecked + result.paidChecked < RECONCILIATION.maxOrders
  try {
    for (const kind of [ordersToReconcile(ctx, now), planPaymentsToReconcile(ctx, now)] as const) {
      await reconcileKind(ctx, kind as Reconcilable<unknown>, now, result, budget)
    }
  } catch (error) {
    if (!(error instanceof GatewayUnavailableError)) throw error
    result.interrupted = true
  }
  return result
}

async function reconcileKind<Row>(
  ctx: AppContext,
  kind: Reconcilable<Row>,
  now: number,
  result: ReconciliationResult,
  budget: () => boolean,
) {
  while (budget()) {
    const due = await kind.pending(RECONCILIATION.page)
    for (const row of due) {
      if (!budget()) break
      result.pendingChecked += 1
      if (await unlessUnknown(ctx, kind, row, () => reconcilePending(ctx, kind, row, now)))
        result.changed += 1
      await kind.checked(row)
    }
    if (due.length < RECONCILIATION.page) break
  }
  while (budget()) {
    const paid = await kind.paid(RECONCILIATION.page)
    for (const row of paid) {
      if (!budget()) break
      result.paidChecked += 1
      const changed = await unlessUnknown(ctx, kind, row, async () => {
        const payment = await kind.read(row)
        return payment ? kind.apply(row, reportOf(payment)) : false
      })
      if (changed) result.changed += 1
      await kind.checked(row)
    }
    if (paid.length < RECONCILIATION.page) break
  }
}

/**
 * A payment whose provider ids the provider no longer knows (a sandbox that lost its state) is
 * logged and skipped: one such payment must not stop the reconciliation of all the others.
 */
async function unlessUnknown<Row>(
  ctx: AppContext,
  kind: Reconcilable<Row>,
  row: Row,
  work: () => Promise<boolean>,
) {
  try {
    return await work()
  } catch (error) {
    if (error instanceof GatewayValidationError) {
      // A documented refusal (412, 403) for this one charge: recorded where the admin reads the
      // audit log, and the run goes on with the others (issue 30, item 3).
      await ctx.db.insert(auditLog).values({
        actorUserId: null,
        action: 'payment.provider_refused',
        entity: kind.kind === 'order' ? 'order' : 'plan_payment',
        entityId: kind.id(row),
        data: { message: error.message, errors: error.errors },
        ip: ctx.clientIp,
      })
      return false
    }
    if (!(error instanceof GatewayNotFoundError)) throw error
    console.warn(
      JSON.stringify({
        level: 'warn',
        requestId: ctx.requestId,
        kind: 'reconcile_unknown_to_provider',
        [kind.kind === 'order' ? 'order' : kind.kind]: kind.id(row),
      }),
    )
    return false
  }
}

async function reconcilePending<Row>(ctx: AppContext, kind: Reconcilable<Row>, row: Row, now: number) {
  const payment = await kind.read(row)
  if (!payment) {
    // It never reached the provider (an outage at checkout, then no retry): nothing was charged.
    return kind.apply(row, { status: 'failed', refundedCents: 0 })
  }
  if (payment.status !== 'pending' || !payment.chargeId) return kind.apply(row, reportOf(payment))
  if (!kind.pastDeadline(row, now)) return kind.apply(row, reportOf(payment))
  try {
    const canceled = await paymentGateway(ctx).cancelCharge({
      chargeId: payment.chargeId,
      idempotencyKey: `expira-${kind.id(row)}`,
    })
    return kind.apply(row, reportOf(canceled))
  } catch (error) {
    if (!(error instanceof GatewayValidationError)) throw error
    // Paid meanwhile (the cancel came too late): the charge as it is now decides.
    return kind.apply(row, reportOf(await paymentGateway(ctx).getCharge(payment.chargeId)))
  }
}
