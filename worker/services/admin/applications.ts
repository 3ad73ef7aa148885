import { and, count, desc, eq, isNotNull, type SQL, sql } from 'drizzle-orm'
import type { z } from 'zod'
import { applications, editais, feePlans, orders, planPayments, users } from '../../../db/schema.ts'
import { publicOrigin } from '../../config.ts'
import type { AppContext } from '../../context.ts'
import {
  ADMIN_EDITAL_MESSAGES,
  type AdminApplication,
  type AdminApplicationPage,
  type AdminApplicationRow,
  type ApplicationsQuery,
  type DecisionInput,
  type PlanRefundResult,
} from '../../contract/admin-editais.ts'
import type { RefundOrderInput } from '../../contract/refunds.ts'
import { csvDateTime, csvMoney } from '../../domain/csv.ts'
import { APPLICATION_STATE_LABELS, feeApplies, feeState } from '../../domain/editais.ts'
import { ACCESS_STATES, chargedCents, isRefundable, type OrderState } from '../../domain/orders.ts'
import { curitibaDay } from '../../domain/time-zone.ts'
import { AppError, invalidField, notFound } from '../../errors.ts'
import { deliverLater } from '../email/outbox.ts'
import { firstName, message } from '../email/templates.ts'
import { refundPayment } from '../payments/refund.ts'
import { FEE_ORDER, feeOwed } from '../plans/fees.ts'
import { closeWaitingPlanPayments, planLedger } from '../plans/payment-ledger.ts'
import { type AdminRowAction, type AdminRowRead, auditStatement } from './internal.ts'
import { listing } from './listing.ts'

// A call's applications as /admin/editais/{id} reads and decides them, and its fees' refunds.

/**
 * What an application owes, in SQL, as worker/domain/editais.ts decides it: the fees that apply to
 * it (a monthly fee once approved) with no payment paid or waiting; `lateOn`: only those due
 * before that day.
 */
// The subqueries name the outer row in full (applications.id): drizzle writes a lone table's
// columns unqualified, which inside a subquery would name the subquery's own table.
function unpaid(lateOn?: string): SQL<number> {
  return sql<number>`(SELECT coalesce(sum(fp.amount_cents), 0) FROM fee_plans fp
    WHERE fp.edital_id = applications.edital_id AND ${feeOwed('applications')}
      ${lateOn ? sql`AND fp.due_on IS NOT NULL AND fp.due_on < ${lateOn}` : sql``})`
}
const payments = (what: SQL, statuses: readonly OrderState[]) =>
  sql<number>`(SELECT coalesce(sum(${what}), 0) FROM plan_payments pp
    WHERE pp.application_id = applications.id AND pp.status IN ${statuses})`

const money = (today: string) => ({
  paid: payments(sql`pp.amount_cents - pp.refunded_cents`, ACCESS_STATES),
  pending: payments(sql`pp.amount_cents`, ['pending']),
  due: unpaid(),
  late: unpaid(today),
  refunded: sql<number>`(SELECT coalesce(sum(pp.refunded_cents), 0) FROM plan_payments pp
    WHERE pp.application_id = applications.id)`,
})

type ListRow = {
  application: typeof applications.$inferSelect
  title: string
  name: string
  email: string
  phone: string | null
  paid: number
  pending: number
  due: number
  late: number
  refunded: number
}

function toRow(row: ListRow): AdminApplicationRow {
  const { application } = row
  return {
    id: application.id,
    edital_id: application.editalId,
    edital_title: row.title,
    name: row.name,
    email: row.email,
    status: application.status,
    decision_reason: application.decisionReason,
    decided_at: application.decidedAt?.toISOString() ?? null,
    created_at: application.createdAt.toISOString(),
    paid_cents: Number(row.paid),
    pending_cents: Number(row.pending),
    due_cents: Number(row.due),
    late_cents: Number(row.late),
    refunded_cents: Number(row.refunded),
  }
}

/** The query's filters, the call, and the day a fee is late after (today in Curitiba). */
type Filters = Omit<z.output<typeof ApplicationsQuery>, 'page' | 'per_page'> & {
  edital_id: number
  today: string
}

