import { and, asc, eq, sql } from 'drizzle-orm'
import type { z } from 'zod'
import { courseModules, lessons } from '../../../db/schema.ts'
import type { AppContext } from '../../context.ts'
import {
  ADMIN_CATALOG_MESSAGES,
  type LessonInput,
  type LessonUpdateInput,
  type ModuleInput,
  type ModuleUpdateInput,
} from '../../contract/admin-catalog.ts'
import { changedFields } from '../../domain/audit.ts'
import { conflict, notFound } from '../../errors.ts'
import { invalidateCatalog } from '../catalog/snapshot.ts'
import { courseExists } from './courses.ts'
import {
  type Actor,
  type AdminEdit,
  type AdminRowAction,
  type AdminWrite,
  auditedDelete,
  auditStatement,
  nextVersion,
  versionedUpdate,
} from './internal.ts'

// The modules and lessons of an online course (the student area plays them; issue 9).

type ModuleRow = typeof courseModules.$inferSelect
type LessonRow = typeof lessons.$inferSelect

const moduleOut = (row: ModuleRow) => ({
  id: row.id,
  course_id: row.courseId,
  title: row.title,
  sort_order: row.sortOrder,
  version: row.version,
})
const lessonOut = (row: LessonRow) => ({
  id: row.id,
  module_id: row.moduleId,
  title: row.title,
  youtube_id: row.youtubeId,
  duration_seconds: row.durationSeconds,
  body: row.body,
  sort_order: row.sortOrder,
  version: row.version,
})
const lessonFields = (row: LessonRow) => {
  const { id: _id, module_id: _module, sort_order: _sort, version: _version, ...fields } = lessonOut(row)
  return fields
}

/** The columns of a lesson's form fields (no video: NULL). */
const lessonColumns = (input: z.output<typeof LessonInput>) => ({
  title: input.title,
  youtubeId: input.youtube_id || null,
  durationSeconds: input.duration_seconds,
  body: input.body,
})

async function findModule(ctx: AppContext, id: number) {
  const [row] = await ctx.db.select().from(courseModules).where(eq(courseModules.id, id))
  if (!row) throw notFound(ADMIN_CATALOG_MESSAGES.moduleNotFound)
  return row
}

async function findLesson(ctx: AppContext, id: number) {
  const [row] = await ctx.db.select().from(lessons).where(eq(lessons.id, id))
  if (!row) throw notFound(ADMIN_CATALOG_MESSAGES.lessonNotFound)
  return row
}

/** POST /api/admin/cursos/{id}/modulos: a module at the end of the course. */
export async function createModule({
  ctx,
  actor,
  courseId,
  input,
}: AdminWrite<typeof ModuleInput> & { courseId: number }) {
  if (!(await courseExists(ctx, courseId))) throw notFound(ADMIN_CATALOG_MESSAGES.courseNotFound)
  const { db } = ctx
  const [inserted] = await db.batch([
    db
      .insert(courseModules)
      .values({
        courseId,
        title: input.title,
        sortOrder: sql`(SELECT coalesce(max(sort_order), 0) + 1 FROM course_modules WHERE course_id = ${courseId})`,
        createdAt: ctx.now,
        updatedAt: ctx.now,
      })
      .returning(),
    db.run(
      auditStatement(ctx, actor, {
        action: 'course_module.create',
        entity: 'course_module',
        entityId: 'last_insert_rowid',
        data: { after: { course_id: courseId, title: input.title } },
      }),
    ),
  ])
  await invalidateCatalog(ctx)
  return { ...moduleOut(inserted[0]!), lessons: [] }
}

export async function updateModule({ ctx, actor, id, input }: AdminEdit<typeof ModuleUpdateInput>) {
  const before = await findModule(ctx, id)
  const updated = await versionedUpdate(ctx, actor, {
    update: ctx.db
      .update(courseModules)
      .set({
        title: input.title,
        version: nextVersion(courseModules.version, input.version),
        updatedAt: ctx.now,
      })
      .where(eq(courseModules.id, id))
      .returning(),
    audit: {
      entity: 'course_module',
      id,
      data: changedFields({ title: before.title }, { title: input.title }),
    },
  })
  if (!updated[0]) throw notFound(ADMIN_CATALOG_MESSAGES.moduleNotFound)
  await invalidateCatalog(ctx)
  return moduleOut(updated[0])
}

/** DELETE /api/admin/modulos/{id}: the module and its lessons (and the students' progress in them). */
export async function deleteModule({ ctx, actor, id }: AdminRowAction) {
  const before = await findModule(ctx, id)
  await auditedDelete(ctx, actor, {
    remove: ctx.db.delete(courseModules).where(eq(courseModules.id, id)),
    entity: 'course_module',
    id,
    before: moduleOut(before),
  })
  await invalidateCatalog(ctx)
}

