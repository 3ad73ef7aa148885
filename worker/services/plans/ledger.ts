import { eq, or, type SQL, sql } from 'drizzle-orm'
import { editais, feePlans, planPayments } from '../../../db/schema.ts'
import type { EmailMessage } from '../../adapters/email.ts'
import type { GatewayPayment } from '../../adapters/payments/types.ts'
import type { AppContext } from '../../context.ts'
import { endsAccess, grantsAccess, type OrderState } from '../../domain/orders.ts'
import { declineReason } from '../../domain/payment-errors.ts'
import { paymentGateway } from '../checkout/gateway.ts'
import { type Ledger, type QueuedEmail, type Report, settle } from '../checkout/settle.ts'
import { planPaidEmail, planRefundEmail } from './emails.ts'

export type PlanPaymentRow = typeof planPayments.$inferSelect

/** The provider's ids, the boleto's data, a debit's challenge and a refusal's reason. */
function fields(row: PlanPaymentRow, payment: GatewayPayment | undefined): Partial<PlanPaymentRow> {
  if (!payment) return {}
  return {
    ...(payment.paidCents > 0 ? { receivedCents: payment.paidCents } : {}),
    ...(payment.gatewayOrderId ? { gatewayOrderId: payment.gatewayOrderId } : {}),
    ...(payment.chargeId ? { gatewayChargeId: payment.chargeId } : {}),
    ...(payment.boleto
      ? {
          // The boleto's page: the screen opens it with '?format=pdf' (SPEC section 9).
          boletoUrl: payment.boleto.url || payment.boleto.pdf,
          payNumber: payment.boleto.line,
          boletoDueAt: payment.boleto.dueAt ? new Date(payment.boleto.dueAt) : row.boletoDueAt,
        }
      : {}),
    authenticationUrl: payment.status === 'pending' ? (payment.authenticationUrl ?? null) : null,
    ...(payment.status === 'failed' && payment.refusal
      ? { refusalReason: declineReason(payment.refusal) }
      : {}),
  }
}

async function namesOf(ctx: AppContext, planId: number) {
  const [row] = await ctx.db
    .select({ plan: feePlans.name, edital: editais.title })
    .from(feePlans)
    .innerJoin(editais, eq(editais.id, feePlans.editalId))
    .where(eq(feePlans.id, planId))
  return row ?? { plan: 'Plano', edital: '' }
}

/**
 * A plan payment settles as an order does (DESIGN 6); what a step implies is only e-mail.
 * `duplicateOf`: the payment that had already paid this fee, written with a late payment's step.
 */
export function planLedger(ctx: AppContext, duplicateOf: string | null = null): Ledger<PlanPaymentRow> {
  const { db } = ctx
  return {
    table: 'plan_payments',
    fields,
    stepColumns: () => (duplicateOf ? { duplicateOf } : {}),
    update: (values, condition) => db.update(planPayments).set(values).where(condition).returning(),
    read: async (id) => (await db.select().from(planPayments).where(eq(planPayments.id, id)))[0],
    async effects(row, { current, next }) {
      const mails: EmailMessage[] = []
      if (grantsAccess(next.state) && !grantsAccess(current.state)) {
        mails.push(await planPaidEmail(ctx.env, row, await namesOf(ctx, row.planId)))
      }
      if (endsAccess(next.state) && !endsAccess(current.state)) {
        const names = await namesOf(ctx, row.planId)
        mails.push(
          await planRefundEmail(
            ctx.env,
            { ...row, refundedCents: next.refundedCents },
            names,
            next.state === 'charged_back',
          ),
        )
      }
      return { statements: [] as SQL[], mails }
    },
  }
}

const OPEN: OrderState[] = ['pending', 'paid', 'partially_refunded']

export async function settlePlanPayment(
  ctx: AppContext,
  row: PlanPaymentRow,
  report: Report,
): Promise<{ payment: PlanPaymentRow; changed: boolean; emails: QueuedEmail[] }> {
  const reopens = OPEN.includes(report.status) && !OPEN.includes(row.status) && row.duplicateOf === null
  const duplicateOf = reopens ? await makeRoomFor(ctx, row) : null
  const settled = await settle(ctx, planLedger(ctx, duplicateOf), row, report)
  return { payment: settled.row, changed: settled.changed, emails: settled.emails }
}

