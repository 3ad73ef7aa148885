import type { ResultSet } from '@libsql/client'
import { eq, or, type SQL, sql } from 'drizzle-orm'
import type { BatchItem } from 'drizzle-orm/batch'
import { emailOutbox, orders } from '../../../db/schema.ts'
import type { GatewayPayment } from '../../adapters/payments/types.ts'
import type { AppContext } from '../../context.ts'
import { advance, endsAccess, grantsAccess, isSameStep, type OrderPosition } from '../../domain/orders.ts'
import type { OrderState } from '../../domain/payments.ts'
import { deliverQueued } from '../email/outbox.ts'
import type { OutboxMessage } from '../email/templates.ts'
import { couponStatements } from './coupon-holds.ts'
import { chargebackEmail, confirmationEmail, firstPasswordLink, giftEmail, refundEmail } from './emails.ts'
import { paymentGateway } from './gateway.ts'
import { giftOf, recipientStatements } from './gifts.ts'

export type OrderRow = typeof orders.$inferSelect

/** What the provider says of an order: its state, what was refunded, and the payment it read. */
export type Report = { status: OrderState; refundedCents: number; payment?: GatewayPayment | undefined }

export const reportOf = (payment: GatewayPayment): Report => ({
  status: payment.status,
  refundedCents: payment.refundedCents,
  payment,
})

export type QueuedEmail = { id: number; message: OutboxMessage }
export type Settlement = { order: OrderRow; changed: boolean; emails: QueuedEmail[] }

/** An order `o` bought as a gift: its enrolments are its recipient's, never the buyer's. */
const IS_GIFT = sql`json_array_length(COALESCE(o.gifts, '[]')) > 0`

/**
 * Enrols `buyerId` in the classes of the orders `o` that `where` selects (aliases `o` for orders,
 * `i` for their lines), or a gift's recipient in a gift's: one enrolment per class, a cancelled one
 * (a refund) made active again. A payment's settlement and a proof of the e-mail that claims paid
 * orders (decision 010) share it.
 */
export function enrolStatement(buyerId: number | SQL, where: SQL) {
  const holder = sql`CASE WHEN ${IS_GIFT} THEN o.recipient_user_id ELSE ${buyerId} END`
  return sql`INSERT INTO enrollments (user_id, class_id, order_id)
    SELECT ${holder}, i.class_id, o.id FROM order_items i JOIN orders o ON o.id = i.order_id
    WHERE ${where} AND i.class_id IS NOT NULL AND ${holder} IS NOT NULL
    ON CONFLICT (user_id, class_id) DO UPDATE SET status = 'active', order_id = excluded.order_id
    WHERE enrollments.status = 'cancelled'`
}

