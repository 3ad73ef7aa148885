import { and, type Column, desc, type SQL, sql } from 'drizzle-orm'
import type { AppContext } from '../../context.ts'
import { PERIOD_ORDER_MESSAGE } from '../../contract/admin.ts'
import { toCsv } from '../../domain/csv.ts'
import { curitibaDay, curitibaDayEndMs, curitibaDayStartMs } from '../../domain/time-zone.ts'
import { invalidField } from '../../errors.ts'
import { type Actor, auditStatement, likePattern, listPage, type Query } from './internal.ts'

/** The most rows one CSV export holds. */
export const EXPORT_MAX_ROWS = 20_000

/** What every admin list filters by: a period of Curitiba days (from ≤ to) and a search text. */
type Filters = { from?: string; to?: string; q?: string }
type PageQuery = { page: number; per_page: number }

/** A CSV column: its header and its cell for one item. */
export type CsvColumn<Item> = readonly [header: string, cell: (item: Item) => string | number | null]

/**
 * An admin list described once: its rows newest first, filtered by a period and a search and by
 * its own conditions, in pages (the list) or whole (the CSV export, recorded in the audit log).
 */
export type ListingDescription<F extends Filters, Row, Item> = {
  /** When a row was created: the period filters by it, and the newest come first (then by `id`). */
  createdAt: Column
  id: Column
  /** The rows (their joins included) and how many there are, both with `where`. */
  select: (ctx: AppContext) => { where: (where: SQL | undefined) => DynamicSelect<Row> }
  count: (ctx: AppContext) => { where: (where: SQL | undefined) => Query<{ total: number }[]> }
  /** The list's own conditions. */
  conditions: (filters: F) => (SQL | undefined | false)[]
  /** The search as SQL, from the LIKE pattern of the text and the text itself. */
  search: (pattern: string, text: string) => SQL
  toItem: (row: Row) => Item
  csv: { entity: string; filename: string; columns: readonly CsvColumn<Item>[] }
}

type DynamicSelect<Row> = {
  orderBy: (...order: SQL[]) => {
    limit: (limit: number) => Query<Row[]> & { offset: (offset: number) => Query<Row[]> }
  }
}

export function listing<F extends Filters, Row, Item>(d: ListingDescription<F, Row, Item>) {
  const whereOf = (filters: F): SQL | undefined => {
    if (filters.from && filters.to && filters.to < filters.from)
      throw invalidField('to', PERIOD_ORDER_MESSAGE)
    const conditions = [
      filters.from ? sql`${d.createdAt} >= ${curitibaDayStartMs(filters.from)}` : undefined,
      filters.to ? sql`${d.createdAt} < ${curitibaDayEndMs(filters.to)}` : undefined,
      ...d.conditions(filters),
      filters.q ? d.search(likePattern(filters.q), filters.q) : undefined,
    ].filter((condition): condition is SQL => Boolean(condition))
    return conditions.length ? and(...conditions) : undefined
  }
  const newestFirst = (ctx: AppContext, where: SQL | undefined) =>
    d.select(ctx).where(where).orderBy(desc(d.createdAt), desc(d.id))

  /** One page of the filter's items, and how many there are in all. */
  async function list({ ctx, query }: { ctx: AppContext; query: F & PageQuery }) {
    const where = whereOf(query)
    return listPage(ctx, query, {
      count: d.count(ctx).where(where),
      rows: newestFirst(ctx, where),
      toItem: d.toItem,
    })
  }

  /** The filter's items as CSV (UTF-8 with BOM, ';'); exporting personal data is audited. */
  async function exportCsv({ ctx, actor, filters }: { ctx: AppContext; actor: Actor; filters: F }) {
    const rows = await newestFirst(ctx, whereOf(filters)).limit(EXPORT_MAX_ROWS)
    const lines = rows.map(d.toItem).map((item) => d.csv.columns.map(([, cell]) => cell(item)))
    await ctx.db.run(
      auditStatement(ctx, actor, {
        action: `${d.csv.entity}.export`,
        entity: d.csv.entity,
        entityId: null,
        data: { filters, rows: lines.length },
      }),
    )
    return {
      filename: `${d.csv.filename}-${curitibaDay(ctx.now)}.csv`,
      csv: toCsv(
        d.csv.columns.map(([header]) => header),
        lines,
      ),
      rows: lines.length,
    }
  }

  return { list, exportCsv }
}
