import { asc, count, eq, inArray, sql } from 'drizzle-orm'
import { bundleClasses, bundles, classes, courses } from '../../../db/schema.ts'
import type { AppContext } from '../../context.ts'
import {
  ADMIN_CATALOG_MESSAGES,
  type AdminBundle,
  type AdminBundlePage,
  type AdminListQuery,
  type BundleInput,
  type BundleUpdateInput,
} from '../../contract/admin-catalog.ts'
import { changedFields } from '../../domain/audit.ts'
import { type PricingClass, priceBundle } from '../../domain/pricing.ts'
import { invalidField, notFound } from '../../errors.ts'
import { invalidateCatalog } from '../catalog/snapshot.ts'
import {
  type AdminEdit,
  type AdminRead,
  type AdminWrite,
  auditStatement,
  likePattern,
  nextVersion,
  pageOf,
  pageResponse,
  versionedUpdate,
} from './internal.ts'

type BundleRow = typeof bundles.$inferSelect
type MemberRow = { bundleId: number; turma: typeof classes.$inferSelect; courseName: string }

const editable = (row: BundleRow, classIds: number[]) => ({
  name: row.name,
  description: row.description,
  discount_type: row.discountType,
  discount_value: (row.discountType === 'P' ? row.discountPercent : row.discountCents) ?? 0,
  instalment_times: row.instalmentTimes,
  is_published: row.isPublished,
  class_ids: classIds,
})

const pricingClass = ({ turma, courseName }: MemberRow): PricingClass => ({
  id: turma.id,
  courseId: turma.courseId,
  name: `${courseName} — ${turma.name}`,
  priceCents: turma.priceCents,
  studentPriceCents: turma.studentPriceCents,
  studentDiscount: turma.studentDiscount,
  isBoletoAllowed: turma.isBoletoAllowed,
  instalmentTimes: turma.instalmentTimes,
})

/** The bundle with its price split per class, computed by the cart's own pricing rule. */
function toAdminBundle(row: BundleRow, members: MemberRow[]): AdminBundle {
  const priced = priceBundle({
    id: row.id,
    name: row.name,
    discountType: row.discountType,
    discountPercent: row.discountPercent,
    discountCents: row.discountCents,
    instalmentTimes: row.instalmentTimes,
    classes: members.map(pricingClass),
  })
  return {
    id: row.id,
    ...editable(
      row,
      members.map((member) => member.turma.id),
    ),
    split: priced.classes.map((split) => ({
      class_id: split.classId,
      name: split.name,
      gross: split.grossCents,
      discount: split.discountCents,
      net: split.netCents,
    })),
    gross: priced.grossCents,
    net: priced.netCents,
    version: row.version,
  }
}

function membersQuery(ctx: AppContext) {
  return ctx.db
    .select({ bundleId: bundleClasses.bundleId, turma: classes, courseName: courses.name })
    .from(bundleClasses)
    .innerJoin(classes, eq(classes.id, bundleClasses.classId))
    .innerJoin(courses, eq(courses.id, classes.courseId))
    .orderBy(asc(bundleClasses.sortOrder), asc(classes.id))
}

export async function listAdminBundles({
  ctx,
  query,
}: AdminRead<typeof AdminListQuery>): Promise<AdminBundlePage> {
  const { db } = ctx
  const where = query.q ? sql`${bundles.name} LIKE ${likePattern(query.q)} ESCAPE '\\'` : undefined
  const { limit, offset } = pageOf(query)
  const page = db
    .select({ id: bundles.id })
    .from(bundles)
    .where(where)
    .orderBy(asc(bundles.name), asc(bundles.id))
    .limit(limit)
    .offset(offset)
  const [totals, rows, members] = await db.batch([
    db.select({ total: count() }).from(bundles).where(where),
    db
      .select()
      .from(bundles)
      .where(where)
      .orderBy(asc(bundles.name), asc(bundles.id))
      .limit(limit)
      .offset(offset),
    membersQuery(ctx).where(inArray(bundleClasses.bundleId, page)),
  ])
  return pageResponse(
    query,
    totals,
    rows.map((row) =>
      toAdminBundle(
        row,
        members.filter((member) => member.bundleId === row.id),
      ),
    ),
  )
}

