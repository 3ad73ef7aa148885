import { sql } from 'drizzle-orm'
import type { AppContext } from '../../context.ts'
import { SearchResults } from '../../contract/catalog.ts'
import { normalizeSearch, SEARCH_RESULT_LIMIT, toFtsQuery } from '../../domain/search.ts'
import { readSnapshot } from '../catalog/snapshot.ts'
import { sha256Hex } from '../hash.ts'

/**
 * GET /search/all_product: courses, products, e-books and editais whose name or summary match
 * every typed term as a prefix, ignoring case and accents, best first (bm25, name weighted 10×).
 * One indexed FTS5 query when cold; results are cached per catalogue version and normalised text
 * (its SHA-256).
 */
export async function searchCatalog({ ctx, text }: { ctx: AppContext; text: string }) {
  const match = toFtsQuery(text)
  if (!match) return { value: [], hit: true }
  // Keyed by a hash of the normalised terms: any text a visitor types fits KV's 512-byte keys
  // (100 Hangul syllables are 300 bytes before the prefix and version).
  const key = await sha256Hex(normalizeSearch(text))
  return readSnapshot(ctx, `search:${key}`, SearchResults, async () => {
    const rows = await ctx.db.all<{ name: string; url: string }>(sql`
      SELECT name, url FROM search_index
      WHERE search_index MATCH ${match}
      ORDER BY bm25(search_index, 10.0, 1.0), length(name)
      LIMIT ${SEARCH_RESULT_LIMIT}`)
    return rows.map((row) => ({ name: row.name, url: row.url }))
  })
}
