import type { ResultSet } from '@libsql/client'
import { eq, or, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../../db/client.ts'
import { emailOutbox, type orders, type planPayments } from '../../../db/schema.ts'
import type { GatewayPayment } from '../../adapters/payments/types.ts'
import type { AppContext } from '../../context.ts'
import { advance, grantsAccess, isSameStep, type OrderPosition } from '../../domain/orders.ts'
import { deliverQueued, queueEmailWhere } from '../email/outbox.ts'
import { paymentGateway } from './gateway.ts'
import type { Ledger, Payment, QueuedEmail, Report, Settled, Step } from './ledger.ts'

export const reportOf = (payment: GatewayPayment): Report => ({
  status: payment.status,
  refundedCents: payment.refundedCents,
  payment,
  ...(payment.disputeWon ? { disputeWon: true } : {}),
})

/** A date the provider reports, or what the row had when it reports none. */
export const reportedDate = (value: string | undefined, had: Date | null) => (value ? new Date(value) : had)

/**
 * What both ledgers fill in from the provider's payment: what it received, its ids, and the
 * boleto's link and due date. The link is the boleto's PDF (Pagar.me v5 answers `pdf` and `url`,
 * its page), what the payer prints or opens; the page only when there is no PDF.
 */
export function providerFields(payment: GatewayPayment, row: { boletoDueAt: Date | null }) {
  return {
    ...(payment.paidCents > 0 ? { receivedCents: payment.paidCents } : {}),
    ...(payment.gatewayOrderId ? { gatewayOrderId: payment.gatewayOrderId } : {}),
    ...(payment.chargeId ? { gatewayChargeId: payment.chargeId } : {}),
    ...(payment.boleto
      ? {
          boletoUrl: payment.boleto.pdf || payment.boleto.url,
          boletoDueAt: reportedDate(payment.boleto.dueAt, row.boletoDueAt),
        }
      : {}),
  }
}

function changesColumns<Row>(row: Row, fields: Partial<Row>): boolean {
  return Object.entries(fields).some(([key, value]) => {
    const current = row[key as keyof Row] as unknown
    return value instanceof Date ? (current as Date | null)?.valueOf() !== value.valueOf() : current !== value
  })
}

type Position<Row> = { current: OrderPosition; next: OrderPosition; fields: Partial<Row> }

/** Where a report moves a row: its position now and next, and the columns the payment fills in. */
function positionOf<Row extends Payment>(
  ledger: Ledger<Row, unknown>,
  row: Row,
  report: Report,
): Position<Row> {
  const current: OrderPosition = { state: row.status, refundedCents: row.refundedCents }
  // A charge whose meaning depends on whether it had been paid (a card voided on the day of its
  // capture: a refund then), read with what the store knows.
  const known = grantsAccess(row.status) ? report.payment?.ifPaidBefore : undefined
  const next = advance(
    current,
    known
      ? { state: known.status, refundedCents: known.refundedCents }
      : {
          state: report.status,
          refundedCents: report.refundedCents,
          disputeWon: report.disputeWon,
          differenceWentBack: report.differenceWentBack,
        },
  )
  return { current, next, fields: ledger.fields(row, report.payment) }
}

/**
 * One step's writes: the row's transition (when it still stands where it was read, and `guard`
 * holds), and what the step implies and queues, keyed to the step's random settlement id.
 */
async function stepWrites<Row extends Payment>(
  ctx: AppContext,
  ledger: Ledger<Row, unknown>,
  row: Row,
  report: Report,
  { current, next, fields }: Position<Row>,
  guard?: SQL,
) {
  const settlementId = crypto.randomUUID()
  const step: Step = { current, next, ...(report.acceptedShort ? { acceptedShort: true } : {}) }
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
    sql`id = ${row.id} AND status = ${current.state} AND refunded_cents = ${current.refundedCents}${guard ? sql` AND ${guard}` : sql``}`,
  )
  const thisStep = sql`EXISTS (SELECT 1 FROM ${sql.identifier(ledger.table)} WHERE id = ${row.id} AND settlement_id = ${settlementId})`
  // The effects read the row as this report fills it in (what arrived, the provider's ids).
  const effects = await ledger.effects({ ...row, ...fields } as Row, step, thisStep)
  const statements = [...effects.statements, ...(report.writes?.(thisStep) ?? [])]
  const queue = effects.mails.map((mail) =>
    queueEmailWhere(mail, mail.when ? sql`${thisStep} AND ${mail.when}` : thisStep),
  )
  return { step, thisStep, transition, statements, mails: effects.mails, queue, after: effects.after ?? [] }
}

/**
 * Applies what the provider reports (DESIGN 6). Only a step forward changes anything, and what
 * that step implies is written in the same transaction, keyed to the random settlement id the
 * step wrote, so a replayed or concurrent report adds nothing. The rows the ledger moves along
 * with it (`alongside`: an order paid short, once its difference is paid, or again paid short once
 * that difference's money went back) step in that same
 * transaction, each only if this step happened.
 */
