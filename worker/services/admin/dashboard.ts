import { type SQL, sql } from 'drizzle-orm'
import { PERIOD_ORDER_MESSAGE } from '../../contract/admin.ts'
import type { Dashboard, DashboardQuery } from '../../contract/admin-sales.ts'
import { bucketsOf, daysBetween, type Granularity, MAX_PERIOD_DAYS } from '../../domain/dashboard.ts'
import { ACCESS_STATES } from '../../domain/orders.ts'
import { ORDER_STATES, type OrderState, PAYMENT_TYPES, type PaymentType } from '../../domain/payments.ts'
import { curitibaDay, curitibaDayEndMs, curitibaDayStartMs } from '../../domain/time-zone.ts'
import { invalidField } from '../../errors.ts'
import { invoiceCountsOf, invoiceCountsStatement } from '../fiscal/view.ts'
import { feeOwed } from '../plans/fees.ts'
import type { AdminRead } from './internal.ts'
import { recoveryFigures, recoveryStatements } from './recovery.ts'

/**
 * The first day of the bucket (YYYY-MM-DD, Curitiba) of a millisecond timestamp column, as
 * worker/domain/dashboard.ts's bucketOf computes it: the day, its week's Monday, its month's 1st.
 */
function bucket(column: SQL, granularity: Granularity): SQL {
  const local = sql`${column} / 1000, 'unixepoch', '-3 hours'`
  if (granularity === 'day') return sql`strftime('%Y-%m-%d', ${local})`
  if (granularity === 'month') return sql`strftime('%Y-%m-01', ${local})`
  // 'weekday 0' moves to the next Sunday (or stays on one); six days back is that week's Monday.
  return sql`date(${local}, 'weekday 0', '-6 days')`
}

/** A period's bounds in ms; 422 when it is reversed or longer than the dashboard computes. */
export function periodBounds(from: string, to: string) {
  if (to < from) throw invalidField('to', PERIOD_ORDER_MESSAGE)
  if (daysBetween(from, to) > MAX_PERIOD_DAYS) {
    throw invalidField('to', `O período pode ter no máximo ${MAX_PERIOD_DAYS} dias.`)
  }
  return { start: curitibaDayStartMs(from), end: curitibaDayEndMs(to) }
}

/** The most late fees the dashboard lists (the oldest first). */
const LATE_FEES_SHOWN = 20
type LateFee = {
  application_id: number
  edital_id: number
  edital_title: string
  name: string
  email: string
  fee: string
  amount_cents: number
  due_on: string
}

type Revenue = { start: string; paid: number; refunded: number; orders: number }

/** What a source's payments paid in the period, per bucket, less what went back since. */
function revenueOf(
  table: 'orders' | 'plan_payments',
  amount: SQL,
  granularity: Granularity,
  start: number,
  end: number,
) {
  return sql`
      SELECT ${bucket(sql`o.paid_at`, granularity)} AS start, sum(${amount}) AS paid,
        sum(CASE WHEN o.status IN ('charged_back', 'chargeback_lost') THEN ${amount} ELSE o.refunded_cents END) AS refunded,
        count(*) AS orders
      FROM ${sql.raw(table)} o WHERE o.paid_at >= ${start} AND o.paid_at < ${end} GROUP BY 1 ORDER BY 1`
}

/**
 * GET /api/admin/dashboard: every widget's figures computed in SQL, all in one `db.batch` (one
 * round trip for the whole dashboard), over orders paid or created, enrollments, leads, abandoned
 * checkouts and reminders of the period.
 */
