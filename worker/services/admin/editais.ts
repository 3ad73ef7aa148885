import { and, count, desc, eq, inArray, notInArray, sql } from 'drizzle-orm'
import type { z } from 'zod'
import { applications, editais, feePlans, planPayments } from '../../../db/schema.ts'
import type { AppContext } from '../../context.ts'
import {
  ADMIN_EDITAL_MESSAGES,
  type AdminEdital,
  type AdminEditalPage,
  type AdminEditalRow,
  type AdminEditalsQuery,
  type EditalInput,
  type EditalStateInput,
  type EditalUpdateInput,
  type FeeMoney,
} from '../../contract/admin-editais.ts'
import { changedFields } from '../../domain/audit.ts'
import { type EditalState, editalState, feeApplies, feeState } from '../../domain/editais.ts'
import { grantsAccess } from '../../domain/orders.ts'
import { curitibaDay, curitibaDayEndMs, curitibaDayStartMs } from '../../domain/time-zone.ts'
import { invalidField, notFound } from '../../errors.ts'
import { invalidateCatalog } from '../catalog/snapshot.ts'
import { deleteFiles, publicFileUrl, storeEditalPdf } from '../files/files.ts'
import { FEE_ORDER } from '../plans/fees.ts'
import {
  type AdminEdit,
  type AdminRead,
  type AdminRowAction,
  type AdminRowRead,
  type AdminWrite,
  auditedInsert,
  auditStatement,
  listPage,
  nextVersion,
  rowOr404,
  searchOf,
  takenAs,
  versionedUpdate,
} from './internal.ts'

// /admin/editais: the calls, their fee plans, and what each fee brings in.

type EditalRow = typeof editais.$inferSelect
type PlanRow = typeof feePlans.$inferSelect

const STATE_FLAGS: Record<EditalState, { isPublished: boolean; isOpen: boolean }> = {
  draft: { isPublished: false, isOpen: true },
  open: { isPublished: true, isOpen: true },
  closed: { isPublished: true, isOpen: false },
}

// The subqueries name the outer row in full (editais.id): drizzle writes a lone table's columns
// unqualified, which inside a subquery would name the subquery's own table.
const byStatus = (status: string) =>
  sql<number>`(SELECT count(*) FROM applications a WHERE a.edital_id = editais.id AND a.status = ${status})`
const counts = {
  submitted: byStatus('submitted'),
  approved: byStatus('approved'),
  waitlisted: byStatus('waitlisted'),
  rejected: byStatus('rejected'),
}
type Counts = { submitted: number; approved: number; waitlisted: number; rejected: number }

const day = (date: Date | null) => (date ? curitibaDay(date) : null)

function toRow(row: EditalRow, tally: Counts): AdminEditalRow {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    state: editalState(row),
    opens_on: day(row.opensAt),
    closes_on: day(row.closesAt),
    applications: {
      places: row.places,
      submitted: Number(tally.submitted),
      approved: Number(tally.approved),
      waitlisted: Number(tally.waitlisted),
      rejected: Number(tally.rejected),
    },
    version: row.version,
  }
}

/** GET /api/admin/editais: the calls, newest first, with their applications per state. */
export async function listEditais({
  ctx,
  query,
}: AdminRead<typeof AdminEditalsQuery>): Promise<AdminEditalPage> {
  const { db } = ctx
  const flags = query.state ? STATE_FLAGS[query.state] : undefined
  const where = and(
    searchOf(query.q, editais.title, editais.slug),
    flags && eq(editais.isPublished, flags.isPublished),
    flags && query.state !== 'draft' ? eq(editais.isOpen, flags.isOpen) : undefined,
  )
  return listPage(ctx, query, {
    count: db.select({ total: count() }).from(editais).where(where),
    rows: db
      .select({ edital: editais, ...counts })
      .from(editais)
      .where(where)
      .orderBy(desc(editais.createdAt), desc(editais.id)),
    toItem: ({ edital, ...tally }) => toRow(edital, tally),
  })
}

