import { eq, sql } from 'drizzle-orm'
import type { Db } from '../../../db/client.ts'
import { qrLinks } from '../../../db/schema.ts'
import type { ShortLinkConfig } from '../../domain/short-links.ts'
import { causeMessages } from '../constraints.ts'

/**
 * What the counter's calls need of a request's context (its Durable Object builds one): only the
 * database and the clock, so this module does not depend on the app's context and its bindings.
 */
type ClicksContext = { db: Db; now: Date }

/** The link behind a code (read by its counter, once a minute at most). */
export async function loadShortLink(ctx: ClicksContext, code: string): Promise<ShortLinkConfig | null> {
  const [row] = await ctx.db
    .select({ id: qrLinks.id, target: qrLinks.targetUrl, enabled: qrLinks.isEnabled })
    .from(qrLinks)
    .where(eq(qrLinks.slug, code))
  return row ?? null
}

/** What a link's counter sends at once: clicks per day (Curitiba), under a random flush id. */
export type ClickFlush = { id: string; linkId: number; days: Record<string, number> }

/** Flush ids are kept this long: far beyond any retry of a flush whose answer was lost. */
const FLUSH_ID_TTL_MS = 7 * 86_400_000

/**
 * Adds a counter's clicks to the database in one batch, keyed by the flush id: sent again after
 * its answer was lost, the flush fails on that key and adds nothing (answers 'already'). A link
 * that no longer exists drops its clicks ('gone').
 */
export async function recordClickFlush(
  ctx: ClicksContext,
  flush: ClickFlush,
): Promise<'applied' | 'already' | 'gone'> {
  const days = Object.entries(flush.days).filter(([, clicks]) => clicks > 0)
  const total = days.reduce((sum, [, clicks]) => sum + clicks, 0)
  const { db } = ctx
  try {
    await db.batch([
      db.run(
        sql`INSERT INTO qr_click_flushes (id, link_id, created_at) VALUES (${flush.id}, ${flush.linkId}, ${ctx.now.getTime()})`,
      ),
      db.run(sql`UPDATE qr_links SET clicks = clicks + ${total} WHERE id = ${flush.linkId}`),
      ...days.map(([day, clicks]) =>
        db.run(sql`INSERT INTO qr_link_clicks (link_id, day, clicks) VALUES (${flush.linkId}, ${day}, ${clicks})
          ON CONFLICT (link_id, day) DO UPDATE SET clicks = clicks + excluded.clicks`),
      ),
      db.run(sql`DELETE FROM qr_click_flushes WHERE created_at < ${ctx.now.getTime() - FLUSH_ID_TTL_MS}`),
    ])
    return 'applied'
  } catch (error) {
    const text = causeMessages(error)
    if (/UNIQUE constraint failed: qr_click_flushes\.id/.test(text)) return 'already'
    if (/FOREIGN KEY constraint failed/.test(text)) return 'gone'
    throw error
  }
}
