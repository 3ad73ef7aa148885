import { and, asc, count, eq, sql } from 'drizzle-orm'
import type { z } from 'zod'
import { classes, classSeats, courses, showcaseCards } from '../../../db/schema.ts'
import type { AppContext } from '../../context.ts'
import {
  ADMIN_CATALOG_MESSAGES,
  type AdminClass,
  type AdminClassesQuery,
  type AdminClassPage,
  type ClassInput,
  type ClassUpdateInput,
} from '../../contract/admin-catalog.ts'
import { changedFields } from '../../domain/audit.ts'
import { classStartDay } from '../../domain/catalog.ts'
import { conflict, invalidField, notFound } from '../../errors.ts'
import { invalidateCatalog } from '../catalog/snapshot.ts'
import { isBelowSeatsTaken } from '../constraints.ts'
import { courseExists } from './courses.ts'
import {
  type AdminEdit,
  type AdminRead,
  type AdminRowAction,
  type AdminWrite,
  auditedDelete,
  auditedInsert,
  listPage,
  nextVersion,
  rowOr404,
  searchOf,
  versionedUpdate,
} from './internal.ts'

type ClassRow = typeof classes.$inferSelect
type ClassFields = Omit<z.output<typeof ClassInput>, never>

const enrolled = sql<number>`(SELECT count(*) FROM enrollments e WHERE e.class_id = ${classes.id} AND e.status = 'active')`
const sold = sql<number>`(SELECT count(DISTINCT order_id) FROM order_items i WHERE i.class_id = ${classes.id})`
const seatCount = { taken: classSeats.taken, held: classSeats.held }
type SeatCount = { taken: number; held: number }

/** The fields an edit records, as the API names them. */
function editable(row: ClassRow): ClassFields {
  return {
    course_id: row.courseId,
    name: row.name,
    type: row.type,
    course_init: classStartDay(row.type, row.courseInit),
    location: row.location,
    details: row.details,
    price: row.priceCents,
    student_price: row.studentPriceCents,
    student_discount: row.studentDiscount,
    boleto: row.isBoletoAllowed,
    instalment_times: row.instalmentTimes,
    is_open: row.isOpen,
    seats: row.seats,
  }
}

function columns(input: ClassFields) {
  return {
    courseId: input.course_id,
    name: input.name,
    type: input.type,
    courseInit: classStartDay(input.type, input.course_init),
    location: input.location || null,
    details: input.details,
    priceCents: input.price,
    studentPriceCents: input.student_price,
    studentDiscount: input.student_discount,
    isBoletoAllowed: input.boleto,
    instalmentTimes: input.instalment_times,
    isOpen: input.is_open,
    seats: input.seats,
  }
}

function toAdminClass(
  row: ClassRow,
  courseName: string,
  enrolledCount: number,
  orders: number,
  seats: SeatCount,
): AdminClass {
  return {
    id: row.id,
    course_name: courseName,
    ...editable(row),
    enrolled: Number(enrolledCount),
    orders: Number(orders),
    seats_taken: Number(seats.taken),
    seats_held: Number(seats.held),
    seats_free: row.seats === null ? null : row.seats - Number(seats.taken) - Number(seats.held),
    version: row.version,
  }
}

/** GET /api/admin/turmas: a course's classes (or every class), dated ones by start. */
export async function listAdminClasses({
  ctx,
  query,
}: AdminRead<typeof AdminClassesQuery>): Promise<AdminClassPage> {
  const { db } = ctx
  const where = and(
    query.course_id ? eq(classes.courseId, query.course_id) : undefined,
    searchOf(query.q, classes.name, courses.name),
  )
  return listPage(ctx, query, {
    count: db
      .select({ total: count() })
      .from(classes)
      .innerJoin(courses, eq(courses.id, classes.courseId))
      .where(where),
    rows: db
      .select({ turma: classes, courseName: courses.name, enrolled, sold, seats: seatCount })
      .from(classes)
      .innerJoin(courses, eq(courses.id, classes.courseId))
      .innerJoin(classSeats, eq(classSeats.classId, classes.id))
      .where(where)
      .orderBy(asc(courses.name), asc(classes.courseInit), asc(classes.id)),
    toItem: (row) => toAdminClass(row.turma, row.courseName, row.enrolled, row.sold, row.seats),
  })
}

