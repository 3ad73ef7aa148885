import { type SQL, sql } from 'drizzle-orm'
import { REMINDER_SETTINGS } from '../../config.ts'
import type { AppContext } from '../../context.ts'
import { ABANDONED_SEQUENCES_PER_ADDRESS, type ReminderKind } from '../../domain/reminders.ts'
import { curitibaDay, DAY_MS } from '../../domain/time-zone.ts'
import type { OutboxMessage } from '../email/templates.ts'
import { feeOwed } from '../plans/fees.ts'
import { abandonedCheckoutEmail, boletoDueEmail, feeEmail, paymentExpiredEmail } from './emails.ts'

/** One reminder to send: who, about what, and the condition that must still hold when it is written. */
type Reminder = {
  kind: ReminderKind
  subject: string
  email: string
  checkoutId?: string
  orderId?: string
  applicationId?: number
  planId?: number
  /** Re-checked inside the write: an order, a payment or an unsubscribe since the search stops it. */
  stillDue: SQL
  message: () => Promise<OutboxMessage>
}

export type RemindersReport = Record<ReminderKind, number> & { forgotten: number; capped: number }

const notSuppressed = (email: SQL | string) =>
  sql`NOT EXISTS (SELECT 1 FROM email_suppressions s WHERE s.email = ${email})`
const notSent = (subject: SQL) => sql`NOT EXISTS (SELECT 1 FROM reminders r WHERE r.subject = ${subject})`

/**
 * Whether `email` may begin one more abandoned-checkout sequence now: fewer first e-mails sent to
 * it than the cap allows in the last day and the last week. Read inside the reminder's own batch,
 * so runs at once never pass the cap together.
 */
function withinAddressCap(ctx: AppContext, email: string): SQL {
  const sentSince = (ms: number) => sql`(SELECT count(*) FROM reminders r WHERE r.email = ${email}
    AND r.kind = 'abandoned_first' AND r.is_capped = 0 AND r.created_at > ${ctx.now.getTime() - ms})`
  const { day, week } = ABANDONED_SEQUENCES_PER_ADDRESS
  return sql`(${sentSince(DAY_MS)} < ${day} AND ${sentSince(7 * DAY_MS)} < ${week})`
}

/**
 * Writes one reminder and its outbox message in one batch (one transaction): the reminder row is
 * unique by subject, and the message is queued only by the batch whose row still lacks one, so two
 * runs at once send it once, and a run that dies before the batch leaves it to the next run. A
 * first abandoned-checkout e-mail past its address's cap is recorded as capped and never sent.
 * Answers what this run wrote.
 */
async function remind(ctx: AppContext, reminder: Reminder): Promise<'sent' | 'capped' | null> {
  const { db } = ctx
  const mail = await reminder.message()
  const capped =
    reminder.kind === 'abandoned_first' ? sql`NOT ${withinAddressCap(ctx, reminder.email)}` : sql`0`
  const [inserted, , , row] = await db.batch([
    db.run(sql`INSERT INTO reminders (kind, subject, email, checkout_id, order_id, application_id, plan_id,
        is_capped, created_at)
      SELECT ${reminder.kind}, ${reminder.subject}, ${reminder.email}, ${reminder.checkoutId ?? null},
        ${reminder.orderId ?? null}, ${reminder.applicationId ?? null}, ${reminder.planId ?? null}, ${capped},
        ${ctx.now.getTime()}
      WHERE ${reminder.stillDue} AND ${notSuppressed(reminder.email)}
      ON CONFLICT (subject) DO NOTHING`),
    db.run(sql`INSERT INTO email_outbox ("to", subject, html, text, secret, status, headers)
      SELECT ${mail.to}, ${mail.subject}, ${mail.html}, ${mail.text}, 0, 'pending', ${JSON.stringify(mail.headers ?? {})}
      WHERE EXISTS (SELECT 1 FROM reminders WHERE subject = ${reminder.subject} AND outbox_id IS NULL
        AND is_capped = 0)`),
    db.run(sql`UPDATE reminders SET outbox_id = last_insert_rowid()
      WHERE subject = ${reminder.subject} AND outbox_id IS NULL AND is_capped = 0`),
    db.all<{ is_capped: number }>(sql`SELECT is_capped FROM reminders WHERE subject = ${reminder.subject}`),
  ])
  if (inserted.rowsAffected !== 1) return null
  return row[0]?.is_capped ? 'capped' : 'sent'
}

/**
 * The scheduled job of issue 25 (under the outbox's Cron Trigger, before the outbox is drained):
 * finds what is due as of the run's time and writes each reminder with its message, at most once
 * per subject; then deletes the abandoned checkouts kept past their time. Only people who ticked
 * the box are found (an abandoned checkout exists only with consent; orders and applications by
 * their `reminders_consent`), and never a suppressed address.
 */
