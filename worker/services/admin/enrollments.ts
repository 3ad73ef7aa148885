import { and, count, eq, sql } from 'drizzle-orm'
import type { SQLiteSelect } from 'drizzle-orm/sqlite-core'
import { classes, courses, enrollments, orderItems, orders, users } from '../../../db/schema.ts'
import type { AppContext } from '../../context.ts'
import {
  type AdminEnrollment,
  type AdminEnrollmentPage,
  type AdminOrder,
  ENROLLMENT_MESSAGES,
  type EnrollmentsQuery,
  type ManualEnrollmentInput,
  type UnderpaidOrders,
} from '../../contract/admin-sales.ts'
import { csvDateTime, csvMoney } from '../../domain/csv.ts'
import { ENROLLMENT_SOURCE_LABELS, ENROLLMENT_STATUS_LABELS } from '../../domain/enrollments.ts'
import { disputeLostAt, disputeOf, grantsAccess, missingCents } from '../../domain/orders.ts'
import { ORDER_STATE_LABELS, PAYMENT_TYPE_LABELS } from '../../domain/payments.ts'
import { conflict, invalidField, notFound } from '../../errors.ts'
import { paidDifferences } from '../checkout/differences.ts'
import { giftOf } from '../checkout/gifts.ts'
import { withdrawalOf } from '../checkout/purchases.ts'
import { documentStateOf } from '../checkout/student-documents.ts'
import { type AdminRowAction, type AdminWrite, auditedWrite, auditStatement, iso } from './internal.ts'
import { listing } from './listing.ts'

type Filters = Omit<EnrollmentsQuery, 'page' | 'per_page'>

/**
 * A select from enrollments joined to their student, class and course (each always there: inner
 * joins): the admin's lists of enrollments and of the courses' progress, an assessment's student.
 */
export function withStudentClassCourse<Query extends SQLiteSelect>(query: Query) {
  return query
    .innerJoin(users, eq(users.id, enrollments.userId))
    .innerJoin(classes, eq(classes.id, enrollments.classId))
    .innerJoin(courses, eq(courses.id, classes.courseId))
}

function selectEnrollments(ctx: AppContext) {
  return ctx.db
    .select({
      enrollment: enrollments,
      student: { id: users.id, name: users.name, email: users.email, phone: users.phone },
      turma: { id: classes.id, name: classes.name },
      course: { id: courses.id, name: courses.name },
      order: {
        id: orders.id,
        status: orders.status,
        paymentType: orders.paymentType,
        totalCents: orders.totalCents,
        refundedCents: orders.refundedCents,
        paidAt: orders.paidAt,
        payer: orders.payer,
        refundKey: orders.refundKey,
        gifts: orders.gifts,
        withdrawalStatus: orders.withdrawalStatus,
      },
      amount: sql<number | null>`(SELECT i.net_cents FROM order_items i
        WHERE i.order_id = ${enrollments.orderId} AND i.class_id = ${enrollments.classId} LIMIT 1)`,
    })
    .from(enrollments)
    .innerJoin(users, eq(users.id, enrollments.userId))
    .innerJoin(classes, eq(classes.id, enrollments.classId))
    .innerJoin(courses, eq(courses.id, classes.courseId))
    .leftJoin(orders, eq(orders.id, enrollments.orderId))
}

type Row = Awaited<ReturnType<ReturnType<typeof selectEnrollments>['execute']>>[number]

function toAdminEnrollment(row: Row): AdminEnrollment {
  const { enrollment, student, turma, course, order } = row
  return {
    id: enrollment.id,
    status: enrollment.status,
    source: enrollment.source,
    note: enrollment.note,
    created_at: enrollment.createdAt.toISOString(),
    student,
    course,
    class: turma,
    order:
      order?.id && order.status && order.totalCents !== null
        ? {
            id: order.id,
            status: order.status,
            payment_type: order.paymentType,
            total: order.totalCents,
            refunded: order.refundedCents ?? 0,
            amount: row.amount === null ? null : Number(row.amount),
            paid_at: iso(order.paidAt),
            cpf: order.payer?.cpf ?? null,
            refund_pending: order.refundKey !== null,
            gift_from:
              order.gifts && giftOf(order) ? { name: order.payer.name, email: order.payer.email } : null,
            withdrawal_requested: order.withdrawalStatus === 'requested',
          }
        : null,
  }
}