/** What each fee of a call brings in, over the applications it applies to. */
async function feeMoney(ctx: AppContext, editalId: number, plans: PlanRow[]) {
  const { db } = ctx
  const [apps, payments] = await db.batch([
    db
      .select({ id: applications.id, status: applications.status })
      .from(applications)
      .where(eq(applications.editalId, editalId)),
    db
      .select({
        applicationId: planPayments.applicationId,
        planId: planPayments.planId,
        status: planPayments.status,
        amountCents: planPayments.amountCents,
        refundedCents: planPayments.refundedCents,
      })
      .from(planPayments)
      .innerJoin(feePlans, eq(feePlans.id, planPayments.planId))
      .where(eq(feePlans.editalId, editalId)),
  ])
  const today = curitibaDay(ctx.now)
  const money = new Map<number, FeeMoney>()
  for (const plan of plans) {
    const empty = () => ({ count: 0, cents: 0 })
    const tally: FeeMoney = {
      applications: 0,
      paid: empty(),
      pending: empty(),
      due: empty(),
      late: empty(),
      refunded: empty(),
    }
    const ofPlan = payments.filter((payment) => payment.planId === plan.id)
    for (const application of apps) {
      const mine = ofPlan.filter((payment) => payment.applicationId === application.id)
      const applies = feeApplies(plan.kind, application.status)
      if (!applies && mine.length === 0) continue
      if (applies) tally.applications += 1
      const state = feeState(
        mine.map((payment) => payment.status),
        plan.dueOn,
        today,
      )
      const refunded = mine.reduce((sum, payment) => sum + payment.refundedCents, 0)
      if (refunded > 0) {
        tally.refunded.count += 1
        tally.refunded.cents += refunded
      }
      if (state === 'refunded') continue
      if (state === 'paid') {
        const paid = mine.filter((payment) => grantsAccess(payment.status))
        tally.paid.count += 1
        tally.paid.cents += paid.reduce(
          (sum, payment) => sum + payment.amountCents - payment.refundedCents,
          0,
        )
      } else if (applies) {
        tally[state].count += 1
        tally[state].cents += plan.amountCents
      }
    }
    money.set(plan.id, tally)
  }
  return money
}

const plansOf = (ctx: AppContext, editalId: number) =>
  ctx.db
    .select()
    .from(feePlans)
    .where(eq(feePlans.editalId, editalId))
    .orderBy(...FEE_ORDER)

/** Which of these fees someone paid (or started paying): those keep their amount and methods. */
async function paidPlanIds(ctx: AppContext, plans: PlanRow[]) {
  if (plans.length === 0) return new Set<number>()
  const ids = plans.map((plan) => plan.id)
  const rows = await ctx.db
    .selectDistinct({ planId: planPayments.planId })
    .from(planPayments)
    .where(inArray(planPayments.planId, ids))
  return new Set(rows.map((row) => row.planId))
}

/** GET /api/admin/editais/{id}: the call, its fee plan and what each fee brings in. */
export async function getAdminEdital({ ctx, id }: AdminRowRead): Promise<AdminEdital> {
  const { db } = ctx
  const [found] = await db
    .select({ edital: editais, ...counts })
    .from(editais)
    .where(eq(editais.id, id))
  if (!found) throw notFound(ADMIN_EDITAL_MESSAGES.notFound)
  const { edital, ...tally } = found
  const plans = await plansOf(ctx, id)
  const [money, withPayments] = await Promise.all([feeMoney(ctx, id, plans), paidPlanIds(ctx, plans)])
  return {
    ...toRow(edital, tally),
    summary: edital.summary,
    body: edital.body,
    pdf_url: edital.pdfKey ? publicFileUrl(edital.pdfKey) : null,
    plans: plans.map((plan) => ({
      id: plan.id,
      kind: plan.kind,
      name: plan.name,
      amount_cents: plan.amountCents,
      due_on: plan.dueOn,
      payment_methods: plan.paymentMethods,
      instalment_times: plan.instalmentTimes,
      has_payments: withPayments.has(plan.id),
      money: money.get(plan.id)!,
    })),
  }
}

