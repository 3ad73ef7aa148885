import { asc, count, eq, inArray, sql } from 'drizzle-orm'
import type { z } from 'zod'
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
import { priceBundle } from '../../domain/pricing.ts'
import { invalidField, notFound } from '../../errors.ts'
import { bundleForPricing } from '../catalog/pricing.ts'
import { invalidateCatalog } from '../catalog/snapshot.ts'
import { discountColumns, discountFields } from './discount.ts'
import {
  type AdminEdit,
  type AdminRead,
  type AdminWrite,
  auditedInsert,
  nextVersion,
  pageOf,
  pageResponse,
  searchOf,
  versionedUpdate,
} from './internal.ts'

type BundleRow = typeof bundles.$inferSelect
type MemberRow = { bundleId: number; turma: typeof classes.$inferSelect; courseName: string }

const editable = (row: BundleRow, classIds: number[]) => ({
  name: row.name,
  description: row.description,
  ...discountFields(row),
  instalment_times: row.instalmentTimes,
  is_published: row.isPublished,
  class_ids: classIds,
})

/** The bundle with its price split per class, computed by the cart's own pricing rule. */
function toAdminBundle(row: BundleRow, members: MemberRow[]): AdminBundle {
  // The split names each class with its course, as the admin reads it.
  const named = members.map(({ turma, courseName }) => ({ ...turma, name: `${courseName} — ${turma.name}` }))
  const priced = priceBundle(bundleForPricing(row, named))
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
  const where = searchOf(query.q, bundles.name)
  const { limit, offset } = pageOf(query)
  const page = db
    .select()
    .from(bundles)
    .where(where)
    .orderBy(asc(bundles.name), asc(bundles.id))
    .limit(limit)
    .offset(offset)
  const pageIds = page.as('page_ids')
  const [totals, rows, members] = await db.batch([
    db.select({ total: count() }).from(bundles).where(where),
    page,
    membersQuery(ctx).where(inArray(bundleClasses.bundleId, db.select({ id: pageIds.id }).from(pageIds))),
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

/** The columns of a bundle's form fields (its classes are rows of their own). */
const bundleColumns = (input: Omit<z.output<typeof BundleInput>, 'class_ids'>) => ({
  name: input.name,
  description: input.description,
  ...discountColumns(input),
  instalmentTimes: input.instalment_times,
  isPublished: input.is_published,
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
  const inserted = await auditedInsert(ctx, actor, {
    insert: db
      .insert(bundles)
      .values({ ...bundleColumns(input), createdAt: ctx.now, updatedAt: ctx.now })
      .returning({ id: bundles.id }),
    entity: 'bundle',
    after: input,
    also: [
      db
        .insert(bundleClasses)
        .values(
          input.class_ids.map((classId, index) => ({ bundleId: ownId, classId, sortOrder: index + 1 })),
        ),
    ],
  })
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
      .set({ ...bundleColumns(fields), version: nextVersion(bundles.version, version), updatedAt: ctx.now })
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