async function readBundle(ctx: AppContext, id: number) {
  const [rows, members] = await ctx.db.batch([
    ctx.db.select().from(bundles).where(eq(bundles.id, id)),
    membersQuery(ctx).where(eq(bundleClasses.bundleId, id)),
  ])
  if (!rows[0]) throw notFound(ADMIN_CATALOG_MESSAGES.bundleNotFound)
  return { row: rows[0], members }
}

async function checkClasses(ctx: AppContext, ids: number[]) {
  const found = await ctx.db.select({ id: classes.id }).from(classes).where(inArray(classes.id, ids))
  if (found.length !== ids.length) throw invalidField('class_ids', ADMIN_CATALOG_MESSAGES.classNotFound)
}

const discountColumns = (input: { discount_type: 'P' | 'F'; discount_value: number }) => ({
  discountType: input.discount_type,
  discountPercent: input.discount_type === 'P' ? input.discount_value : null,
  discountCents: input.discount_type === 'F' ? input.discount_value : null,
})

export async function createBundle({
  ctx,
  actor,
  input,
}: AdminWrite<typeof BundleInput>): Promise<AdminBundle> {
  await checkClasses(ctx, input.class_ids)
  const { db } = ctx
  // Within the batch's transaction the newest bundle is this one.
  const ownId = sql`(SELECT max(id) FROM bundles)`
  const [inserted] = await db.batch([
    db
      .insert(bundles)
      .values({
        name: input.name,
        description: input.description,
        ...discountColumns(input),
        instalmentTimes: input.instalment_times,
        isPublished: input.is_published,
        createdAt: ctx.now,
        updatedAt: ctx.now,
      })
      .returning({ id: bundles.id }),
    db.run(
      auditStatement(ctx, actor, {
        action: 'bundle.create',
        entity: 'bundle',
        entityId: 'last_insert_rowid',
        data: { after: input },
      }),
    ),
    db
      .insert(bundleClasses)
      .values(input.class_ids.map((classId, index) => ({ bundleId: ownId, classId, sortOrder: index + 1 }))),
  ])
  await invalidateCatalog(ctx)
  const { row, members } = await readBundle(ctx, inserted[0]!.id)
  return toAdminBundle(row, members)
}

export async function updateBundle({
  ctx,
  actor,
  id,
  input,
}: AdminEdit<typeof BundleUpdateInput>): Promise<AdminBundle> {
  const before = await readBundle(ctx, id)
  await checkClasses(ctx, input.class_ids)
  const { version, ...fields } = input
  const { db } = ctx
  await versionedUpdate(ctx, actor, {
    update: db
      .update(bundles)
      .set({
        name: fields.name,
        description: fields.description,
        ...discountColumns(fields),
        instalmentTimes: fields.instalment_times,
        isPublished: fields.is_published,
        version: nextVersion(bundles.version, version),
        updatedAt: ctx.now,
      })
      .where(eq(bundles.id, id)),
    audit: {
      entity: 'bundle',
      id,
      data: changedFields(
        editable(
          before.row,
          before.members.map((member) => member.turma.id),
        ),
        fields,
      ),
    },
    also: [
      db.delete(bundleClasses).where(eq(bundleClasses.bundleId, id)),
      db
        .insert(bundleClasses)
        .values(fields.class_ids.map((classId, index) => ({ bundleId: id, classId, sortOrder: index + 1 }))),
    ],
  })
  await invalidateCatalog(ctx)
  const { row, members } = await readBundle(ctx, id)
  return toAdminBundle(row, members)
}