type EditalFormFields = Pick<
  z.output<typeof EditalInput>,
  'title' | 'slug' | 'summary' | 'body' | 'opens_on' | 'closes_on' | 'places'
>

/** The call's columns from its form: the period's days as Curitiba's first and last instants. */
function columns(input: EditalFormFields) {
  return {
    title: input.title,
    slug: input.slug,
    summary: input.summary,
    body: input.body,
    opensAt: input.opens_on ? new Date(curitibaDayStartMs(input.opens_on)) : null,
    closesAt: input.closes_on ? new Date(curitibaDayEndMs(input.closes_on) - 1) : null,
    places: input.places,
  }
}

type PlanInput = z.output<typeof EditalInput>['plans'][number]

const planColumns = (plan: PlanInput) => ({
  kind: plan.kind,
  name: plan.name,
  amountCents: plan.amount_cents,
  dueOn: plan.due_on,
  paymentMethods: plan.payment_methods,
  instalmentTimes: plan.instalment_times,
})

const slugTaken = takenAs('editais.slug', 'slug', ADMIN_EDITAL_MESSAGES.slugTaken)

/** POST /api/admin/editais: a new call, as a draft (published by its state), with its fee plan. */
export async function createEdital({
  ctx,
  actor,
  input,
}: AdminWrite<typeof EditalInput>): Promise<AdminEdital> {
  const { db } = ctx
  const fields = columns(input)
  const [created] = await auditedInsert(ctx, actor, {
    insert: db
      .insert(editais)
      .values({ ...fields, ...STATE_FLAGS.draft })
      .returning(),
    entity: 'edital',
    after: input,
    also: input.plans.map((plan) =>
      db.insert(feePlans).values({
        ...planColumns(plan),
        editalId: sql`(SELECT id FROM editais WHERE slug = ${input.slug})`,
      }),
    ),
  }).catch(slugTaken)
  await invalidateCatalog(ctx)
  return getAdminEdital({ ctx, id: created!.id })
}

/**
 * PUT /api/admin/editais/{id}: the call and its fee plan as the form sends it (fees kept by id,
 * new ones added, missing ones removed); a fee with payments keeps its amount and methods and
 * cannot be removed; 409 when someone saved first.
 */