export async function settle<Row extends Payment>(
  ctx: AppContext,
  ledger: Ledger<Row, unknown>,
  row: Row,
  report: Report,
): Promise<Settled<Row>> {
  const { db } = ctx
  const position = positionOf(ledger, row, report)
  const { current, next, fields } = position

  if (isSameStep(current, next)) {
    if (!changesColumns(row, fields)) return { row, changed: false, emails: [] }
    const [updated] = (await db.batch([ledger.update(fields, sql`id = ${row.id}`)]))[0] as Row[]
    return { row: updated ?? row, changed: false, emails: [] }
  }

  const main = await stepWrites(ctx, ledger, row, report, position)
  const others = []
  for (const other of (await ledger.alongside?.(row, main.step)) ?? []) {
    const moved = positionOf(ledger, other.row, other.report)
    if (isSameStep(moved.current, moved.next)) continue
    others.push(await stepWrites(ctx, ledger, other.row, other.report, moved, main.thisStep))
  }
  const steps = [main, ...others]
  const writes = steps.flatMap((one) => [
    ...(one === main ? [] : [one.transition]),
    ...one.statements.map((statement) => db.run(statement)),
  ])
  const mails = steps.flatMap((one) => one.mails)
  const [updatedRows, ...rest] = await db.batch([
    main.transition,
    ...writes,
    ...steps.flatMap((one) => one.queue.map((statement) => db.run(statement))),
  ])
  const updated = (updatedRows as Row[])[0]
  if (!updated) {
    // Another request moved it first: apply the report to where it stands now.
    const fresh = await readRow(ledger, row.id)
    if (!fresh || (fresh.status === row.status && fresh.refundedCents === row.refundedCents)) {
      return { row: fresh ?? row, changed: false, emails: [] }
    }
    return settle(ctx, ledger, fresh, report)
  }
  // Committed: what the steps start now and finish after the answer (a task whose step did not
  // happen finds nothing to do).
  for (const task of steps.flatMap((one) => one.after)) {
    ctx.waitUntil(
      task().catch((error: unknown) =>
        console.warn(
          JSON.stringify({
            level: 'warn',
            requestId: ctx.requestId,
            kind: 'step_after_failed',
            error: String(error),
          }),
        ),
      ),
    )
  }
  const queued = (rest.slice(writes.length) as ResultSet[]).flatMap((result, index) => {
    const id = Number(result.rows[0]?.id)
    return Number.isInteger(id) && id > 0 ? [{ id, message: mails[index]! }] : []
  })
  return { row: updated, changed: true, emails: queued }
}

/** What a payment issued again may change besides its state: the owner's own columns, or SQL for them. */
export type Reopening<Row> = { [Column in keyof Row]?: Row[Column] | SQL }

/**
 * A payment issued again (an expired boleto or PIX, for the same order): pending, with nothing of
 * the provider's left (its ids, the boleto's or PIX's data: the ledger's `unsent`), nor of the last
 * attempt (its lease, the reconciliation's and the settlement's marks), so the next attempt sends
 * it as a first submit does. `also`: what the owner's act changes with it; `where`: how the row
 * must still stand. A batch item; the row comes back reopened, or not at all.
 */
export function reopen<Row extends Payment>(
  ctx: AppContext,
  ledger: Ledger<Row, unknown>,
  row: Row,
  { also, where }: { also: Reopening<Row>; where: SQL },
) {
  return ledger.update(
    {
      status: 'pending',
      gatewayOrderId: null,
      gatewayChargeId: null,
      chargeAttemptAt: null,
      boletoUrl: null,
      boletoDueAt: null,
      reconciledAt: null,
      settlementId: null,
      updatedAt: ctx.now,
      ...ledger.unsent,
      ...also,
    } as Partial<Row>,
    sql`id = ${row.id} AND ${where}`,
  )
}

/**
 * A ledger's reads and writes of its table, as `select` and `update` ask (drizzle maps the columns
 * of the table it is given; the two tables share the columns the pipeline names).
 */
export function rowsOf<Row extends Payment>(db: Db, table: typeof orders | typeof planPayments) {
  return {
    select: async (where: SQL, limit: number, orderBy: SQL[] = []) =>
      (await db
        .select()
        .from(table as typeof orders)
        .where(where)
        .orderBy(...orderBy)
        .limit(limit)) as unknown as Row[],
    update: (values: Partial<Row>, condition: SQL) =>
      db
        .update(table as typeof orders)
        .set(values as Partial<typeof orders.$inferInsert>)
        .where(condition)
        .returning(),
  }
}

export const readRow = async <Row extends Payment>(ledger: Ledger<Row, unknown>, id: string) =>
  (await ledger.select(sql`id = ${id}`, 1))[0]

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

/** Settles a report and sends what it queued at once; the settlement as it ended. */
export async function settleAndDeliver<Row extends Payment>(
  ctx: AppContext,
  ledger: Ledger<Row, unknown>,
  row: Row,
  report: Report,
) {
  const settled = await ledger.settle(row, report)
  const delivered = await deliverEmails(ctx, settled.emails)
  return { ...settled, delivered }
}

/** The row a provider's payment belongs to: by charge, by provider order, or by our code. */
export async function rowForPayment<Row extends Payment>(
  ledger: Ledger<Row, unknown>,
  payment: GatewayPayment,
): Promise<Row | undefined> {
  const matches = [
    ...(payment.chargeId ? [sql`gateway_charge_id = ${payment.chargeId}`] : []),
    ...(payment.gatewayOrderId ? [sql`gateway_order_id = ${payment.gatewayOrderId}`] : []),
    ...(payment.code ? [ledger.byCode(payment.code)] : []),
  ]
  if (matches.length === 0) return undefined
  return (await ledger.select(or(...matches)!, 1))[0]
}

/** Re-reads a payment at the provider: by its charge, its provider order, or (sent blind) its code. */
export async function readAtProvider<Row extends Payment>(
  ctx: AppContext,
  ledger: Ledger<Row, unknown>,
  row: Row,
): Promise<GatewayPayment | null> {
  const gateway = paymentGateway(ctx)
  if (row.gatewayChargeId) return gateway.getCharge(row.gatewayChargeId)
  if (row.gatewayOrderId) return gateway.getOrder(row.gatewayOrderId)
  return gateway.findOrderByCode(ledger.code(row))
}
