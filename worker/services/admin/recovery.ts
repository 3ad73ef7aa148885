import { count, eq, isNull, type SQL, sql } from 'drizzle-orm'
import { abandonedCheckouts, emailSuppressions } from '../../../db/schema.ts'
import { REMINDER_SETTINGS } from '../../config.ts'
import type { AppContext } from '../../context.ts'
import type {
  AbandonedCheckoutsQuery,
  AdminAbandonedCheckout,
  AdminAbandonedCheckoutPage,
  RecoveryFigures,
} from '../../contract/admin-recovery.ts'
import { csvDateTime, csvMoney } from '../../domain/csv.ts'
import {
  REMINDER_KIND,
  REMINDER_KINDS,
  type ReminderKind,
  SUPPRESSION,
  type SuppressionReason,
} from '../../domain/reminders.ts'
import { listing } from './listing.ts'

// Sales recovery as the admin sees it (issue 25, item 6): what reminders brought in a period (the
// dashboard's figures) and the checkouts still open after the first reminder's delay.

/** The first reminder's delay: a checkout with no order this long after it began is abandoned. */
const ABANDONED_AFTER_MS = REMINDER_SETTINGS.abandonedFirstMs

/** The instant before which a checkout begun and still without an order counts as abandoned. */
const abandonedBy = (ctx: AppContext) => ctx.now.getTime() - ABANDONED_AFTER_MS

type Money = { orders: number; paid: number | null; refunded: number | null }
type Cohort = { abandoned: number; reminded: number | null; recovered: number | null }

/**
 * The dashboard's recovery figures for a period [start, end) in ms, as statements of its batch:
 * checkouts abandoned (and, of them, those reminded and those paid after), reminders sent by kind,
 * and the orders paid after a reminder about them, their money as the revenue counts it.
 */
export function recoveryStatements(ctx: AppContext, start: number, end: number) {
  const { db } = ctx
  return [
    // A checkout the job reminded is abandoned whatever its clock said: it reminds only those still
    // without an order after the delay (and a run may be dated later than the real clock, as in e2e).
    db.all<Cohort>(sql`
      SELECT count(*) AS abandoned, sum(ac.reminded) AS reminded,
        sum(ac.reminded AND po.paid_at IS NOT NULL) AS recovered
      FROM (SELECT a.*, EXISTS (SELECT 1 FROM reminders r WHERE r.checkout_id = a.id AND r.is_capped = 0) AS reminded
        FROM abandoned_checkouts a) ac
        LEFT JOIN orders po ON po.id = ac.order_id
      WHERE ac.created_at >= ${start} AND ac.created_at < ${end}
        AND (ac.reminded OR (ac.created_at <= ${abandonedBy(ctx)}
          AND (po.id IS NULL OR po.created_at >= ac.created_at + ${ABANDONED_AFTER_MS})))`),
    // Sent, by kind; and (kind null) those the per-address cap held back.
    db.all<{ kind: ReminderKind | null; count: number }>(sql`
      SELECT CASE WHEN r.is_capped THEN NULL ELSE r.kind END AS kind, count(*) AS count FROM reminders r
      WHERE r.created_at >= ${start} AND r.created_at < ${end}
      GROUP BY CASE WHEN r.is_capped THEN NULL ELSE r.kind END`),
    // A reminder about the checkout the order came from (sent before the order, as the job sends
    // none to a checkout with one), or about the order itself (boleto, PIX) sent before it was paid.
    db.all<Money>(sql`
      SELECT count(*) AS orders, sum(o.total_cents) AS paid,
        sum(CASE WHEN o.status IN ('charged_back', 'chargeback_lost') THEN o.total_cents ELSE o.refunded_cents END) AS refunded
      FROM orders o
      WHERE o.paid_at >= ${start} AND o.paid_at < ${end} AND (
        EXISTS (SELECT 1 FROM reminders r
          WHERE r.order_id = o.id AND r.is_capped = 0 AND (r.checkout_id IS NOT NULL OR r.created_at < o.paid_at))
        OR EXISTS (SELECT 1 FROM abandoned_checkouts ac JOIN reminders r ON r.checkout_id = ac.id
          WHERE ac.order_id = o.id AND r.is_capped = 0))`),
  ] as const
}

/** The figures from what `recoveryStatements` read. */
export function recoveryFigures(
  cohort: Cohort[],
  byKind: { kind: ReminderKind | null; count: number }[],
  money: Money[],
): RecoveryFigures {
  const sent = new Map(byKind.map((row) => [row.kind, Number(row.count)]))
  const paid = Number(money[0]?.paid ?? 0)
  const refunded = Number(money[0]?.refunded ?? 0)
  return {
    abandoned: Number(cohort[0]?.abandoned ?? 0),
    abandoned_after_minutes: ABANDONED_AFTER_MS / 60_000,
    reminders: REMINDER_KINDS.map((kind) => ({ kind, count: sent.get(kind) ?? 0 })),
    capped: sent.get(null) ?? 0,
    recovered: { orders: Number(money[0]?.orders ?? 0), paid, refunded, net: paid - refunded },
    rate: { reminded: Number(cohort[0]?.reminded ?? 0), recovered: Number(cohort[0]?.recovered ?? 0) },
  }
}