export async function updateEdital({
  ctx,
  actor,
  id,
  input,
}: AdminEdit<typeof EditalUpdateInput>): Promise<AdminEdital> {
  const { db } = ctx
  const before = await rowOr404(ctx, editais, id, ADMIN_EDITAL_MESSAGES.notFound)
  const plans = await plansOf(ctx, id)
  const withPayments = await paidPlanIds(ctx, plans)
  const current = new Map(plans.map((plan) => [plan.id, plan]))
  input.plans.forEach((plan, index) => {
    if (plan.id === undefined) return
    const kept = current.get(plan.id)
    if (!kept) throw invalidField(`plans.${index}.id`, ADMIN_EDITAL_MESSAGES.planUnknown)
    const moneyChanged =
      kept.amountCents !== plan.amount_cents ||
      [...kept.paymentMethods].sort().join() !== [...plan.payment_methods].sort().join()
    if (withPayments.has(plan.id) && moneyChanged) {
      throw invalidField(`plans.${index}.amount_cents`, ADMIN_EDITAL_MESSAGES.planPaid)
    }
  })
  const keptIds = input.plans.flatMap((plan) => (plan.id === undefined ? [] : [plan.id]))
  const removed = plans.filter((plan) => !keptIds.includes(plan.id))
  if (removed.some((plan) => withPayments.has(plan.id))) {
    throw invalidField('plans', ADMIN_EDITAL_MESSAGES.planPaid)
  }
  if (input.places !== null) {
    const [{ approved } = { approved: 0 }] = await db
      .select({ approved: count() })
      .from(applications)
      .where(and(eq(applications.editalId, id), eq(applications.status, 'approved')))
    if (approved > input.places) throw invalidField('places', ADMIN_EDITAL_MESSAGES.placesBelowApproved)
  }
  const fields = columns(input)
  await versionedUpdate(ctx, actor, {
    update: db
      .update(editais)
      .set({ ...fields, version: nextVersion(editais.version, input.version) })
      .where(eq(editais.id, id))
      .returning(),
    audit: {
      entity: 'edital',
      id,
      data: {
        ...changedFields(columns(editableOf(before)), fields),
        plans: input.plans.length === plans.length && removed.length === 0 ? undefined : input.plans.length,
      },
    },
    also: [
      ...(removed.length
        ? [
            db.delete(feePlans).where(
              and(
                eq(feePlans.editalId, id),
                inArray(
                  feePlans.id,
                  removed.map((plan) => plan.id),
                ),
                notInArray(feePlans.id, db.select({ id: planPayments.planId }).from(planPayments)),
              ),
            ),
          ]
        : []),
      ...input.plans.map((plan) =>
        plan.id === undefined
          ? db.insert(feePlans).values({ ...planColumns(plan), editalId: id })
          : db
              .update(feePlans)
              .set(planColumns(plan))
              .where(and(eq(feePlans.id, plan.id), eq(feePlans.editalId, id))),
      ),
    ],
  }).catch(slugTaken)
  await invalidateCatalog(ctx)
  return getAdminEdital({ ctx, id })
}

function editableOf(row: EditalRow): EditalFormFields {
  return {
    title: row.title,
    slug: row.slug,
    summary: row.summary,
    body: row.body,
    opens_on: day(row.opensAt),
    closes_on: day(row.closesAt),
    places: row.places,
  }
}

/** PUT /api/admin/editais/{id}/situacao: publish (open), close, reopen or back to draft. */
export async function setEditalState({
  ctx,
  actor,
  id,
  input,
}: AdminRowAction & { input: z.output<typeof EditalStateInput> }): Promise<AdminEdital> {
  const { db } = ctx
  const before = await rowOr404(ctx, editais, id, ADMIN_EDITAL_MESSAGES.notFound)
  await versionedUpdate(ctx, actor, {
    update: db
      .update(editais)
      .set({ ...STATE_FLAGS[input.state], version: nextVersion(editais.version, input.version) })
      .where(eq(editais.id, id))
      .returning(),
    audit: {
      entity: 'edital',
      id,
      action: 'edital.state',
      data: { before: editalState(before), after: input.state },
    },
  })
  await invalidateCatalog(ctx)
  return getAdminEdital({ ctx, id })
}

/** POST /api/admin/editais/{id}/pdf: the call's PDF (replacing the one it had). */
export async function uploadEditalPdf({
  ctx,
  actor,
  id,
  file,
}: AdminRowAction & { file: unknown }): Promise<AdminEdital> {
  const { db } = ctx
  const before = await rowOr404(ctx, editais, id, ADMIN_EDITAL_MESSAGES.notFound)
  const key = await storeEditalPdf({ ctx, file })
  try {
    await db.batch([
      db.update(editais).set({ pdfKey: key }).where(eq(editais.id, id)),
      db.run(
        auditStatement(ctx, actor, {
          action: 'edital.pdf',
          entity: 'edital',
          entityId: id,
          data: { before: before.pdfKey, after: key },
        }),
      ),
    ])
  } catch (error) {
    await deleteFiles(ctx, [key])
    throw error
  }
  if (before.pdfKey) await deleteFiles(ctx, [before.pdfKey])
  await invalidateCatalog(ctx)
  return getAdminEdital({ ctx, id })
}
