import { and, asc, count, desc, eq, sql } from 'drizzle-orm'
import { qrLinkClicks, qrLinks } from '../../../db/schema.ts'
import { publicOrigin } from '../../config.ts'
import type { AppContext } from '../../context.ts'
import { PERIOD_ORDER_MESSAGE } from '../../contract/admin.ts'
import {
  type AdminShortLink,
  type AdminShortLinkPage,
  type ClicksQuery,
  SHORT_LINK_MESSAGES,
  type ShortLinkClicks,
  type ShortLinkInput,
  type ShortLinksQuery,
  type ShortLinkUpdateInput,
} from '../../contract/admin-links.ts'
import { changedFields } from '../../domain/audit.ts'
import { addDays, bucketsOf, daysBetween, MAX_PERIOD_DAYS } from '../../domain/dashboard.ts'
import { slugify } from '../../domain/patterns.ts'
import {
  checkTarget,
  SHORT_CODE_MAX,
  SHORT_CODE_MIN,
  SHORT_CODE_PATTERN,
  SHORT_LINK_PREFIX,
} from '../../domain/short-links.ts'
import { curitibaDay } from '../../domain/time-zone.ts'
import { invalidField, notFound } from '../../errors.ts'
import {
  type AdminEdit,
  type AdminRead,
  type AdminWrite,
  auditedInsert,
  listPage,
  nextVersion,
  rowOr404,
  searchOf,
  takenAs,
  versionedUpdate,
} from '../admin/internal.ts'

type LinkRow = typeof qrLinks.$inferSelect

function counterOf(ctx: AppContext, code: string) {
  return ctx.env.LINK_CLICKS.get(ctx.env.LINK_CLICKS.idFromName(code))
}

/**
 * GET /l/{code}: the link's Durable Object answers where it goes and counts the click (no
 * database write per click; the link is read from the database once a minute at most). A
 * disabled or unknown link is a 404.
 */
export async function followShortLink({ ctx, code }: { ctx: AppContext; code: string }): Promise<string> {
  const normalized = code.toLowerCase()
  const valid =
    normalized.length >= SHORT_CODE_MIN &&
    normalized.length <= SHORT_CODE_MAX &&
    SHORT_CODE_PATTERN.test(normalized)
  if (!valid) throw notFound(SHORT_LINK_MESSAGES.notFound)
  const target = await counterOf(ctx, normalized).follow(normalized, curitibaDay(ctx.now))
  if (target === null) throw notFound(SHORT_LINK_MESSAGES.notFound)
  // Checked again as a save checks it: a link saved before the rules it breaks (a `//host`
  // target, a host no longer on the list) sends no one away.
  if (!checkTarget(target, publicOrigin(ctx.env)).ok) throw notFound(SHORT_LINK_MESSAGES.notFound)
  return target
}

/** Tells the link's counter about an edit at once (else it rereads the link within a minute). */
async function tellCounter(ctx: AppContext, row: LinkRow) {
  try {
    await counterOf(ctx, row.slug).configure({ id: row.id, target: row.targetUrl, enabled: row.isEnabled })
  } catch (error) {
    console.warn(
      JSON.stringify({ level: 'warn', kind: 'link_counter_not_told', link: row.id, error: String(error) }),
    )
  }
}

function toAdminLink(ctx: AppContext, row: LinkRow): AdminShortLink {
  return {
    id: row.id,
    code: row.slug,
    title: row.title,
    target_url: row.targetUrl,
    short_url: `${publicOrigin(ctx.env)}${SHORT_LINK_PREFIX}${row.slug}`,
    clicks: row.clicks,
    is_enabled: row.isEnabled,
    created_at: row.createdAt.toISOString(),
    version: row.version,
  }
}

export async function listShortLinks({
  ctx,
  query,
}: AdminRead<typeof ShortLinksQuery>): Promise<AdminShortLinkPage> {
  const where = searchOf(query.q, qrLinks.title, qrLinks.slug)
  const { db } = ctx
  return listPage(ctx, query, {
    count: db.select({ total: count() }).from(qrLinks).where(where),
    rows: db.select().from(qrLinks).where(where).orderBy(desc(qrLinks.createdAt), desc(qrLinks.id)),
    toItem: (row) => toAdminLink(ctx, row),
  })
}

function target(ctx: AppContext, raw: string): string {
  const checked = checkTarget(raw, publicOrigin(ctx.env))
  if (!checked.ok) throw invalidField('target_url', checked.message)
  return checked.value
}