// ── Open abandoned checkouts ─────────────────────────────────────────────────

const lastReminder = (column: SQL) =>
  sql`(SELECT ${column} FROM reminders r WHERE r.checkout_id = ${abandonedCheckouts.id} AND r.is_capped = 0
    ORDER BY r.created_at DESC, r.id DESC LIMIT 1)`

const selectRows = (ctx: AppContext) =>
  ctx.db
    .select({
      checkout: abandonedCheckouts,
      reminders: sql<number>`(SELECT count(*) FROM reminders r WHERE r.checkout_id = ${abandonedCheckouts.id} AND r.is_capped = 0)`,
      lastKind: sql<ReminderKind | null>`${lastReminder(sql`r.kind`)}`,
      lastAt: sql<number | null>`${lastReminder(sql`r.created_at`)}`,
      stopped: emailSuppressions.reason,
    })
    .from(abandonedCheckouts)
    .leftJoin(emailSuppressions, eq(emailSuppressions.email, abandonedCheckouts.email))
    .$dynamic()

type Row = {
  checkout: typeof abandonedCheckouts.$inferSelect
  reminders: number
  lastKind: ReminderKind | null
  lastAt: number | null
  stopped: SuppressionReason | null
}
type Filters = Omit<AbandonedCheckoutsQuery, 'page' | 'per_page'> & { abandonedBy: number }

const toItem = ({ checkout, ...row }: Row): AdminAbandonedCheckout => ({
  id: checkout.id,
  email: checkout.email,
  items: checkout.items,
  total: checkout.totalCents,
  created_at: checkout.createdAt.toISOString(),
  seen_at: checkout.seenAt.toISOString(),
  reminders: Number(row.reminders),
  last_reminder:
    row.lastKind && row.lastAt !== null
      ? { kind: row.lastKind, sent_at: new Date(Number(row.lastAt)).toISOString() }
      : null,
  stopped: row.stopped,
})

const checkoutListing = listing<Filters, Row, AdminAbandonedCheckout>({
  createdAt: abandonedCheckouts.createdAt,
  id: abandonedCheckouts.id,
  select: selectRows,
  count: (ctx) => ctx.db.select({ total: count() }).from(abandonedCheckouts).$dynamic(),
  conditions: (filters) => [
    isNull(abandonedCheckouts.orderId),
    sql`${abandonedCheckouts.createdAt} <= ${filters.abandonedBy}`,
  ],
  search: (pattern) =>
    sql`(${abandonedCheckouts.email} LIKE ${pattern} ESCAPE '\\' OR ${abandonedCheckouts.items} LIKE ${pattern} ESCAPE '\\')`,
  toItem,
  csv: {
    entity: 'abandoned_checkout',
    filename: 'carrinhos-abandonados',
    columns: [
      ['Iniciado em', (item) => csvDateTime(new Date(item.created_at))],
      ['Origem', () => 'Checkout do site'],
      ['E-mail', (item) => item.email],
      ['Itens', (item) => item.items.map((line) => `${line.name}: ${csvMoney(line.cents)}`).join(' | ')],
      ['Total (R$)', (item) => csvMoney(item.total)],
      ['Visto por último em', (item) => csvDateTime(new Date(item.seen_at))],
      ['Lembretes enviados', (item) => item.reminders],
      [
        'Último lembrete',
        (item) => (item.last_reminder ? REMINDER_KIND.labels[item.last_reminder.kind] : ''),
      ],
      [
        'Último lembrete em',
        (item) => (item.last_reminder ? csvDateTime(new Date(item.last_reminder.sent_at)) : ''),
      ],
      ['Lembretes suspensos', (item) => (item.stopped ? SUPPRESSION.labels[item.stopped] : '')],
    ],
  },
})

/** GET /api/admin/recuperacao: the abandoned checkouts still without an order, newest first. */
export function listAbandonedCheckouts({
  ctx,
  query,
}: {
  ctx: AppContext
  query: AbandonedCheckoutsQuery
}): Promise<AdminAbandonedCheckoutPage> {
  return checkoutListing.list({ ctx, query: { ...query, abandonedBy: abandonedBy(ctx) } })
}

/** GET /api/admin/recuperacao/exportacao: the same as CSV; recorded in the audit log. */
export function exportAbandonedCheckouts({
  ctx,
  actor,
  filters,
}: {
  ctx: AppContext
  actor: { id: number }
  filters: Omit<AbandonedCheckoutsQuery, 'page' | 'per_page'>
}) {
  return checkoutListing.exportCsv({ ctx, actor, filters: { ...filters, abandonedBy: abandonedBy(ctx) } })
}