export async function sendReminders(ctx: AppContext): Promise<RemindersReport> {
  const report: RemindersReport = {
    abandoned_first: 0,
    abandoned_second: 0,
    boleto_due: 0,
    boleto_expired: 0,
    pix_expired: 0,
    fee_due: 0,
    fee_overdue: 0,
    forgotten: 0,
    capped: 0,
  }
  // The second abandoned-checkout reminders first: a checkout whose first goes out in this run
  // gets its second in a later one, never both at once.
  const found = [
    ...(await abandoned(ctx, 'abandoned_second')),
    ...(await abandoned(ctx, 'abandoned_first')),
    ...(await boletosDueTomorrow(ctx)),
    ...(await expiredPayments(ctx)),
    ...(await fees(ctx)),
  ]
  for (const reminder of found) {
    const written = await remind(ctx, reminder)
    if (written === 'sent') report[reminder.kind] += 1
    else if (written === 'capped') report.capped += 1
  }
  const cutoff = ctx.now.getTime() - REMINDER_SETTINGS.abandonedRetentionDays * DAY_MS
  const forgotten = await ctx.db.run(sql`DELETE FROM abandoned_checkouts WHERE seen_at < ${cutoff}`)
  report.forgotten = forgotten.rowsAffected
  return report
}

const LIMIT = sql.raw(String(REMINDER_SETTINGS.batchSize))

type CheckoutRow = { id: string; email: string; items: string; total_cents: number }

async function abandoned(ctx: AppContext, kind: 'abandoned_first' | 'abandoned_second'): Promise<Reminder[]> {
  const second = kind === 'abandoned_second'
  const seenBy =
    ctx.now.getTime() - (second ? REMINDER_SETTINGS.abandonedSecondMs : REMINDER_SETTINGS.abandonedFirstMs)
  const open = (c: SQL) => sql`${c}.order_id IS NULL AND ${c}.seen_at <= ${seenBy}
    ${second ? sql`AND EXISTS (SELECT 1 FROM reminders f WHERE f.subject = 'abandoned_first:' || ${c}.id AND f.is_capped = 0)` : sql``}`
  const rows = await ctx.db.all<CheckoutRow>(sql`SELECT c.id, c.email, c.items, c.total_cents
    FROM abandoned_checkouts c
    WHERE ${open(sql.raw('c'))} AND ${notSent(sql`${kind} || ':' || c.id`)} AND ${notSuppressed(sql`c.email`)}
    ORDER BY c.seen_at LIMIT ${LIMIT}`)
  return rows.map((row) => ({
    kind,
    subject: `${kind}:${row.id}`,
    email: row.email,
    checkoutId: row.id,
    stillDue: sql`EXISTS (SELECT 1 FROM abandoned_checkouts c WHERE c.id = ${row.id} AND ${open(sql.raw('c'))})`,
    message: () =>
      abandonedCheckoutEmail(
        ctx,
        { id: row.id, email: row.email, items: JSON.parse(row.items), totalCents: row.total_cents },
        second,
      ),
  }))
}

type OrderRow = {
  id: string
  email: string
  total_cents: number
  charge_attempts: number
  payment_type: 'BOLETO' | 'PIX'
  boleto_line: string | null
  boleto_url: string | null
  boleto_due_at: number | null
}

const ORDER_COLUMNS = sql`o.id, o.payer ->> 'email' AS email, o.total_cents, o.charge_attempts, o.payment_type,
  o.boleto_line, o.boleto_url, o.boleto_due_at`

/** The order still in the state it was found in, on the same attempt. */
const orderStill = (row: OrderRow, status: string) =>
  sql`EXISTS (SELECT 1 FROM orders o WHERE o.id = ${row.id} AND o.status = ${status}
    AND o.charge_attempts = ${row.charge_attempts})`

/** A boleto unpaid the day before it falls due (Curitiba's days). */
async function boletosDueTomorrow(ctx: AppContext): Promise<Reminder[]> {
  const now = ctx.now.getTime()
  const tomorrow = curitibaDay(new Date(now + DAY_MS))
  const rows = await ctx.db.all<OrderRow>(sql`SELECT ${ORDER_COLUMNS} FROM orders o
    WHERE o.status = 'pending' AND o.payment_type = 'BOLETO' AND o.reminders_consent = 1
      AND o.boleto_due_at > ${now} AND o.boleto_due_at <= ${now + 2 * DAY_MS}
      AND ${notSent(sql`'boleto_due:' || o.id || ':' || o.charge_attempts`)}
    ORDER BY o.boleto_due_at LIMIT ${LIMIT}`)
  return rows
    .filter((row) => row.boleto_due_at !== null && curitibaDay(new Date(row.boleto_due_at)) === tomorrow)
    .map((row) => ({
      kind: 'boleto_due' as const,
      subject: `boleto_due:${row.id}:${row.charge_attempts}`,
      email: row.email,
      orderId: row.id,
      stillDue: orderStill(row, 'pending'),
      message: () =>
        boletoDueEmail(ctx, {
          id: row.id,
          email: row.email,
          totalCents: row.total_cents,
          boletoLine: row.boleto_line,
          boletoUrl: row.boleto_url,
          dueAt: new Date(row.boleto_due_at!),
        }),
    }))
}