const formatCpf = (cpf: string | null) =>
  cpf && /^\d{11}$/.test(cpf)
    ? `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`
    : (cpf ?? '')

const enrollmentListing = listing<Filters, Row, AdminEnrollment>({
  createdAt: enrollments.createdAt,
  id: enrollments.id,
  select: (ctx) => selectEnrollments(ctx).$dynamic(),
  count: (ctx) =>
    withStudentClassCourse(ctx.db.select({ total: count() }).from(enrollments).$dynamic()).leftJoin(
      orders,
      eq(orders.id, enrollments.orderId),
    ),
  conditions: (filters) => [
    filters.course_id ? eq(courses.id, filters.course_id) : undefined,
    filters.class_id ? eq(classes.id, filters.class_id) : undefined,
    filters.status && eq(enrollments.status, filters.status),
    filters.payment === 'manual'
      ? eq(enrollments.source, 'manual')
      : filters.payment && eq(orders.status, filters.payment),
  ],
  search: (pattern, text) => {
    const digits = text.replace(/\D/g, '')
    return sql`(${users.name} LIKE ${pattern} ESCAPE '\\' OR ${users.email} LIKE ${pattern} ESCAPE '\\'
        OR json_extract(${orders.payer}, '$.name') LIKE ${pattern} ESCAPE '\\'
        OR json_extract(${orders.payer}, '$.email') LIKE ${pattern} ESCAPE '\\'
        ${digits.length >= 3 && /^[\d.\-\s]+$/.test(text) ? sql`OR json_extract(${orders.payer}, '$.cpf') LIKE ${`%${digits}%`}` : sql``})`
  },
  toItem: toAdminEnrollment,
  csv: {
    entity: 'enrollment',
    filename: 'matriculas',
    columns: [
      ['Data da matrícula', (row) => csvDateTime(new Date(row.created_at))],
      ['Aluno', (row) => row.student.name],
      ['E-mail', (row) => row.student.email],
      ['Telefone', (row) => row.student.phone ?? ''],
      ['CPF', (row) => formatCpf(row.order?.cpf ?? null)],
      ['Curso', (row) => row.course.name],
      ['Turma', (row) => row.class.name],
      ['Situação', (row) => ENROLLMENT_STATUS_LABELS[row.status]],
      ['Origem', (row) => ENROLLMENT_SOURCE_LABELS[row.source]],
      ['Pedido', (row) => row.order?.id ?? ''],
      ['Pagamento', (row) => (row.order ? ORDER_STATE_LABELS[row.order.status] : '')],
      [
        'Forma de pagamento',
        (row) => (row.order?.payment_type ? PAYMENT_TYPE_LABELS[row.order.payment_type] : ''),
      ],
      [
        'Valor da turma (R$)',
        (row) =>
          row.order?.amount !== null && row.order?.amount !== undefined ? csvMoney(row.order.amount) : '',
      ],
      ['Total do pedido (R$)', (row) => (row.order ? csvMoney(row.order.total) : '')],
      ['Estornado (R$)', (row) => (row.order ? csvMoney(row.order.refunded) : '')],
      ['Pago em', (row) => (row.order?.paid_at ? csvDateTime(new Date(row.order.paid_at)) : '')],
      ['Observação', (row) => row.note],
    ],
  },
})

/** GET /api/admin/matriculas: every enrollment with its student, class, course and order. */
export const listEnrollments: (args: {
  ctx: AppContext
  query: EnrollmentsQuery
}) => Promise<AdminEnrollmentPage> = enrollmentListing.list

/**
 * GET /api/admin/matriculas/exportacao: the enrollments of the current filter as CSV (UTF-8 with
 * BOM, ';', pt-BR dates and money). Exporting personal data is recorded in the audit log.
 */
export const exportEnrollments = enrollmentListing.exportCsv

