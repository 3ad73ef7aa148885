import { sql } from 'drizzle-orm'
import { auditLog } from '../../../db/schema.ts'
import {
  GatewayNotFoundError,
  GatewayUnavailableError,
  GatewayValidationError,
} from '../../adapters/payments/types.ts'
import type { AppContext } from '../../context.ts'
import { ACCESS_STATES, DISPUTE_DAYS } from '../../domain/orders.ts'
import { DAY_MS } from '../../domain/time-zone.ts'
import { paymentGateway } from './gateway.ts'
import type { Ledger, Payment, Report } from './ledger.ts'
import { readAtProvider, reportOf, settleAndDeliver } from './settle.ts'

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
  /**
   * A chargeback's dispute is re-read as a paid order is (a won one shows only in the charge's
   * payables) while it may still be won; after this, not won, it is recorded as lost (decision 023).
   */
  disputeMs: DISPUTE_DAYS * DAY_MS,
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
  /** Paid orders whose charge was re-read for a refund or chargeback a webhook missed, or a dispute won. */
  paidChecked: number
  /** Disputes open past their time, recorded as lost. */
  disputesLost: number
  changed: number
  /** The provider stopped answering: the rest waits for the next run. */
  interrupted: boolean
}

/** What a payment's deadline is read from: a PIX's expiry, a boleto's due date, a debit's challenge. */
type Deadlines = {
  boletoDueAt: Date | null
  pixExpiresAt?: Date | null
  paymentMethod?: string
  createdAt: Date
}

function pastDeadline(row: Deadlines, at: number) {
  if (row.pixExpiresAt) return row.pixExpiresAt.getTime() < at - RECONCILIATION.pixGraceMs
  if (row.boletoDueAt) return row.boletoDueAt.getTime() < at - RECONCILIATION.boletoGraceMs
  // A debit card whose payer never answered the issuer's challenge.
  if (row.paymentMethod === 'debit_card') {
    return row.createdAt.getTime() < at - RECONCILIATION.authenticationGraceMs
  }
  return false
}

/** Settles a report and sends what it queued; true when the state moved. */
const apply = async <Row extends Payment>(
  ctx: AppContext,
  ledger: Ledger<Row, unknown>,
  row: Row,
  report: Report,
) => (await settleAndDeliver(ctx, ledger, row, report)).changed

/**
 * The scheduled reconciliation (DESIGN 6: what webhooks missed), for orders and edital plan
 * payments alike. Pending ones are re-read: paid ones settle; unpaid ones past their deadline are
 * canceled at the provider first (so a late payment cannot arrive) and close as expired (a boleto
 * or PIX) or failed (a debit card never authenticated); ones that never reached the provider fail.
 * Recent paid ones' charges are re-read, applying refunds and chargebacks, and so are open
 * chargebacks' (a dispute won); one open past its time is lost (decision 023). Every 15 minutes
 * (wrangler.toml) and on demand locally, over the `ledgers` the scheduled job hands in, in order.
 */
export async function reconcileLedgers({
  ctx,
  ledgers,
}: {
  ctx: AppContext
  ledgers: readonly Ledger<Payment & Deadlines, unknown>[]
}): Promise<ReconciliationResult> {
  const now = ctx.now.getTime()
  const result: ReconciliationResult = {
    pendingChecked: 0,
    paidChecked: 0,
    disputesLost: 0,
    changed: 0,
    interrupted: false,
  }
  const budget = () => result.pendingChecked + result.paidChecked < RECONCILIATION.maxOrders
  try {
    for (const ledger of ledgers) await reconcileLedger(ctx, ledger, now, result, budget)
  } catch (error) {
    if (!(error instanceof GatewayUnavailableError)) throw error
    result.interrupted = true
  }
  return result
}

/** The ledger's one word in the audit log and the logs. */
const entityOf = (ledger: Ledger<Payment, unknown>) => (ledger.table === 'orders' ? 'order' : 'plan_payment')

