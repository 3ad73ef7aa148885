import { and, desc, eq, inArray } from 'drizzle-orm'
import { applications, editais, feePlans, planPayments } from '../../../db/schema.ts'
import type { AppContext } from '../../context.ts'
import { type Application, PLAN_MESSAGES } from '../../contract/plans.ts'
import { feeApplies } from '../../domain/editais.ts'
import { grantsAccess } from '../../domain/orders.ts'
import { AppError, notFound } from '../../errors.ts'
import { FEE_ORDER, toFeePlan } from './fees.ts'
import { type PlanPaymentRow, planPaymentResult } from './payments.ts'

/**
 * Where one plan stands for one application: paid (a payment the provider confirmed), pending (a
 * boleto or a debit challenge waiting), or due, with the last refused attempt to say why.
 */
function planState(payments: PlanPaymentRow[]) {
  const newestFirst = [...payments].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
  const paid = newestFirst.find((payment) => grantsAccess(payment.status))
  if (paid) return { state: 'paid' as const, payment: paid }
  const pending = newestFirst.find((payment) => payment.status === 'pending')
  if (pending) return { state: 'pending' as const, payment: pending }
  return { state: 'due' as const, payment: newestFirst[0] ?? null }
}

/**
 * GET /api/usuario/editais: the student's applications, newest first, each with its edital's fee
 * plans and what is paid and due (one database round trip).
 */
export async function listApplications({
  ctx,
  userId,
}: {
  ctx: AppContext
  userId: number
}): Promise<Application[]> {
  const { db } = ctx
  const mine = db.select({ id: applications.id }).from(applications).where(eq(applications.userId, userId))
  const [rows, plans, payments] = await db.batch([
    db
      .select({ application: applications, edital: editais })
      .from(applications)
      .innerJoin(editais, eq(editais.id, applications.editalId))
      .where(eq(applications.userId, userId))
      .orderBy(desc(applications.createdAt), desc(applications.id)),
    db
      .select()
      .from(feePlans)
      .where(
        inArray(
          feePlans.editalId,
          db.select({ id: applications.editalId }).from(applications).where(eq(applications.userId, userId)),
        ),
      )
      .orderBy(...FEE_ORDER),
    db
      .select()
      .from(planPayments)
      .where(and(inArray(planPayments.applicationId, mine), eq(planPayments.userId, userId))),
  ])
  return rows.map(({ application, edital }) => {
    const paidOf = (planId: number) =>
      payments.filter((row) => row.applicationId === application.id && row.planId === planId)
    // The fees that apply to it now, and any it has paid (a refused application keeps its receipt).
    const ofEdital = plans.filter(
      (plan) =>
        plan.editalId === edital.id &&
        (feeApplies(plan.kind, application.status) ||
          paidOf(plan.id).some((row) => grantsAccess(row.status))),
    )
    const items = ofEdital.map((plan) => {
      const { state, payment } = planState(paidOf(plan.id))
      return {
        ...toFeePlan(plan),
        state,
        payment: payment ? planPaymentResult(payment) : null,
      }
    })
    return {
      id: application.id,
      status: application.status,
      decision_reason: application.decisionReason,
      created_at: application.createdAt.toISOString(),
      edital: { id: edital.id, slug: edital.slug, title: edital.title, is_open: edital.isOpen },
      plans: items,
      paid_cents: items.filter((item) => item.state === 'paid').reduce((sum, item) => sum + item.amount, 0),
      due_cents: items.filter((item) => item.state !== 'paid').reduce((sum, item) => sum + item.amount, 0),
    }
  })
}

/**
 * POST /api/usuario/editais/{id}/inscricao: the student applies to an open edital (once: applying
 * again answers the same application), so its fee plans can be paid.
 */
export async function applyToEdital({
  ctx,
  userId,
  editalId,
}: {
  ctx: AppContext
  userId: number
  editalId: number
}): Promise<Application> {
  const [edital] = await ctx.db
    .select()
    .from(editais)
    .where(and(eq(editais.id, editalId), eq(editais.isPublished, true)))
  if (!edital) throw notFound('Edital não encontrado.')
  const [existing] = await ctx.db
    .select({ id: applications.id })
    .from(applications)
    .where(and(eq(applications.editalId, editalId), eq(applications.userId, userId)))
  if (!existing) {
    const closed = !edital.isOpen || (edital.closesAt !== null && edital.closesAt < ctx.now)
    if (closed) throw new AppError('CONFLICT', PLAN_MESSAGES.editalClosed)
    await ctx.db.insert(applications).values({ editalId, userId }).onConflictDoNothing()
  }
  const all = await listApplications({ ctx, userId })
  return all.find((application) => application.edital.id === editalId)!
}