/** GET /api/admin/pedidos/{id}: the order behind an enrollment, with the provider's data. */
export async function getAdminOrder({ ctx, id }: { ctx: AppContext; id: string }): Promise<AdminOrder> {
  const { db } = ctx
  const [orderRows, itemRows, enrollmentRows] = await db.batch([
    db.select().from(orders).where(eq(orders.id, id)),
    db
      .select({ item: orderItems, courseSection: courses.section })
      .from(orderItems)
      .leftJoin(courses, eq(courses.id, orderItems.courseId))
      .where(eq(orderItems.orderId, id))
      .orderBy(orderItems.id),
    db.select().from(enrollments).where(eq(enrollments.orderId, id)).orderBy(enrollments.id),
  ])
  const order = orderRows[0]
  if (!order) throw notFound(ENROLLMENT_MESSAGES.orderNotFound)
  const lineRows = itemRows.map(({ item, courseSection }) => ({ ...item, courseSection }))
  return {
    id: order.id,
    status: order.status,
    payment_type: order.paymentType,
    instalments: order.instalments,
    gross: order.grossCents,
    discount: order.discountCents,
    interest: order.interestCents,
    donation: order.donationCents,
    total: order.totalCents,
    refunded: order.refundedCents,
    received: order.receivedCents,
    missing: order.status === 'underpaid' ? missingCents(order) : null,
    created_at: order.createdAt.toISOString(),
    paid_at: iso(order.paidAt),
    refunded_at: iso(order.refundedAt),
    charged_back_at: iso(order.chargedBackAt),
    payer: order.payer,
    billing_address: order.billingAddress ?? null,
    is_student: order.isStudent,
    student_document: documentStateOf(
      order,
      order.studentDocStatus === 'rejected' &&
        (await paidDifferences(ctx, [order.id], 'student_price')).has(order.id),
    ),
    provider: {
      gateway: order.gateway,
      order_id: order.gatewayOrderId,
      charge_id: order.gatewayChargeId,
      boleto_url: order.boletoUrl,
      boleto_line: order.boletoLine,
      boleto_due_at: iso(order.boletoDueAt),
      pix_code: order.pixCode,
      pix_expires_at: iso(order.pixExpiresAt),
      refund_requested_at: iso(order.refundRequestedAt),
      refund_requested: order.refundRequestedCents,
      reconciled_at: iso(order.reconciledAt),
    },
    items: itemRows.map(({ item }) => ({
      type: item.itemType,
      name: item.name,
      gross: item.grossCents,
      net: item.netCents,
      class_id: item.classId,
    })),
    enrollments: enrollmentRows.map((row) => ({ id: row.id, class_id: row.classId, status: row.status })),
    gift: giftOf(order),
    withdrawal: order.withdrawalStatus ? withdrawalOf(order, lineRows, ctx.now) : null,
    dispute: disputeView(order),
    gift_waits_for_proof: order.giftClaimEmail !== null && grantsAccess(order.status),
  }
}

/** How many boletos paid short the list shows at most (the oldest first). */
const UNDERPAID_LIST_LIMIT = 100

/**
 * GET /api/admin/pedidos-pagos-a-menor: the orders paid short still waiting (issue 40, item 5),
 * oldest first, each with what is missing and whether its difference was issued.
 */
export async function listUnderpaidOrders({ ctx }: { ctx: AppContext }): Promise<UnderpaidOrders> {
  const { db } = ctx
  const rows = await db
    .select({
      order: orders,
      differencePending: sql<number>`EXISTS (SELECT 1 FROM orders d
        WHERE d.difference_of = ${orders.id} AND d.difference_kind = 'underpaid' AND d.status = 'pending')`,
    })
    .from(orders)
    .where(eq(orders.status, 'underpaid'))
    .orderBy(orders.updatedAt)
    .limit(UNDERPAID_LIST_LIMIT)
  return rows.map(({ order, differencePending }) => ({
    order_id: order.id,
    payer: { name: order.payer.name, email: order.payer.email },
    total: order.totalCents,
    received: order.receivedCents ?? 0,
    missing: missingCents(order),
    difference_pending: Boolean(differencePending),
    since: order.updatedAt.toISOString(),
  }))
}

/** Where the order's chargeback stands (decision 023), and when an open one counts as lost. */
function disputeView(order: typeof orders.$inferSelect): AdminOrder['dispute'] {
  const state = disputeOf(order.status, order.chargedBackAt)
  if (!state) return null
  const since = order.chargedBackAt ?? order.updatedAt
  return {
    state,
    since: since.toISOString(),
    lost_after: state === 'open' ? disputeLostAt(since).toISOString() : null,
  }
}