/** The provider's ids and the boleto's or PIX's data, as the payment reports them. */
function gatewayFields(order: OrderRow, payment: GatewayPayment | undefined) {
  if (!payment) return {}
  return {
    ...(payment.paidCents > 0 ? { receivedCents: payment.paidCents } : {}),
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

/** What settles: an order or a plan payment, through what they share (DESIGN 6's states). */
export type Settleable = { id: string; status: OrderState; refundedCents: number; paidAt: Date | null }
export type Step = { current: OrderPosition; next: OrderPosition }

/**
 * How one kind of payment (an order, a plan payment) is settled: the generic part, `settle`, moves
 * its state; the ledger says which columns the provider's report fills and what a step implies.
 */
export type Ledger<Row extends Settleable> = {
  /** Its table: every row has `status`, `refunded_cents` and `settlement_id`. */
  table: 'orders' | 'plan_payments'
  /** The provider's ids and the boleto's or PIX's data, as the payment reports them. */
  fields(row: Row, payment: GatewayPayment | undefined): Partial<Row>
  /** Columns a step sets besides state, amounts and dates (e.g. a refund request confirmed). */
  stepColumns?(row: Row, step: Step): Partial<Row>
  /** UPDATE … SET values WHERE condition RETURNING *, as a batch item. */
  update(values: Partial<Row>, condition: SQL): BatchItem<'sqlite'>
  read(id: string): Promise<Row | undefined>
  /** What the step implies, written in its own transaction: `thisStep` holds only for it. */
  effects(row: Row, step: Step, thisStep: SQL): Promise<{ statements: SQL[]; mails: OutboxMessage[] }>
}

function changesColumns<Row>(row: Row, fields: Partial<Row>): boolean {
  return Object.entries(fields).some(([key, value]) => {
    const current = row[key as keyof Row] as unknown
    return value instanceof Date ? (current as Date | null)?.valueOf() !== value.valueOf() : current !== value
  })
}

/**
 * Applies what the provider reports (DESIGN 6). Only a step forward changes anything, and what
 * that step implies is written in the same transaction, keyed to the random settlement id the
 * step wrote, so a replayed or concurrent report adds nothing.
 */
export async function settle<Row extends Settleable>(
  ctx: AppContext,
  ledger: Ledger<Row>,
  row: Row,
  report: Report,
): Promise<{ row: Row; changed: boolean; emails: QueuedEmail[] }> {
  const { db } = ctx
  const current: OrderPosition = { state: row.status, refundedCents: row.refundedCents }
  // A charge whose meaning depends on whether it had been paid (a card voided on the day of its
  // capture: a refund then), read with what the store knows.
  const known = grantsAccess(row.status) ? report.payment?.ifPaidBefore : undefined
  const next = advance(
    current,
    known
      ? { state: known.status, refundedCents: known.refundedCents }
      : { state: report.status, refundedCents: report.refundedCents },
  )
  const fields = ledger.fields(row, report.payment)
  const thisRow = sql`id = ${row.id}`

  if (isSameStep(current, next)) {
    if (!changesColumns(row, fields)) return { row, changed: false, emails: [] }
    const [updated] = (await db.batch([ledger.update(fields, thisRow)]))[0] as Row[]
    return { row: updated ?? row, changed: false, emails: [] }
  }

  const settlementId = crypto.randomUUID()
  const step = { current, next }
  const transition = ledger.update(
    {
      ...fields,
      ...ledger.stepColumns?.(row, step),
      status: next.state,
      refundedCents: next.refundedCents,
      settlementId,
      updatedAt: ctx.now,
      ...(grantsAccess(next.state) && !row.paidAt ? { paidAt: ctx.now } : {}),
      ...(next.refundedCents > current.refundedCents ? { refundedAt: ctx.now } : {}),
      ...(next.state === 'charged_back' ? { chargedBackAt: ctx.now } : {}),
    } as Partial<Row>,
    sql`${thisRow} AND status = ${current.state} AND refunded_cents = ${current.refundedCents}`,
  )
  const thisStep = sql`EXISTS (SELECT 1 FROM ${sql.identifier(ledger.table)} WHERE id = ${row.id} AND settlement_id = ${settlementId})`
  const { statements, mails } = await ledger.effects(row, step, thisStep)
  const queue = mails.map(
    (mail) => sql`INSERT INTO email_outbox (${sql.identifier('to')}, subject, html, text, secret)
      SELECT ${mail.to}, ${mail.subject}, ${mail.html}, ${mail.text}, ${mail.secret ? 1 : 0}
      WHERE ${thisStep} RETURNING id`,
  )
  const [updatedRows, ...rest] = await db.batch([
    transition,
    ...statements.map((statement) => db.run(statement)),
    ...queue.map((statement) => db.run(statement)),
  ])
  const updated = (updatedRows as Row[])[0]
  if (!updated) {
    // Another request moved it first: apply the report to where it stands now.
    const fresh = await ledger.read(row.id)
    if (!fresh || (fresh.status === row.status && fresh.refundedCents === row.refundedCents)) {
      return { row: fresh ?? row, changed: false, emails: [] }
    }
    return settle(ctx, ledger, fresh, report)
  }
  const queued = (rest.slice(statements.length) as ResultSet[]).flatMap((result, index) => {
    const id = Number(result.rows[0]?.id)
    return Number.isInteger(id) && id > 0 ? [{ id, message: mails[index]! }] : []
  })
  return { row: updated, changed: true, emails: queued }
}

function orderLedger(ctx: AppContext): Ledger<OrderRow> {
  const { db } = ctx
  return {
    table: 'orders',
    fields: gatewayFields,
    stepColumns: (order, { current, next }) => ({
      ...(next.refundedCents > current.refundedCents || endsAccess(next.state)
        ? { refundKey: null, refundRequestedAt: null, refundRequestedCents: null }
        : {}),
      // A buyer's request to give it up is answered by the refund, however it was made (a boleto's
      // through the admin's Estornar, with the buyer's bank account).
      ...(next.state === 'refunded' && order.withdrawalStatus === 'requested'
        ? { withdrawalStatus: 'approved' as const, withdrawalDecidedAt: ctx.now }
        : {}),
    }),
    update: (values, condition) => db.update(orders).set(values).where(condition).returning(),
    read: async (id) => (await db.select().from(orders).where(eq(orders.id, id)))[0],
    async effects(order, { current, next }, thisStep) {
      const statements: SQL[] = []
      const mails: OutboxMessage[] = []
      if (grantsAccess(next.state) && !grantsAccess(current.state)) {
        const gift = giftOf(order)
        if (gift) statements.push(...recipientStatements(order, gift, thisStep))
        // A class bought again after a refund reactivates the student's cancelled enrolment.
        statements.push(enrolStatement(sql`o.user_id`, sql`o.id = ${order.id} AND ${thisStep}`))
        if (current.state === 'expired') {
          // Paid late, after its seat was released: honoured, and flagged when a class it
          // enrols in went over its seats meanwhile (decision 011).
          statements.push(sql`UPDATE orders SET is_over_seats = 1 WHERE id = ${order.id} AND ${thisStep}
            AND EXISTS (SELECT 1 FROM order_items i JOIN class_seats s ON s.class_id = i.class_id
              WHERE i.order_id = ${order.id} AND s.seats IS NOT NULL AND s.taken + s.held > s.seats)`)
        }
        const firstPassword = await firstPasswordLink(ctx, order, thisStep)
        if (firstPassword) statements.push(firstPassword.statement)
        mails.push(await confirmationEmail(ctx.env, order, firstPassword?.link, firstPassword?.claim))
        if (gift) {
          const received = await giftEmail(ctx, order, gift, thisStep)
          if (received.statement) statements.push(received.statement)
          mails.push(received.mail)
        }
      }
      if (endsAccess(next.state) && !endsAccess(current.state)) {
        statements.push(sql`UPDATE enrollments SET status = 'cancelled'
          WHERE order_id = ${order.id} AND status = 'active' AND ${thisStep}`)
        mails.push(
          next.state === 'charged_back'
            ? await chargebackEmail(ctx.env, order)
            : await refundEmail(ctx.env, order, next.refundedCents || order.totalCents, true),
        )
      } else if (next.state === 'partially_refunded' && next.refundedCents > current.refundedCents) {
        mails.push(await refundEmail(ctx.env, order, next.refundedCents, false))
      }
      // A seat held or taken needs no statement to go back: the class_seats view counts live
      // orders only, so this step's new state releases it (decision 011).
      // Its coupon uses go back when it fails or expires, and are taken again by a late payment.
      statements.push(...couponStatements(order.id, current.state, next.state, thisStep))
      return { statements, mails }
    },
  }
}

/**
 * Applies what the provider reports to an order (DESIGN 6): a paid order enrols its buyer and
 * queues the confirmation; a refunded or charged-back one ends its enrolments (and with them the
 * seats and e-books they hold) and tells the buyer; a failed or expired one gives its coupon uses
 * and its seats back. A partial refund keeps the enrolments and records the amount.
 */
export async function settleOrder(ctx: AppContext, order: OrderRow, report: Report): Promise<Settlement> {
  const settled = await settle(ctx, orderLedger(ctx), order, report)
  return { order: settled.row, changed: settled.changed, emails: settled.emails }
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

/** The order's provider code: its id, and for an expired boleto or PIX issued again, id-N. */
export const providerCode = (order: Pick<OrderRow, 'id' | 'chargeAttempts'>) =>
  order.chargeAttempts > 1 ? `${order.id}-${order.chargeAttempts}` : order.id

/**
 * The order a provider's payment belongs to: by charge, by provider order, or by our code. A
 * code matches only the order's current one: the canceled charge of an expired boleto issued
 * again must not close the new one.
 */
export async function orderForPayment(
  ctx: AppContext,
  payment: GatewayPayment,
): Promise<OrderRow | undefined> {
  const [codeId, attempt] = payment.code ? payment.code.split('-') : []
  const byCode = codeId
    ? sql`(${orders.id} = ${codeId} AND ${orders.chargeAttempts} = ${Number(attempt ?? 1) || 0})`
    : undefined
  const matches = [
    ...(payment.chargeId ? [eq(orders.gatewayChargeId, payment.chargeId)] : []),
    ...(payment.gatewayOrderId ? [eq(orders.gatewayOrderId, payment.gatewayOrderId)] : []),
    ...(byCode ? [byCode] : []),
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
  return gateway.findOrderByCode(providerCode(order))
}
