import { type Column, is, SQL, sql } from 'drizzle-orm'
import type { AppContext } from '../../context.ts'
import { STALE_EDIT_MESSAGE } from '../../contract/admin.ts'
import { conflict } from '../../errors.ts'
import { constraintFailed } from '../constraints.ts'

// What every admin verb shares: the audit line written in the batch of the write, the version
// check of an edit, and the constraint failures that are answers rather than errors.

/** Who acts: the administrator of the request. */
export type Actor = { id: number }

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

/** The version check of `nextVersion` failed: someone saved first. */
export const isStale = (error: unknown) => constraintFailed(error, /NOT NULL constraint failed: \w+\.version/)

/** A unique index (by name or `table.column`) refused the write. */
export const isUniqueViolation = (error: unknown, target: string) =>
  constraintFailed(error, new RegExp(`UNIQUE constraint failed: .*${target.replace('.', '\\.')}`))

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

export function pageOf(query: { page: number; per_page: number }) {
  return { limit: query.per_page, offset: (query.page - 1) * query.per_page }
}

/** `%text%` for LIKE, with its wildcards escaped (ESCAPE '\'). */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

export const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null)