/**
 * A new order for every item of a parent (a course's modules, a module's lessons): the ids must
 * be exactly the parent's (else someone changed the list meanwhile: 409).
 */
async function reorder<T extends typeof courseModules | typeof lessons>(
  ctx: AppContext,
  actor: Actor,
  target: {
    table: T
    current: number[]
    ids: number[]
    action: string
    entity: string
    entityId: number
  },
) {
  const { table, current, ids } = target
  const sameSet =
    ids.length === current.length &&
    new Set(ids).size === ids.length &&
    ids.every((id) => current.includes(id))
  if (!sameSet) throw conflict(ADMIN_CATALOG_MESSAGES.orderChanged)
  const { db } = ctx
  const updates = ids.map((id, index) =>
    db
      .update(table)
      .set({ sortOrder: index + 1, updatedAt: ctx.now } as never)
      .where(eq(table.id, id)),
  )
  await db.batch([
    updates[0]!,
    ...updates.slice(1),
    db.run(
      auditStatement(ctx, actor, {
        action: target.action,
        entity: target.entity,
        entityId: target.entityId,
        data: { before: { ids: current }, after: { ids } },
      }),
    ),
  ])
  await invalidateCatalog(ctx)
}

export async function reorderModules({
  ctx,
  actor,
  courseId,
  ids,
}: {
  ctx: AppContext
  actor: Actor
  courseId: number
  ids: number[]
}) {
  if (!(await courseExists(ctx, courseId))) throw notFound(ADMIN_CATALOG_MESSAGES.courseNotFound)
  const current = await ctx.db
    .select({ id: courseModules.id })
    .from(courseModules)
    .where(eq(courseModules.courseId, courseId))
    .orderBy(asc(courseModules.sortOrder), asc(courseModules.id))
  await reorder(ctx, actor, {
    table: courseModules,
    current: current.map((row) => row.id),
    ids,
    action: 'course_module.reorder',
    entity: 'course',
    entityId: courseId,
  })
}

/** POST /api/admin/modulos/{id}/aulas: a lesson at the end of the module. */
export async function createLesson({
  ctx,
  actor,
  moduleId,
  input,
}: AdminWrite<typeof LessonInput> & { moduleId: number }) {
  await findModule(ctx, moduleId)
  const { db } = ctx
  const [inserted] = await db.batch([
    db
      .insert(lessons)
      .values({
        moduleId,
        ...lessonColumns(input),
        sortOrder: sql`(SELECT coalesce(max(sort_order), 0) + 1 FROM lessons WHERE module_id = ${moduleId})`,
        createdAt: ctx.now,
        updatedAt: ctx.now,
      })
      .returning(),
    db.run(
      auditStatement(ctx, actor, {
        action: 'lesson.create',
        entity: 'lesson',
        entityId: 'last_insert_rowid',
        data: { after: { module_id: moduleId, ...input } },
      }),
    ),
  ])
  await invalidateCatalog(ctx)
  return lessonOut(inserted[0]!)
}

export async function updateLesson({ ctx, actor, id, input }: AdminEdit<typeof LessonUpdateInput>) {
  const before = await findLesson(ctx, id)
  const { version, ...fields } = input
  const after = { ...fields, youtube_id: fields.youtube_id || null }
  const updated = await versionedUpdate(ctx, actor, {
    update: ctx.db
      .update(lessons)
      .set({ ...lessonColumns(after), version: nextVersion(lessons.version, version), updatedAt: ctx.now })
      .where(eq(lessons.id, id))
      .returning(),
    audit: { entity: 'lesson', id, data: changedFields(lessonFields(before), after) },
  })
  if (!updated[0]) throw notFound(ADMIN_CATALOG_MESSAGES.lessonNotFound)
  await invalidateCatalog(ctx)
  return lessonOut(updated[0])
}

export async function deleteLesson({ ctx, actor, id }: AdminRowAction) {
  const before = await findLesson(ctx, id)
  await auditedDelete(ctx, actor, {
    remove: ctx.db.delete(lessons).where(eq(lessons.id, id)),
    entity: 'lesson',
    id,
    before: lessonOut(before),
  })
  await invalidateCatalog(ctx)
}

export async function reorderLessons({
  ctx,
  actor,
  moduleId,
  ids,
}: {
  ctx: AppContext
  actor: Actor
  moduleId: number
  ids: number[]
}) {
  await findModule(ctx, moduleId)
  const current = await ctx.db
    .select({ id: lessons.id })
    .from(lessons)
    .where(and(eq(lessons.moduleId, moduleId)))
    .orderBy(asc(lessons.sortOrder), asc(lessons.id))
  await reorder(ctx, actor, {
    table: lessons,
    current: current.map((row) => row.id),
    ids,
    action: 'lesson.reorder',
    entity: 'course_module',
    entityId: moduleId,
  })
}
