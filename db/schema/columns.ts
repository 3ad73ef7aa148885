import { sql } from 'drizzle-orm'
import { type AnySQLiteColumn, integer } from 'drizzle-orm/sqlite-core'

// The columns most tables share.

export const createdAt = () =>
  integer('created_at', { mode: 'timestamp_ms' }).notNull().default(sql`(unixepoch('subsec') * 1000)`)
export const updatedAt = () =>
  integer('updated_at', { mode: 'timestamp_ms' }).notNull().default(sql`(unixepoch('subsec') * 1000)`)
/**
 * What an admin form read: an edit sends it back and is refused (409) when someone saved first.
 * Admin writes set it to `version + 1` only when it still holds the value read (services/admin).
 */
export const version = () => integer('version').notNull().default(1)
/** An integer key the database numbers. */
export const serial = () => integer('id').primaryKey({ autoIncrement: true })
/** A required reference to a row this one belongs to: deleting that row deletes this one. */
export const partOf = (name: string, target: () => AnySQLiteColumn) =>
  integer(name).notNull().references(target, { onDelete: 'cascade' })
/** When a row was made and last changed. */
export const stamped = () => ({ createdAt: createdAt(), updatedAt: updatedAt() })
/** An admin-edited row's version and stamps. */
export const edited = () => ({ version: version(), ...stamped() })
/**
 * States written into DDL (a view's or a partial index's `IN (…)`), from the domain's list: the
 * schema and the code read one list, and a change to it makes drizzle-kit generate a migration.
 */
export const statesIn = (states: readonly string[]) =>
  sql.raw(`(${states.map((state) => `'${state}'`).join(', ')})`)