async function readEnrollment(ctx: AppContext, id: number): Promise<AdminEnrollment> {
  const [row] = await selectEnrollments(ctx).where(eq(enrollments.id, id))
  if (!row) throw notFound(ENROLLMENT_MESSAGES.notFound)
  return toAdminEnrollment(row)
}

/**
 * POST /api/admin/matriculas: a student paid outside the site. The account is the e-mail's (a new
 * one when none exists: its owner sets a password with 'Esqueceu sua senha?'); a cancelled
 * enrollment in the class comes back. Seats are checked in the insert itself.
 */
export async function createManualEnrollment({
  ctx,
  actor,
  input,
}: AdminWrite<typeof ManualEnrollmentInput>): Promise<AdminEnrollment> {
  const { db } = ctx
  const [turma] = await db.select().from(classes).where(eq(classes.id, input.class_id))
  if (!turma) throw invalidField('class_id', 'Turma não encontrada.')
  const userId = sql`(SELECT id FROM users WHERE email = ${input.email})`
  // The same count as the checkout's (decision 011): paid and pending orders hold seats too.
  const hasSeat = sql`EXISTS (SELECT 1 FROM class_seats WHERE class_id = ${turma.id}
    AND (seats IS NULL OR taken + held < seats))`
  const [, inserted] = await db.batch([
    db.run(sql`INSERT INTO users (name, email, phone, type, created_at, updated_at)
      VALUES (${input.name}, ${input.email}, ${input.phone}, 'N', ${ctx.now.getTime()}, ${ctx.now.getTime()})
      ON CONFLICT (email) DO NOTHING`),
    db.all<{
      id: number
    }>(sql`INSERT INTO enrollments (user_id, class_id, order_id, status, source, note, created_at)
      SELECT ${userId}, ${turma.id}, NULL, 'active', 'manual', ${input.note}, ${ctx.now.getTime()}
      WHERE ${hasSeat}
      ON CONFLICT (user_id, class_id) DO UPDATE SET status = 'active', source = 'manual', order_id = NULL,
        note = excluded.note, created_at = excluded.created_at
      WHERE enrollments.status = 'cancelled'
      RETURNING id`),
    db.run(
      auditStatement(
        ctx,
        actor,
        {
          action: 'enrollment.create_manual',
          entity: 'enrollment',
          entityId: sql`(SELECT id FROM enrollments WHERE class_id = ${turma.id} AND user_id = ${userId})`,
          data: { after: input },
        },
        { onlyIfChanged: true },
      ),
    ),
  ])
  const id = inserted[0]?.id
  if (!id) {
    const [existing] = await db
      .select({ status: enrollments.status })
      .from(enrollments)
      .where(and(eq(enrollments.classId, turma.id), sql`${enrollments.userId} = ${userId}`))
    throw conflict(
      existing?.status === 'active' ? ENROLLMENT_MESSAGES.alreadyEnrolled : ENROLLMENT_MESSAGES.noSeats,
    )
  }
  return readEnrollment(ctx, Number(id))
}

/** POST /api/admin/matriculas/{id}/cancelamento: ends a manual enrollment (an order's ends by its refund). */
export async function cancelManualEnrollment({ ctx, actor, id }: AdminRowAction): Promise<AdminEnrollment> {
  const before = await readEnrollment(ctx, id)
  if (before.order) throw conflict(ENROLLMENT_MESSAGES.notManual)
  if (before.status === 'cancelled') throw conflict(ENROLLMENT_MESSAGES.alreadyCancelled)
  await auditedWrite(ctx, actor, {
    write: ctx.db
      .update(enrollments)
      .set({ status: 'cancelled' })
      .where(
        and(eq(enrollments.id, id), eq(enrollments.status, 'active'), sql`${enrollments.orderId} IS NULL`),
      ),
    audit: {
      action: 'enrollment.cancel',
      entity: 'enrollment',
      entityId: id,
      data: { before: { status: 'active' }, after: { status: 'cancelled' } },
    },
  })
  return readEnrollment(ctx, id)
}
