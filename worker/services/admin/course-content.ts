import { asc, eq } from 'drizzle-orm'
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core'
import type { z } from 'zod'
import { courseModules, lessons } from '../../../db/schema.ts'
import type { AppContext } from '../../context.ts'
import type { OrderInput } from '../../contract/admin.ts'
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
import { courseExists, lessonOut, moduleOut } from './courses.ts'
import {
  type Actor,
  type AdminEdit,
  type AdminRowAction,
  auditedDelete,
  auditedInsert,
  auditStatement,
  nextVersion,
  returnedOr404,
  rowOr404,
  sortOrderAtEnd,
  versionedUpdate,
} from './internal.ts'

// The modules and lessons of an online course (the student area plays them; issue 9).

type LessonRow = typeof lessons.$inferSelect

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

/** A write of the course's content, then a new catalogue snapshot; answers what the write answered. */
async function published<T>(ctx: AppContext, write: T | Promise<T>): Promise<T> {
  const answer = await write
  await invalidateCatalog(ctx)
  return answer
}

const findModule = (ctx: AppContext, id: number) =>
  rowOr404(ctx, courseModules, id, ADMIN_CATALOG_MESSAGES.moduleNotFound)
const findLesson = (ctx: AppContext, id: number) =>
  rowOr404(ctx, lessons, id, ADMIN_CATALOG_MESSAGES.lessonNotFound)

/** POST /api/admin/cursos/{id}/modulos: a module at the end of the course. */
export async function createModule({ ctx, actor, id: courseId, input }: AdminEdit<typeof ModuleInput>) {
  if (!(await courseExists(ctx, courseId))) throw notFound(ADMIN_CATALOG_MESSAGES.courseNotFound)
  const inserted = await auditedInsert(ctx, actor, {
    insert: ctx.db
      .insert(courseModules)
      .values({
        courseId,
        title: input.title,
        sortOrder: sortOrderAtEnd(courseModules, courseModules.courseId, courseId),
        createdAt: ctx.now,
        updatedAt: ctx.now,
      })
      .returning(),
    entity: 'course_module',
    after: { course_id: courseId, title: input.title },
  })
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
  return published(ctx, moduleOut(returnedOr404(updated, ADMIN_CATALOG_MESSAGES.moduleNotFound)))
}

/** DELETE /api/admin/modulos/{id}: the module and its lessons (and the students' progress in them). */
export async function deleteModule({ ctx, actor, id }: AdminRowAction) {
  const before = moduleOut(await findModule(ctx, id))
  const remove = ctx.db.delete(courseModules).where(eq(courseModules.id, id))
  await published(ctx, auditedDelete(ctx, actor, { remove, entity: 'course_module', id, before }))
}

/**
 * A new order for every item of a parent (a course's modules, a module's lessons): the ids must
 * be exactly the parent's (else someone changed the list meanwhile: 409). The audit line
 * `<action>` is the parent's (`entity` `parentId`).
 */
async function reorder(
  ctx: AppContext,
  actor: Actor,
  target: {
    table: typeof courseModules | typeof lessons
    parent: SQLiteColumn
    parentId: number
    ids: number[]
    action: string
    entity: string
  },
) {
  const { table, ids } = target
  const rows = await ctx.db
    .select({ id: table.id })
    .from(table)
    .where(eq(target.parent, target.parentId))
    .orderBy(asc(table.sortOrder), asc(table.id))
  const current = rows.map((row) => row.id)
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
        entityId: target.parentId,
        data: { before: { ids: current }, after: { ids } },
      }),
    ),
  ])
  await invalidateCatalog(ctx)
}

/** PUT /api/admin/cursos/{id}/modulos/ordem */
export async function reorderModules({ ctx, actor, id: courseId, input }: AdminEdit<typeof OrderInput>) {
  if (!(await courseExists(ctx, courseId))) throw notFound(ADMIN_CATALOG_MESSAGES.courseNotFound)
  await reorder(ctx, actor, {
    table: courseModules,
    parent: courseModules.courseId,
    parentId: courseId,
    ids: input.ids,
    action: 'course_module.reorder',
    entity: 'course',
  })
}

/** POST /api/admin/modulos/{id}/aulas: a lesson at the end of the module. */
export async function createLesson({ ctx, actor, id: moduleId, input }: AdminEdit<typeof LessonInput>) {
  await findModule(ctx, moduleId)
  const inserted = await auditedInsert(ctx, actor, {
    insert: ctx.db
      .insert(lessons)
      .values({
        moduleId,
        ...lessonColumns(input),
        sortOrder: sortOrderAtEnd(lessons, lessons.moduleId, moduleId),
        createdAt: ctx.now,
        updatedAt: ctx.now,
      })
      .returning(),
    entity: 'lesson',
    after: { module_id: moduleId, ...input },
  })
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
  return published(ctx, lessonOut(returnedOr404(updated, ADMIN_CATALOG_MESSAGES.lessonNotFound)))
}

export async function deleteLesson({ ctx, actor, id }: AdminRowAction) {
  const before = lessonOut(await findLesson(ctx, id))
  const remove = ctx.db.delete(lessons).where(eq(lessons.id, id))
  await published(ctx, auditedDelete(ctx, actor, { remove, entity: 'lesson', id, before }))
}

/** PUT /api/admin/modulos/{id}/aulas/ordem */
export async function reorderLessons({ ctx, actor, id: moduleId, input }: AdminEdit<typeof OrderInput>) {
  await findModule(ctx, moduleId)
  await reorder(ctx, actor, {
    table: lessons,
    parent: lessons.moduleId,
    parentId: moduleId,
    ids: input.ids,
    action: 'lesson.reorder',
    entity: 'course_module',
  })
}