const codeTaken = takenAs('qr_links.slug', 'code', SHORT_LINK_MESSAGES.codeTaken)

/** POST /api/admin/qrcodes: a new short link (its code made from the title when not given). */
export async function createShortLink({
  ctx,
  actor,
  input,
}: AdminWrite<typeof ShortLinkInput>): Promise<AdminShortLink> {
  const targetUrl = target(ctx, input.target_url)
  let code = input.code ?? slugify(input.title, SHORT_CODE_MAX)
  if (code.length < SHORT_CODE_MIN) code = `${code}-${crypto.randomUUID().slice(0, 6)}`.replace(/^-/, '')
  if (!input.code) {
    // A code made from the title takes a suffix when taken (an explicit code answers 422 instead).
    const [taken] = await ctx.db.select({ id: qrLinks.id }).from(qrLinks).where(eq(qrLinks.slug, code))
    if (taken) code = `${code.slice(0, 50)}-${crypto.randomUUID().slice(0, 6)}`
  }
  const inserted = await auditedInsert(ctx, actor, {
    insert: ctx.db
      .insert(qrLinks)
      .values({ slug: code, title: input.title, targetUrl, createdAt: ctx.now })
      .returning(),
    entity: 'short_link',
    after: { code, title: input.title, target_url: targetUrl },
  }).catch(codeTaken)
  await tellCounter(ctx, inserted[0]!)
  return toAdminLink(ctx, inserted[0]!)
}

/** PUT /api/admin/qrcodes/{id}: title, destination, enabled or not; the code never changes. */
export async function updateShortLink({
  ctx,
  actor,
  id,
  input,
}: AdminEdit<typeof ShortLinkUpdateInput>): Promise<AdminShortLink> {
  const before = await rowOr404(ctx, qrLinks, id, SHORT_LINK_MESSAGES.notFound)
  const targetUrl = target(ctx, input.target_url)
  const after = { title: input.title, target_url: targetUrl, is_enabled: input.is_enabled }
  const updated = await versionedUpdate(ctx, actor, {
    update: ctx.db
      .update(qrLinks)
      .set({
        title: input.title,
        targetUrl,
        isEnabled: input.is_enabled,
        version: nextVersion(qrLinks.version, input.version),
      })
      .where(eq(qrLinks.id, id))
      .returning(),
    audit: {
      entity: 'short_link',
      id,
      data: changedFields(
        { title: before.title, target_url: before.targetUrl, is_enabled: before.isEnabled },
        after,
      ),
    },
  })
  if (!updated[0]) throw notFound(SHORT_LINK_MESSAGES.notFound)
  await tellCounter(ctx, updated[0])
  return toAdminLink(ctx, updated[0])
}

/**
 * GET /api/admin/qrcodes/{id}/cliques: clicks per day. The link's counter first writes what it
 * holds, so the figures include the clicks of the last minute.
 */
export async function shortLinkClicks({
  ctx,
  id,
  query,
}: AdminRead<typeof ClicksQuery> & { id: number }): Promise<ShortLinkClicks> {
  const to = query.to ?? curitibaDay(ctx.now)
  const from = query.from ?? addDays(to, -29)
  if (to < from) throw invalidField('to', PERIOD_ORDER_MESSAGE)
  if (daysBetween(from, to) > MAX_PERIOD_DAYS) {
    throw invalidField('to', `O período pode ter no máximo ${MAX_PERIOD_DAYS} dias.`)
  }
  const [link] = await ctx.db.select({ slug: qrLinks.slug }).from(qrLinks).where(eq(qrLinks.id, id))
  if (!link) throw notFound(SHORT_LINK_MESSAGES.notFound)
  await counterOf(ctx, link.slug).flush()
  const { db } = ctx
  const [totals, rows] = await db.batch([
    db.select({ clicks: qrLinks.clicks }).from(qrLinks).where(eq(qrLinks.id, id)),
    db
      .select()
      .from(qrLinkClicks)
      .where(and(eq(qrLinkClicks.linkId, id), sql`${qrLinkClicks.day} BETWEEN ${from} AND ${to}`))
      .orderBy(asc(qrLinkClicks.day)),
  ])
  const byDay = new Map(rows.map((row) => [row.day, row.clicks]))
  return {
    link_id: id,
    total: totals[0]?.clicks ?? 0,
    from,
    to,
    days: bucketsOf(from, to, 'day').map((day) => ({ day, clicks: byDay.get(day) ?? 0 })),
  }
}