const selectRows = (ctx: AppContext) =>
  ctx.db
    .select({
      application: applications,
      title: editais.title,
      name: users.name,
      email: users.email,
      phone: users.phone,
      ...money(curitibaDay(ctx.now)),
    })
    .from(applications)
    .innerJoin(users, eq(users.id, applications.userId))
    .innerJoin(editais, eq(editais.id, applications.editalId))
    .$dynamic()

const applicationListing = listing<Filters, ListRow, AdminApplicationRow>({
  createdAt: applications.createdAt,
  id: applications.id,
  select: selectRows,
  count: (ctx) =>
    ctx.db
      .select({ total: count() })
      .from(applications)
      .innerJoin(users, eq(users.id, applications.userId))
      .$dynamic(),
  conditions: (filters) => [
    eq(applications.editalId, filters.edital_id),
    filters.status && eq(applications.status, filters.status),
    filters.late && sql`${unpaid(filters.today)} > 0`,
  ],
  search: (pattern) =>
    sql`(${users.name} LIKE ${pattern} ESCAPE '\\' OR ${users.email} LIKE ${pattern} ESCAPE '\\')`,
  toItem: toRow,
  csv: {
    entity: 'application',
    filename: 'inscricoes',
    columns: [
      ['Inscrito em', (item) => csvDateTime(new Date(item.created_at))],
      ['Origem', (item) => `Edital: ${item.edital_title}`],
      ['Nome', (item) => item.name],
      ['E-mail', (item) => item.email],
      ['Situação', (item) => APPLICATION_STATE_LABELS[item.status]],
      ['Motivo', (item) => item.decision_reason],
      ['Pago', (item) => csvMoney(item.paid_cents)],
      ['Aguardando', (item) => csvMoney(item.pending_cents)],
      ['A pagar', (item) => csvMoney(item.due_cents)],
      ['Em atraso', (item) => csvMoney(item.late_cents)],
      ['Estornado', (item) => csvMoney(item.refunded_cents)],
    ],
  },
})

async function editalOf(ctx: AppContext, id: number) {
  const [edital] = await ctx.db.select().from(editais).where(eq(editais.id, id))
  if (!edital) throw notFound(ADMIN_EDITAL_MESSAGES.notFound)
  return edital
}

/** GET /api/admin/editais/{id}/inscricoes: a call's applications, newest first. */
export async function listApplications({
  ctx,
  id,
  query,
}: {
  ctx: AppContext
  id: number
  query: z.output<typeof ApplicationsQuery>
}): Promise<AdminApplicationPage> {
  await editalOf(ctx, id)
  return applicationListing.list({ ctx, query: { ...query, edital_id: id, today: curitibaDay(ctx.now) } })
}

/** GET /api/admin/editais/{id}/inscricoes/exportacao: the filter's applications as CSV (audited). */
export async function exportApplications({
  ctx,
  actor,
  id,
  filters,
}: AdminRowAction & { filters: Omit<z.output<typeof ApplicationsQuery>, 'page' | 'per_page'> }) {
  const edital = await editalOf(ctx, id)
  const file = await applicationListing.exportCsv({
    ctx,
    actor,
    filters: { ...filters, edital_id: id, today: curitibaDay(ctx.now) },
  })
  return { ...file, filename: `inscricoes-${edital.slug}-${curitibaDay(ctx.now)}.csv` }
}

/**
 * GET /api/admin/inscricoes/{id}: one application: the applicant (CPF and phone as given at their
 * last plan payment), the student documents they sent with orders, and each fee with its payments.
 */