async function reconcileLedger<Row extends Payment & Deadlines>(
  ctx: AppContext,
  ledger: Ledger<Row, unknown>,
  now: number,
  result: ReconciliationResult,
  budget: () => boolean,
) {
  const duePending = sql`status = 'pending' AND ${ledger.atProvider.pending}
    AND coalesce(reconciled_at, created_at) < ${now - RECONCILIATION.pendingRecheckMs}`
  const disputedSince = sql`coalesce(charged_back_at, paid_at)`
  // A boleto paid short is re-read as a paid one (a refund made in Pagar.me's dashboard), from when it arrived.
  const duePaid = sql`((status IN ${ACCESS_STATES} AND paid_at > ${now - RECONCILIATION.paidLookbackMs})
      OR (status = 'underpaid' AND updated_at > ${now - RECONCILIATION.paidLookbackMs})
      OR (status = 'charged_back' AND ${disputedSince} > ${now - RECONCILIATION.disputeMs}))
    AND ${ledger.atProvider.paid} AND coalesce(reconciled_at, 0) < ${now - RECONCILIATION.paidRecheckMs}`
  const disputeOver = sql`status = 'charged_back' AND ${disputedSince} <= ${now - RECONCILIATION.disputeMs}`
  const checked = (row: Row) =>
    ctx.db.batch([ledger.update({ reconciledAt: ctx.now } as Partial<Row>, sql`id = ${row.id}`)])
  while (budget()) {
    const due = await ledger.select(duePending, RECONCILIATION.page, [
      sql`coalesce(reconciled_at, created_at)`,
    ])
    for (const row of due) {
      if (!budget()) break
      result.pendingChecked += 1
      if (await unlessUnknown(ctx, ledger, row, () => reconcilePending(ctx, ledger, row, now))) {
        result.changed += 1
      }
      await checked(row)
    }
    if (due.length < RECONCILIATION.page) break
  }
  while (budget()) {
    const paid = await ledger.select(duePaid, RECONCILIATION.page, [
      sql`coalesce(reconciled_at, 0)`,
      sql`paid_at`,
    ])
    for (const row of paid) {
      if (!budget()) break
      result.paidChecked += 1
      const changed = await unlessUnknown(ctx, ledger, row, async () => {
        const payment = await readAtProvider(ctx, ledger, row)
        return payment ? apply(ctx, ledger, row, reportOf(payment)) : false
      })
      if (changed) result.changed += 1
      await checked(row)
    }
    if (paid.length < RECONCILIATION.page) break
  }
  // Disputes not won in time: lost, with no call to the provider (it would say chargedback again).
  for (;;) {
    const over = await ledger.select(disputeOver, RECONCILIATION.page, [disputedSince])
    let lost = 0
    for (const row of over) {
      if (await apply(ctx, ledger, row, { status: 'chargeback_lost', refundedCents: row.refundedCents }))
        lost += 1
    }
    result.disputesLost += lost
    result.changed += lost
    if (over.length < RECONCILIATION.page || lost === 0) break
  }
}

/**
 * A payment whose provider ids the provider no longer knows (a sandbox that lost its state) is
 * logged and skipped: one such payment must not stop the reconciliation of all the others.
 */
async function unlessUnknown<Row extends Payment>(
  ctx: AppContext,
  ledger: Ledger<Row, unknown>,
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
        entity: entityOf(ledger),
        entityId: row.id,
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
        [entityOf(ledger)]: row.id,
      }),
    )
    return false
  }
}

async function reconcilePending<Row extends Payment & Deadlines>(
  ctx: AppContext,
  ledger: Ledger<Row, unknown>,
  row: Row,
  now: number,
) {
  const payment = await readAtProvider(ctx, ledger, row)
  if (!payment) {
    // It never reached the provider (an outage at checkout, then no retry): nothing was charged.
    return apply(ctx, ledger, row, { status: 'failed', refundedCents: 0 })
  }
  if (payment.status !== 'pending' || !payment.chargeId) return apply(ctx, ledger, row, reportOf(payment))
  if (!pastDeadline(row, now)) return apply(ctx, ledger, row, reportOf(payment))
  try {
    const canceled = await paymentGateway(ctx).cancelCharge({
      chargeId: payment.chargeId,
      idempotencyKey: `expira-${row.id}`,
    })
    return apply(ctx, ledger, row, reportOf(canceled))
  } catch (error) {
    if (!(error instanceof GatewayValidationError)) throw error
    // Paid meanwhile (the cancel came too late): the charge as it is now decides.
    return apply(ctx, ledger, row, reportOf(await paymentGateway(ctx).getCharge(payment.chargeId)))
  }
}
