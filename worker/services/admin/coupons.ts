import { asc, count, eq, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/sqlite-core'
import type { z } from 'zod'
import { classes, coupons, courses } from '../../../db/schema.ts'
import type { AppContext } from '../../context.ts'
import {
  ADMIN_CATALOG_MESSAGES,
  type AdminCoupon,
  type AdminCouponPage,
  type AdminListQuery,
  type CouponInput,
  type CouponUpdateInput,
} from '../../contract/admin-catalog.ts'
import { changedFields } from '../../domain/audit.ts'
import { curitibaDay, curitibaDayEndMs } from '../../domain/time-zone.ts'
import { conflict, invalidField, notFound } from '../../errors.ts'
import { discountColumns, discountFields } from './discount.ts'
import {
  type AdminEdit,
  type AdminRead,
  type AdminRowAction,
  type AdminWrite,
  auditedDelete,
  auditedInsert,
  listPage,
  nextVersion,
  searchOf,
  takenAs,
  versionedUpdate,
} from './internal.ts'

// Coupons are not shown on public pages (a cart prices them from the database on every read):
// their writes publish no catalogue snapshot.

type CouponRow = typeof coupons.$inferSelect
type CouponFields = Omit<z.output<typeof CouponInput>, never>

/** A coupon valid "until" a day lasts to the end of that day in Curitiba. */
const expiresAtOf = (day: string | null) => (day ? new Date(curitibaDayEndMs(day)) : null)
/**
 * The day a coupon is valid until: the day of its last moment (the end is exclusive: the next day's
 * midnight as saved here, or 23:59:59 as the seed writes it; both read as that day).
 */
const expiresOnOf = (instant: Date | null) => (instant ? curitibaDay(new Date(instant.getTime() - 1)) : null)

function editable(row: CouponRow): CouponFields {
  return {
    key: row.key,
    ...discountFields(row),
    class_id: row.classId,
    course_id: row.courseId,
    is_active: row.isActive,
    expires_on: expiresOnOf(row.expiresAt),
    max_uses: row.maxUses,
  }
}

function columns(input: CouponFields) {
  return {
    key: input.key,
    ...discountColumns(input),
    classId: input.class_id,
    courseId: input.course_id,
    isActive: input.is_active,
    expiresAt: expiresAtOf(input.expires_on),
    maxUses: input.max_uses,
  }
}

const couponCourse = alias(courses, 'coupon_course')
const classCourse = alias(courses, 'class_course')

function scopeOf(className: string | null, classCourseName: string | null, courseName: string | null) {
  if (className) return `${classCourseName ?? ''} — ${className}`
  if (courseName) return `Curso ${courseName}`
  return 'Todas as turmas'
}

function selectCoupons(ctx: AppContext) {
  return ctx.db
    .select({
      coupon: coupons,
      className: classes.name,
      classCourseName: classCourse.name,
      courseName: couponCourse.name,
    })
    .from(coupons)
    .leftJoin(classes, eq(classes.id, coupons.classId))
    .leftJoin(classCourse, eq(classCourse.id, classes.courseId))
    .leftJoin(couponCourse, eq(couponCourse.id, coupons.courseId))
}

type Joined = Awaited<ReturnType<ReturnType<typeof selectCoupons>['execute']>>[number]

const toAdminCoupon = (row: Joined): AdminCoupon => ({
  id: row.coupon.id,
  ...editable(row.coupon),
  scope: scopeOf(row.className, row.classCourseName, row.courseName),
  used_count: row.coupon.usedCount,
  over_limit_uses: row.coupon.overLimitUses,
  version: row.coupon.version,
})

export async function listAdminCoupons({
  ctx,
  query,
}: AdminRead<typeof AdminListQuery>): Promise<AdminCouponPage> {
  const where = searchOf(query.q?.toUpperCase(), coupons.key)
  return listPage(ctx, query, {
    count: ctx.db.select({ total: count() }).from(coupons).where(where),
    rows: selectCoupons(ctx).where(where).orderBy(asc(coupons.key)),
    toItem: toAdminCoupon,
  })
}

async function readCoupon(ctx: AppContext, id: number) {
  const [row] = await selectCoupons(ctx).where(eq(coupons.id, id))
  if (!row) throw notFound(ADMIN_CATALOG_MESSAGES.couponNotFound)
  return row
}

async function checkScope(ctx: AppContext, input: CouponFields) {
  const [classRows, courseRows] = await ctx.db.batch([
    ctx.db
      .select({ id: classes.id })
      .from(classes)
      .where(eq(classes.id, input.class_id ?? -1)),
    ctx.db
      .select({ id: courses.id })
      .from(courses)
      .where(eq(courses.id, input.course_id ?? -1)),
  ])
  if (input.class_id !== null && !classRows[0])
    throw invalidField('class_id', ADMIN_CATALOG_MESSAGES.classNotFound)
  if (input.course_id !== null && !courseRows[0])
    throw invalidField('course_id', ADMIN_CATALOG_MESSAGES.courseNotFound)
}

const keyTaken = takenAs('coupons.key', 'key', ADMIN_CATALOG_MESSAGES.keyTaken)

export async function createCoupon({
  ctx,
  actor,
  input,
}: AdminWrite<typeof CouponInput>): Promise<AdminCoupon> {
  await checkScope(ctx, input)
  const inserted = await auditedInsert(ctx, actor, {
    insert: ctx.db
      .insert(coupons)
      .values({ ...columns(input), createdAt: ctx.now })
      .returning({ id: coupons.id }),
    entity: 'coupon',
    after: input,
  }).catch(keyTaken)
  return toAdminCoupon(await readCoupon(ctx, inserted[0]!.id))
}

export async function updateCoupon({
  ctx,
  actor,
  id,
  input,
}: AdminEdit<typeof CouponUpdateInput>): Promise<AdminCoupon> {
  const before = await readCoupon(ctx, id)
  const { version, ...fields } = input
  await checkScope(ctx, fields)
  await versionedUpdate(ctx, actor, {
    update: ctx.db
      .update(coupons)
      .set({ ...columns(fields), version: nextVersion(coupons.version, version) })
      .where(eq(coupons.id, id)),
    audit: { entity: 'coupon', id, data: changedFields(editable(before.coupon), fields) },
  }).catch(keyTaken)
  return toAdminCoupon(await readCoupon(ctx, id))
}

/** DELETE /api/admin/cupons/{id}: only a coupon never used (an order remembers the coupon it used). */
export async function deleteCoupon({ ctx, actor, id }: AdminRowAction) {
  const before = await readCoupon(ctx, id)
  const deleted = await auditedDelete(ctx, actor, {
    remove: ctx.db
      .delete(coupons)
      .where(
        sql`${coupons.id} = ${id} AND ${coupons.usedCount} = 0
          AND NOT EXISTS (SELECT 1 FROM order_items WHERE coupon_id = ${id})`,
      )
      .returning({ id: coupons.id }),
    entity: 'coupon',
    id,
    before: editable(before.coupon),
  })
  if (!deleted[0]) throw conflict(ADMIN_CATALOG_MESSAGES.couponUsed)
}