export async function getApplication({ ctx, id }: AdminRowRead): Promise<AdminApplication> {
  const { db } = ctx
  const today = curitibaDay(ctx.now)
  const [found] = await selectRows(ctx).where(eq(applications.id, id))
  if (!found) throw notFound(ADMIN_EDITAL_MESSAGES.applicationNotFound)
  const { application } = found
  const [plans, paid, documents] = await db.batch([
    db
      .select()
      .from(feePlans)
      .where(eq(feePlans.editalId, application.editalId))
      .orderBy(...FEE_ORDER),
    db
      .select()
      .from(planPayments)
      .where(eq(planPayments.applicationId, id))
      .orderBy(desc(planPayments.createdAt)),
    db
      .select({ id: orders.id, status: orders.studentDocStatus, createdAt: orders.createdAt })
      .from(orders)
      .where(and(eq(orders.userId, application.userId), isNotNull(orders.studentDocStatus)))
      .orderBy(desc(orders.createdAt))
      .limit(20),
  ])
  const payer = paid[0]?.payer
  return {
    ...toRow(found),
    applicant: {
      id: application.userId,
      name: found.name,
      email: found.email,
      cpf: payer?.cpf || null,
      phone: found.phone || payer?.phone || null,
    },
    documents: documents.map((order) => ({
      order_id: order.id,
      status: order.status,
      created_at: order.createdAt.toISOString(),
    })),
    fees: plans
      .map((plan) => {
        const mine = paid.filter((payment) => payment.planId === plan.id)
        return { plan, mine }
      })
      .filter(({ plan, mine }) => mine.length > 0 || feeApplies(plan.kind, application.status))
      .map(({ plan, mine }) => ({
        plan_id: plan.id,
        kind: plan.kind,
        name: plan.name,
        amount_cents: plan.amountCents,
        due_on: plan.dueOn,
        state: feeState(
          mine.map((payment) => payment.status),
          plan.dueOn,
          today,
        ),
        payments: mine.map((payment) => ({
          id: payment.id,
          status: payment.status,
          payment_method: payment.paymentMethod,
          instalments: payment.instalments,
          amount_cents: payment.amountCents,
          refunded_cents: payment.refundedCents,
          created_at: payment.createdAt.toISOString(),
          paid_at: payment.paidAt?.toISOString() ?? null,
          refundable:
            isRefundable(payment.status) && payment.gatewayChargeId !== null && payment.refundKey === null,
          refund_requested: payment.refundKey !== null,
        })),
      })),
  }
}

const DECISION_TEXTS = {
  approved: {
    subject: 'Inscrição aprovada',
    say: (edital: string) =>
      `Sua inscrição no edital ${edital} foi aprovada. As mensalidades, com seus vencimentos, estão em Meus editais.`,
  },
  waitlisted: {
    subject: 'Inscrição na lista de espera',
    say: (edital: string) =>
      `Sua inscrição no edital ${edital} está na lista de espera: avisaremos por e-mail se uma vaga se abrir.`,
  },
  rejected: {
    subject: 'Inscrição não aprovada',
    say: (edital: string) => `Sua inscrição no edital ${edital} não foi aprovada.`,
  },
} as const

/**
 * POST /api/admin/inscricoes/{id}/decisao: approve, put on the waiting list or refuse (with the
 * reason the applicant reads). An approval takes a place only while the call has one: the check and
 * the change are one statement, so two admins approving the last place at once approve one
 * application. The decision, its audit line and the applicant's e-mail are written together.
 */
export async function decideApplication({
  ctx,
  actor,
  id,
  input,
}: AdminRowAction & { input: z.output<typeof DecisionInput> }): Promise<AdminApplication> {
  const { db } = ctx
  const [found] = await db
    .select({ application: applications, edital: editais, name: users.name, email: users.email })
    .from(applications)
    .innerJoin(editais, eq(editais.id, applications.editalId))
    .innerJoin(users, eq(users.id, applications.userId))
    .where(eq(applications.id, id))
  if (!found) throw notFound(ADMIN_EDITAL_MESSAGES.applicationNotFound)
  const { application, edital } = found
  if (application.status === 'cancelled') throw invalidField('decision', ADMIN_EDITAL_MESSAGES.decisionClosed)
  const reason = input.decision === 'approved' ? null : input.reason || null
  if (application.status === input.decision && application.decisionReason === reason) {
    // Sent again after a failure: what the refusal closes is closed now.
    if (input.decision === 'rejected') await closeWaitingPlanPayments(ctx, id)
    return getApplication({ ctx, id })
  }

  const texts = DECISION_TEXTS[input.decision]
  const mail = await message(
    found.email,
    `${texts.subject} — ${edital.title}`,
    [
      `Olá, ${firstName(found.name)}!`,
      texts.say(edital.title),
      ...(reason ? [`Mensagem do instituto: ${reason}`] : []),
    ],
    { href: `${publicOrigin(ctx.env)}/usuario/editais`, label: 'Meus editais' },
  )
  const decidedAt = ctx.now.getTime()
  const thisDecision = sql`EXISTS (SELECT 1 FROM applications WHERE id = ${id} AND status = ${input.decision}
    AND decided_at = ${decidedAt})`
  const [updated, , queued] = await db.batch([
    db
      .update(applications)
      .set({ status: input.decision, decisionReason: reason, decidedAt: new Date(decidedAt) })
      .where(
        and(
          eq(applications.id, id),
          sql`applications.status != 'cancelled'`,
          // One statement checks the places and takes one: SQLite runs writes one at a time.
          input.decision === 'approved'
            ? sql`(applications.status = 'approved'
                OR (SELECT e.places FROM editais e WHERE e.id = applications.edital_id) IS NULL
                OR (SELECT count(*) FROM applications a WHERE a.edital_id = applications.edital_id
                  AND a.status = 'approved') < (SELECT e.places FROM editais e WHERE e.id = applications.edital_id))`
            : undefined,
        ),
      )
      .returning({ id: applications.id }),
    db.run(
      auditStatement(
        ctx,
        actor,
        {
          action: `application.${input.decision}`,
          entity: 'application',
          entityId: id,
          data: { before: application.status, after: input.decision, reason },
        },
        { onlyIfChanged: true },
      ),
    ),
    // Queued only with this decision (the approval may have found the places full).
    db.all<{ id: number }>(sql`INSERT INTO email_outbox ("to", subject, html, text, secret, status)
      SELECT ${mail.to}, ${mail.subject}, ${mail.html}, ${mail.text}, 0, 'pending' WHERE ${thisDecision}
      RETURNING id`),
  ])
  if (updated.length === 0) throw new AppError('CONFLICT', ADMIN_EDITAL_MESSAGES.placesFull)
  if (queued[0]) deliverLater(ctx, queued[0].id)
  if (input.decision === 'rejected') await closeWaitingPlanPayments(ctx, id)
  return getApplication({ ctx, id })
}