/**
 * A payment that had expired (or failed) and is paid after all, while the student has opened
 * another for the same fee (issue 29, item 10): the newer one, still unpaid, is closed and
 * cancelled at the provider so that the fee is paid once; already paid, this one is recorded as
 * its duplicate (the institute refunds it). Either way the late payment is recorded, never
 * refused by the one-open rule. Answers the id of the payment this one duplicates, if any.
 */
async function makeRoomFor(ctx: AppContext, row: PlanPaymentRow): Promise<string | null> {
  const [other] = await ctx.db
    .select()
    .from(planPayments)
    .where(
      sql`${planPayments.applicationId} = ${row.applicationId} AND ${planPayments.planId} = ${row.planId}
        AND ${planPayments.id} != ${row.id} AND ${planPayments.duplicateOf} IS NULL
        AND ${planPayments.status} IN ('pending', 'paid', 'partially_refunded')`,
    )
    .limit(1)
  if (!other) return null
  if (other.status !== 'pending') return other.id
  const closed = await settle(ctx, planLedger(ctx), other, { status: 'expired', refundedCents: 0 })
  // Paid meanwhile: this one is its duplicate.
  if (closed.row.status !== 'expired') return OPEN.includes(closed.row.status) ? closed.row.id : null
  if (other.gatewayChargeId) {
    // Best effort: if it is paid at the provider all the same, its report arrives as a duplicate.
    await paymentGateway(ctx)
      .cancelCharge({ chargeId: other.gatewayChargeId, idempotencyKey: `substituido-${other.id}` })
      .catch((error: unknown) =>
        console.warn(
          JSON.stringify({
            level: 'warn',
            requestId: ctx.requestId,
            kind: 'plan_payment_cancel_failed',
            planPayment: other.id,
            error: String(error),
          }),
        ),
      )
  }
  return null
}

/** The plan payment a provider's payment belongs to: by charge, by provider order, or by our code. */
export async function planPaymentForPayment(ctx: AppContext, payment: GatewayPayment) {
  const matches = [
    ...(payment.chargeId ? [eq(planPayments.gatewayChargeId, payment.chargeId)] : []),
    ...(payment.gatewayOrderId ? [eq(planPayments.gatewayOrderId, payment.gatewayOrderId)] : []),
    ...(payment.code ? [eq(planPayments.id, payment.code)] : []),
  ]
  if (matches.length === 0) return undefined
  const [row] = await ctx.db
    .select()
    .from(planPayments)
    .where(or(...matches))
    .limit(1)
  return row
}

/** Re-reads a plan payment at the provider: by its charge, its provider order, or its code. */
export async function readPlanPaymentAtProvider(ctx: AppContext, row: PlanPaymentRow) {
  const gateway = paymentGateway(ctx)
  if (row.gatewayChargeId) return gateway.getCharge(row.gatewayChargeId)
  if (row.gatewayOrderId) return gateway.getOrder(row.gatewayOrderId)
  return gateway.findOrderByCode(row.id)
}

/** Pending plan payments the reconciliation re-reads, oldest check first. */
export function duePendingPlanPayments(ctx: AppContext, before: number, limit: number) {
  return ctx.db
    .select()
    .from(planPayments)
    .where(
      sql`${planPayments.status} = 'pending'
        AND coalesce(${planPayments.reconciledAt}, ${planPayments.createdAt}) < ${before}`,
    )
    .orderBy(sql`coalesce(${planPayments.reconciledAt}, ${planPayments.createdAt})`)
    .limit(limit)
}

/** Paid plan payments whose charge is due for a re-read (a refund or chargeback a webhook missed). */
export function duePaidPlanPayments(ctx: AppContext, paidAfter: number, before: number, limit: number) {
  return ctx.db
    .select()
    .from(planPayments)
    .where(
      sql`${planPayments.status} IN ('paid', 'partially_refunded') AND ${planPayments.paidAt} > ${paidAfter}
        AND coalesce(${planPayments.reconciledAt}, 0) < ${before}`,
    )
    .orderBy(sql`coalesce(${planPayments.reconciledAt}, 0)`, planPayments.paidAt)
    .limit(limit)
}

export const markPlanPaymentChecked = (ctx: AppContext, row: PlanPaymentRow) =>
  ctx.db.update(planPayments).set({ reconciledAt: ctx.now }).where(eq(planPayments.id, row.id))