async function readClass(ctx: AppContext, id: number): Promise<AdminClass> {
  const [row] = await ctx.db
    .select({ turma: classes, courseName: courses.name, enrolled, sold, seats: seatCount })
    .from(classes)
    .innerJoin(courses, eq(courses.id, classes.courseId))
    .innerJoin(classSeats, eq(classSeats.classId, classes.id))
    .where(eq(classes.id, id))
  if (!row) throw notFound(ADMIN_CATALOG_MESSAGES.classNotFound)
  return toAdminClass(row.turma, row.courseName, row.enrolled, row.sold, row.seats)
}

async function checkCourse(ctx: AppContext, courseId: number) {
  if (!(await courseExists(ctx, courseId)))
    throw invalidField('course_id', ADMIN_CATALOG_MESSAGES.courseNotFound)
}

/** POST /api/admin/turmas. The course page, its cards and the cart see it once the snapshot moves. */
export async function createClass({ ctx, actor, input }: AdminWrite<typeof ClassInput>): Promise<AdminClass> {
  await checkCourse(ctx, input.course_id)
  const inserted = await auditedInsert(ctx, actor, {
    insert: ctx.db
      .insert(classes)
      .values({ ...columns(input), createdAt: ctx.now, updatedAt: ctx.now })
      .returning({ id: classes.id }),
    entity: 'class',
    after: input,
  })
  await invalidateCatalog(ctx)
  return readClass(ctx, inserted[0]!.id)
}

/** PUT /api/admin/turmas/{id}: 409 when the class changed since the form read it. */
export async function updateClass({
  ctx,
  actor,
  id,
  input,
}: AdminEdit<typeof ClassUpdateInput>): Promise<AdminClass> {
  const before = await rowOr404(ctx, classes, id, ADMIN_CATALOG_MESSAGES.classNotFound)
  const { version, ...fields } = input
  if (fields.course_id !== before.courseId) await checkCourse(ctx, fields.course_id)
  await versionedUpdate(ctx, actor, {
    update: ctx.db
      .update(classes)
      .set({ ...columns(fields), version: nextVersion(classes.version, version), updatedAt: ctx.now })
      .where(eq(classes.id, id)),
    audit: {
      entity: 'class',
      id,
      data: changedFields(editable(before), {
        ...fields,
        course_init: classStartDay(fields.type, fields.course_init),
      }),
    },
  }).catch(async (error: unknown) => {
    if (!isBelowSeatsTaken(error)) throw error
    const [seats] = await ctx.db.select(seatCount).from(classSeats).where(eq(classSeats.classId, id))
    throw invalidField(
      'seats',
      ADMIN_CATALOG_MESSAGES.seatsBelowTaken(Number(seats?.taken), Number(seats?.held)),
    )
  })
  await invalidateCatalog(ctx)
  return readClass(ctx, id)
}

/**
 * DELETE /api/admin/turmas/{id}: only a class nobody bought or enrolled in (else 409: close it).
 * The check is part of the delete itself, so an enrollment arriving meanwhile still blocks it;
 * the showcase cards that sold it go in the same batch.
 */
export async function deleteClass({ ctx, actor, id }: AdminRowAction) {
  const before = await rowOr404(ctx, classes, id, ADMIN_CATALOG_MESSAGES.classNotFound)
  const { db } = ctx
  const deleted = await auditedDelete(ctx, actor, {
    remove: db
      .delete(classes)
      .where(
        sql`${classes.id} = ${id}
          AND NOT EXISTS (SELECT 1 FROM enrollments WHERE class_id = ${id})
          AND NOT EXISTS (SELECT 1 FROM order_items WHERE class_id = ${id})`,
      )
      .returning({ id: classes.id }),
    entity: 'class',
    id,
    before: editable(before),
    also: [
      db
        .delete(showcaseCards)
        .where(
          sql`${showcaseCards.type} = 'turma' AND ${showcaseCards.itemId} = ${id} AND NOT EXISTS (SELECT 1 FROM classes WHERE id = ${id})`,
        ),
    ],
  })
  if (!deleted[0]) throw conflict(ADMIN_CATALOG_MESSAGES.classInUse)
  await invalidateCatalog(ctx)
}
