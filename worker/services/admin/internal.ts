import { type Column, eq, is, SQL, sql } from 'drizzle-orm'
import type { BatchItem } from 'drizzle-orm/batch'
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core'
import type { z } from 'zod'
import type { AppContext } from '../../context.ts'
import { STALE_EDIT_MESSAGE } from '../../contract/admin.ts'
import { conflict, invalidField, notFound } from '../../errors.ts'
import { constraintFailed } from '../constraints.ts'

// What every admin verb shares: the audit line written in the batch of the write, the version
// check of an edit, and the constraint failures that are answers rather than errors.

/** Who acts: the administrator of the request. */
export type Actor = { id: number }

/** The arguments of an admin read: the request's context and its parsed query. */
export type AdminRead<Query extends z.ZodType> = { ctx: AppContext; query: z.output<Query> }
/** The arguments of an admin read of one row. */
export type AdminRowRead = { ctx: AppContext; id: number }
/** The arguments of an admin verb on one row. */
export type AdminRowAction = { ctx: AppContext; actor: Actor; id: number }
/** The arguments of an admin write: who acts and the parsed body. */
export type AdminWrite<Input extends z.ZodType> = { ctx: AppContext; actor: Actor; input: z.output<Input> }
/** The arguments of an edit of one row. */
export type AdminEdit<Input extends z.ZodType> = AdminWrite<Input> & { id: number }

export type AuditEntry = {
  action: string
  entity: string
  /** The row's id; 'last_insert_rowid' for the row the statement just before inserted; or SQL finding it. */
  entityId: string | number | 'last_insert_rowid' | SQL | null
  data?: Record<string, unknown>
}

/**
 * The audit line of an admin write, to run in the same `db.batch` as the write (all or nothing).
 * `onlyIfChanged`: written only when the statement just before changed a row.
 */
export function auditStatement(
  ctx: AppContext,
  actor: Actor,
  entry: AuditEntry,
  { onlyIfChanged = false }: { onlyIfChanged?: boolean } = {},
): SQL {
  const entityId = is(entry.entityId, SQL)
    ? sql`CAST(${entry.entityId} AS TEXT)`
    : entry.entityId === 'last_insert_rowid'
      ? sql`CAST(last_insert_rowid() AS TEXT)`
      : entry.entityId === null
        ? sql`NULL`
        : sql`${String(entry.entityId)}`
  return sql`INSERT INTO audit_log (actor_user_id, action, entity, entity_id, data, ip, created_at)
    SELECT ${actor.id}, ${entry.action}, ${entry.entity}, ${entityId}, ${JSON.stringify(entry.data ?? {})},
      ${ctx.clientIp}, ${ctx.now.getTime()}
    ${onlyIfChanged ? sql`WHERE changes() > 0` : sql``}`
}

/**
 * An edit's new version: `version + 1` when the row still holds the version the form read, NULL
 * otherwise, which the NOT NULL constraint refuses, rolling the whole batch back (see `isStale`).
 * One statement checks and bumps, so two saves of the same version can never both apply.
 */
export function nextVersion(column: Column, expected: number): SQL {
  return sql`CASE WHEN ${column} = ${expected} THEN ${column} + 1 ELSE NULL END`
}

/**
 * A new row's `sort_order`: one past the last of its siblings (the rows of `table` whose `parent`
 * is `parentId`), read in the insert itself, so the row goes at the end.
 */
export function sortOrderAtEnd(table: SQLiteTable, parent: Column, parentId: number): SQL {
  return sql`(SELECT coalesce(max(sort_order), 0) + 1 FROM ${table} WHERE ${parent} = ${parentId})`
}

/** The version check of `nextVersion` failed: someone saved first. */
export const isStale = (error: unknown) => constraintFailed(error, /NOT NULL constraint failed: \w+\.version/)

/** A unique index (by name or `table.column`) refused the write. */
export const isUniqueViolation = (error: unknown, target: string) =>
  constraintFailed(error, new RegExp(`UNIQUE constraint failed: .*${target.replace('.', '\\.')}`))

/** A unique index's refusal as its field's 422; any other error as it was. */
export const takenAs =
  (target: string, field: string, message: string) =>
  (error: unknown): never => {
    if (isUniqueViolation(error, target)) throw invalidField(field, message)
    throw error
  }

export const isForeignKeyViolation = (error: unknown) =>
  constraintFailed(error, /FOREIGN KEY constraint failed/)

/** Runs a write; a stale version becomes the 409 the form shows. */
export async function withVersionCheck<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (error) {
    if (isStale(error)) throw conflict(STALE_EDIT_MESSAGE)
    throw error
  }
}

type Statement = BatchItem<'sqlite'>
/** A drizzle query that runs in a batch and resolves to `T`. */
export type Query<T> = Statement & PromiseLike<T>

/** A table whose rows have an `id`. */
type TableWithId = SQLiteTable & { id: SQLiteColumn; $inferSelect: unknown }