export const PLAN_REFUND_MESSAGES = {
  notRefundable: 'Só um pagamento pago pode ser estornado.',
  noCharge:
    'Este pagamento não tem cobrança no meio de pagamento (foi registrado fora do site): não há o que estornar por aqui.',
  tooMuch: 'O valor passa do que ainda pode ser estornado neste pagamento.',
  alreadyRequested: 'O estorno deste pagamento já foi solicitado e aguarda a confirmação da operadora.',
  alreadyRefunded: 'Este pagamento já foi estornado.',
  confirmed: 'Estorno confirmado pela operadora.',
  awaiting: 'Estorno solicitado; o pagamento muda quando a operadora confirmar.',
} as const

/**
 * POST /api/admin/editais/pagamentos/{id}/estorno: a fee's payment refunded through the provider,
 * once however often it is clicked (the payments' refund: one request claims it, one DELETE).
 */
export async function refundPlanPayment({
  ctx,
  actor,
  id,
  input,
}: {
  ctx: AppContext
  actor: { id: number }
  id: string
  input: z.output<typeof RefundOrderInput>
}): Promise<PlanRefundResult> {
  const { db } = ctx
  const [payment] = await db.select().from(planPayments).where(eq(planPayments.id, id))
  if (!payment) throw notFound(ADMIN_EDITAL_MESSAGES.paymentNotFound)
  const answer = (row: typeof payment, awaiting: boolean, text: string): PlanRefundResult => ({
    payment_id: row.id,
    status: row.status,
    refunded_cents: row.refundedCents,
    awaiting_provider: awaiting,
    message: text,
  })
  if (payment.status === 'refunded') return answer(payment, false, PLAN_REFUND_MESSAGES.alreadyRefunded)
  if (!isRefundable(payment.status)) throw invalidField('status', PLAN_REFUND_MESSAGES.notRefundable)
  if (!payment.gatewayChargeId) throw invalidField('charge', PLAN_REFUND_MESSAGES.noCharge)
  const outcome = await refundPayment(ctx, planLedger(ctx), payment, {
    // A boleto paid short (counted as paid): what arrived is all its charge can give back.
    totalCents: chargedCents({ totalCents: payment.amountCents, receivedCents: payment.receivedCents }),
    input,
    texts: PLAN_REFUND_MESSAGES,
    audit: (amount) =>
      db.run(
        auditStatement(ctx, actor, {
          action: 'plan_payment.refund_requested',
          entity: 'plan_payment',
          entityId: id,
          data: { amount_cents: amount },
        }),
      ),
  })
  return answer(outcome.row, outcome.awaiting, outcome.message)
}