export async function getDashboard({ ctx, query }: AdminRead<typeof DashboardQuery>): Promise<Dashboard> {
  const { from, to, granularity } = query
  const { start, end } = periodBounds(from, to)
  const { db } = ctx
  const paidIn = sql`o.paid_at >= ${start} AND o.paid_at < ${end}`
  const today = curitibaDay(ctx.now)
  const [revenue, planRevenue, byState, pending, enrollments, leads, top, late, invoiceRows, ...recovery] =
    await db.batch([
      db.all<Revenue>(revenueOf('orders', sql`o.total_cents`, granularity, start, end)),
      db.all<Revenue>(revenueOf('plan_payments', sql`o.amount_cents`, granularity, start, end)),
      db.all<{ state: OrderState; count: number; total: number }>(sql`
      SELECT o.status AS state, count(*) AS count, coalesce(sum(o.total_cents), 0) AS total
      FROM orders o WHERE o.created_at >= ${start} AND o.created_at < ${end} GROUP BY o.status`),
      db.all<{ payment_type: PaymentType; count: number; total: number }>(sql`
      SELECT o.payment_type AS payment_type, count(*) AS count, coalesce(sum(o.total_cents), 0) AS total
      FROM orders o WHERE o.status = 'pending' AND o.payment_type IN ('BOLETO', 'PIX') GROUP BY o.payment_type`),
      db.all<{ course_id: number; name: string; active: number; cancelled: number }>(sql`
      SELECT c.id AS course_id, c.name AS name,
        sum(e.status = 'active') AS active, sum(e.status = 'cancelled') AS cancelled
      FROM enrollments e JOIN classes cl ON cl.id = e.class_id JOIN courses c ON c.id = cl.course_id
      WHERE e.created_at >= ${start} AND e.created_at < ${end}
      GROUP BY c.id ORDER BY count(*) DESC, c.name LIMIT 10`),
      db.all<{ start: string; count: number }>(sql`
      SELECT ${bucket(sql`l.created_at`, 'week')} AS start, count(*) AS count
      FROM leads l WHERE l.created_at >= ${start} AND l.created_at < ${end} GROUP BY 1 ORDER BY 1`),
      db.all<{ course_id: number; name: string; revenue: number; sold: number }>(sql`
      SELECT c.id AS course_id, c.name AS name, sum(i.net_cents) AS revenue, count(*) AS sold
      FROM order_items i JOIN orders o ON o.id = i.order_id JOIN courses c ON c.id = i.course_id
      WHERE ${paidIn} AND o.status IN ${ACCESS_STATES}
      GROUP BY c.id ORDER BY revenue DESC, c.name LIMIT 5`),
      // Fees unpaid after their due day, now (whatever the period).
      db.all<LateFee>(sql`
      SELECT a.id AS application_id, e.id AS edital_id, e.title AS edital_title, u.name AS name,
        u.email AS email, fp.name AS fee, fp.amount_cents AS amount_cents, fp.due_on AS due_on
      FROM applications a JOIN editais e ON e.id = a.edital_id JOIN users u ON u.id = a.user_id
        JOIN fee_plans fp ON fp.edital_id = a.edital_id
      WHERE fp.due_on IS NOT NULL AND fp.due_on < ${today} AND ${feeOwed('a')}
      ORDER BY fp.due_on, a.id LIMIT ${LATE_FEES_SHOWN}`),
      // The NFS-e pending or in trouble, now (whatever the period).
      invoiceCountsStatement(ctx),
      ...recoveryStatements(ctx, start, end),
    ])

  const ordersByStart = new Map(revenue.map((row) => [row.start, row]))
  const plansByStart = new Map(planRevenue.map((row) => [row.start, row]))
  const money = (row: Revenue | undefined) => ({
    paid: Number(row?.paid ?? 0),
    refunded: Number(row?.refunded ?? 0),
  })
  const buckets = bucketsOf(from, to, granularity).map((bucketStart) => {
    const order = ordersByStart.get(bucketStart)
    const plan = plansByStart.get(bucketStart)
    const bySource = { orders: money(order), plans: money(plan) }
    const paid = bySource.orders.paid + bySource.plans.paid
    const refunded = bySource.orders.refunded + bySource.plans.refunded
    return {
      start: bucketStart,
      paid,
      refunded,
      net: paid - refunded,
      orders: Number(order?.orders ?? 0),
      plan_payments: Number(plan?.orders ?? 0),
      by_source: bySource,
    }
  })
  const sum = (key: 'paid' | 'refunded' | 'orders' | 'plan_payments') =>
    buckets.reduce((total, row) => total + row[key], 0)
  const sumOf = (source: 'orders' | 'plans', key: 'paid' | 'refunded') =>
    buckets.reduce((total, row) => total + row.by_source[source][key], 0)
  const stateCounts = new Map(byState.map((row) => [row.state, row]))
  const leadsByWeek = new Map(leads.map((row) => [row.start, Number(row.count)]))

  return {
    from,
    to,
    granularity,
    revenue: buckets,
    totals: {
      paid: sum('paid'),
      refunded: sum('refunded'),
      net: sum('paid') - sum('refunded'),
      orders: sum('orders'),
      plan_payments: sum('plan_payments'),
      by_source: {
        orders: { paid: sumOf('orders', 'paid'), refunded: sumOf('orders', 'refunded') },
        plans: { paid: sumOf('plans', 'paid'), refunded: sumOf('plans', 'refunded') },
      },
    },
    orders_by_state: ORDER_STATES.map((state) => ({
      state,
      count: Number(stateCounts.get(state)?.count ?? 0),
      total: Number(stateCounts.get(state)?.total ?? 0),
    })),
    pending: PAYMENT_TYPES.filter((type) => type !== 'CREDIT_CARD').map((type) => {
      const row = pending.find((entry) => entry.payment_type === type)
      return { payment_type: type, count: Number(row?.count ?? 0), total: Number(row?.total ?? 0) }
    }),
    enrollments_by_course: enrollments.map((row) => ({
      course_id: Number(row.course_id),
      name: row.name,
      active: Number(row.active),
      cancelled: Number(row.cancelled),
    })),
    leads_by_week: bucketsOf(from, to, 'week').map((week) => ({
      start: week,
      count: leadsByWeek.get(week) ?? 0,
    })),
    top_courses: top.map((row) => ({
      course_id: Number(row.course_id),
      name: row.name,
      revenue: Number(row.revenue),
      sold: Number(row.sold),
    })),
    late_fees: late.map((row) => ({ ...row, amount_cents: Number(row.amount_cents) })),
    recovery: recoveryFigures(...recovery),
    invoices: invoiceCountsOf(ctx, invoiceRows),
  }
}