/** A boleto or PIX that expired unpaid: one e-mail per attempt, whose link issues a new one (Minhas compras). */
async function expiredPayments(ctx: AppContext): Promise<Reminder[]> {
  const rows = await ctx.db.all<OrderRow>(sql`SELECT ${ORDER_COLUMNS} FROM orders o
    WHERE o.status = 'expired' AND o.payment_type IN ('BOLETO', 'PIX') AND o.reminders_consent = 1
      AND o.difference_of IS NULL
      AND ${notSent(sql`(CASE o.payment_type WHEN 'PIX' THEN 'pix_expired:' ELSE 'boleto_expired:' END) || o.id || ':' || o.charge_attempts`)}
    ORDER BY o.updated_at LIMIT ${LIMIT}`)
  return rows.map((row) => {
    const kind = row.payment_type === 'PIX' ? ('pix_expired' as const) : ('boleto_expired' as const)
    return {
      kind,
      subject: `${kind}:${row.id}:${row.charge_attempts}`,
      email: row.email,
      orderId: row.id,
      stillDue: orderStill(row, 'expired'),
      message: () =>
        paymentExpiredEmail(
          ctx,
          { id: row.id, email: row.email, totalCents: row.total_cents },
          row.payment_type === 'PIX' ? 'PIX' : 'boleto',
        ),
    }
  })
}

type FeeRow = {
  application_id: number
  plan_id: number
  email: string
  name: string
  amount_cents: number
  due_on: string
  title: string
}

/**
 * An edital's monthly fee owed (services/plans/fees.ts) by an applicant who asked for reminders:
 * one e-mail when it falls due within `feeDueDays` days, one more once it is late (past its day).
 */
async function fees(ctx: AppContext): Promise<Reminder[]> {
  const today = curitibaDay(ctx.now)
  const horizon = curitibaDay(new Date(ctx.now.getTime() + REMINDER_SETTINGS.feeDueDays * DAY_MS))
  const found: Reminder[] = []
  for (const kind of ['fee_due', 'fee_overdue'] as const) {
    const window =
      kind === 'fee_due' ? sql`fp.due_on >= ${today} AND fp.due_on <= ${horizon}` : sql`fp.due_on < ${today}`
    const owed = (application: SQL, plan: SQL) => sql`EXISTS (SELECT 1 FROM applications a
      JOIN fee_plans fp ON fp.edital_id = a.edital_id
      WHERE a.id = ${application} AND fp.id = ${plan} AND a.reminders_consent = 1 AND fp.kind = 'monthly'
        AND ${window} AND ${feeOwed('a')})`
    const rows =
      // Aliases of its own: `owed` names `a` and `fp` inside its subquery.
      await ctx.db.all<FeeRow>(sql`SELECT oa.id AS application_id, op.id AS plan_id, u.email, op.name,
        op.amount_cents, op.due_on, e.title
      FROM applications oa JOIN fee_plans op ON op.edital_id = oa.edital_id
      JOIN users u ON u.id = oa.user_id JOIN editais e ON e.id = oa.edital_id
      WHERE ${owed(sql`oa.id`, sql`op.id`)}
        AND ${notSent(sql`${kind} || ':' || oa.id || ':' || op.id`)}
      ORDER BY op.due_on LIMIT ${LIMIT}`)
    for (const row of rows) {
      found.push({
        kind,
        subject: `${kind}:${row.application_id}:${row.plan_id}`,
        email: row.email,
        applicationId: row.application_id,
        planId: row.plan_id,
        stillDue: owed(sql`${row.application_id}`, sql`${row.plan_id}`),
        message: () =>
          feeEmail(
            ctx,
            {
              email: row.email,
              planId: row.plan_id,
              applicationId: row.application_id,
              name: row.name,
              editalTitle: row.title,
              amountCents: row.amount_cents,
              dueOn: row.due_on,
            },
            kind === 'fee_overdue',
          ),
      })
    }
  }
  return found
}