/** The row `id` of `table`, or the 404 with `message`. */
export async function rowOr404<T extends TableWithId>(
  ctx: AppContext,
  table: T,
  id: number,
  message: string,
): Promise<T['$inferSelect']> {
  const [row] = await ctx.db
    .select()
    .from(table as SQLiteTable)
    .where(eq(table.id, id))
  if (!row) throw notFound(message)
  return row
}

/** The row a write returned, or the 404 with `message` when there was none (the row went meanwhile). */
export function returnedOr404<T>(rows: T[], message: string): T {
  if (!rows[0]) throw notFound(message)
  return rows[0]
}

/**
 * A new row and its audit line `<entity>.create` with what the form sent (`after`), in one batch
 * (all or nothing); `also`: statements that follow in the same batch. Resolves to the insert's result.
 */
export async function auditedInsert<W extends Statement>(
  ctx: AppContext,
  actor: Actor,
  { insert, entity, after, also = [] }: { insert: W; entity: string; after: unknown; also?: Statement[] },
): Promise<W['_']['result']> {
  const { db } = ctx
  const [inserted] = await db.batch([
    insert,
    db.run(
      auditStatement(ctx, actor, {
        action: `${entity}.create`,
        entity,
        entityId: 'last_insert_rowid',
        data: { after },
      }),
    ),
    ...also,
  ])
  return inserted
}

/** The audit line of one row's write: `<entity>.<verb>` unless `action` says otherwise. */
type RowAudit = { entity: string; id: number; data: Record<string, unknown>; action?: string }

/**
 * A write and its audit line in one batch (all or nothing), the line written only when the write
 * changed a row; `also`: statements that follow in the same batch. Resolves to the write's result.
 */
export async function auditedWrite<W extends Statement>(
  ctx: AppContext,
  actor: Actor,
  { write, audit, also = [] }: { write: W; audit: AuditEntry; also?: Statement[] },
): Promise<W['_']['result']> {
  const { db } = ctx
  const [result] = await db.batch([
    write,
    db.run(auditStatement(ctx, actor, audit, { onlyIfChanged: true })),
    ...also,
  ])
  return result
}

/**
 * An edit of one row: its update (the version checked by `nextVersion`) and the audit line
 * (`<entity>.update` by default), written only when the row changed; a stale version is the 409.
 */
export function versionedUpdate<W extends Statement>(
  ctx: AppContext,
  actor: Actor,
  { update, audit, also }: { update: W; audit: RowAudit; also?: Statement[] },
): Promise<W['_']['result']> {
  const { entity, id, data, action = `${entity}.update` } = audit
  return withVersionCheck(() =>
    auditedWrite(ctx, actor, { write: update, audit: { action, entity, entityId: id, data }, also }),
  )
}

/** A delete of one row and its audit line `<entity>.delete` with what the row held, written only if it went. */
export function auditedDelete<W extends Statement>(
  ctx: AppContext,
  actor: Actor,
  {
    remove,
    entity,
    id,
    before,
    also,
  }: { remove: W; entity: string; id: number; before: unknown; also?: Statement[] },
): Promise<W['_']['result']> {
  return auditedWrite(ctx, actor, {
    write: remove,
    audit: { action: `${entity}.delete`, entity, entityId: id, data: { before } },
    also,
  })
}

type PageQuery = { page: number; per_page: number }

export function pageOf(query: PageQuery) {
  return { limit: query.per_page, offset: (query.page - 1) * query.per_page }
}

/** One page of a list as the API answers it, with how many items there are in all. */
export function pageResponse<Item>(query: PageQuery, totals: { total: number }[], items: Item[]) {
  return { items, page: query.page, per_page: query.per_page, total: totals[0]?.total ?? 0 }
}

/** A select in its order, to be cut into pages. */
type Pageable<Row> = { limit: (limit: number) => { offset: (offset: number) => Query<Row[]> } }

/**
 * One page of a list as the API answers it, read in one batch: how many rows there are in all
 * (`count`) and the page's rows (`rows`, in their order, cut to the page), each made an item.
 */
export async function listPage<Row, Item>(
  ctx: AppContext,
  query: PageQuery,
  {
    count,
    rows,
    toItem,
  }: {
    count: Query<{ total: number }[]>
    rows: Pageable<Row>
    toItem: (row: Row) => Item
  },
) {
  const { limit, offset } = pageOf(query)
  const [totals, page] = (await ctx.db.batch([count, rows.limit(limit).offset(offset)])) as [
    { total: number }[],
    Row[],
  ]
  return pageResponse(query, totals, page.map(toItem))
}

/** `name LIKE %text% ESCAPE '\'` for each of `columns`, any of them matching. */
export function searchOf(text: string | undefined, ...columns: Column[]): SQL | undefined {
  if (!text) return undefined
  const pattern = likePattern(text)
  const matches = columns.map((column) => sql`${column} LIKE ${pattern} ESCAPE '\\'`)
  return matches.length === 1 ? matches[0] : sql`(${sql.join(matches, sql` OR `)})`
}

/** `%text%` for LIKE, with its wildcards escaped (ESCAPE '\'). */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

export const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null)
