/**
 * The certificates' status lists (issue 39, decision 020): W3C Bitstring Status List v1.0
 * credentials, one per list number, signed like the credentials and served at
 * /api/certificados/situacao/{n}. Each is derived from the rows (revoked, suspended, replaced)
 * whenever it is built, so a list is right within its `ttl` whoever changed a row; a change made
 * here rebuilds the lists at once (`statusListsChanged`).
 */
import { and, count, eq, isNotNull, or, sql } from 'drizzle-orm'
import { base64url } from 'jose'
import { certificates } from '../../../db/schema.ts'
import { publicOrigin } from '../../config.ts'
import type { AppContext } from '../../context.ts'
import { certificateStatus } from '../../domain/certificates.ts'
import {
  STATUS_LIST_FILL,
  STATUS_LIST_TTL_SECONDS,
  statusBits,
  statusIndexOf,
  statusListCredential,
} from '../../domain/open-badge.ts'
import { dependencyFailure } from '../../errors.ts'
import { type CredentialSlot, signVerifiable, statusListUrl } from './credential.ts'

// ── Entries ──────────────────────────────────────────────────────────────────────────────────

/** Reads the list a new entry joins: the newest, until STATUS_LIST_FILL certificates hold one of it. */
export function currentStatusListQuery(ctx: AppContext) {
  return ctx.db.select({ entries: count() }).from(certificates).where(isNotNull(certificates.statusList))
}

export function statusListOfCount(rows: { entries: number }[]): number {
  return 1 + Math.floor((rows[0]?.entries ?? 0) / STATUS_LIST_FILL)
}

/** A new slot on list `statusList`: a pseudonymous subject and a random index (random: no order to read). */
export function newCredentialSlot(statusList: number, recipientId?: string | null): CredentialSlot {
  return {
    recipientId: recipientId ?? `urn:uuid:${crypto.randomUUID()}`,
    statusList,
    statusIndex: statusIndexOf(crypto.getRandomValues(new Uint32Array(1))[0]!),
  }
}

/** Whether a write failed because the random index was taken already (the unique index said so). */
export function isStatusEntryTaken(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if (cause.message.includes('certificates.status_list')) return true
  }
  return false
}

/** How many times a write draws another index before giving up (each draw collides ≤ 1 in 4). */
export const STATUS_INDEX_DRAWS = 12

// ── The lists ────────────────────────────────────────────────────────────────────────────────

/** The rows whose bits are not zero: those revoked, suspended or replaced (of one list, or all). */
function flaggedRows(ctx: AppContext, list?: number) {
  return ctx.db
    .select({
      list: certificates.statusList,
      index: certificates.statusIndex,
      revokedAt: certificates.revokedAt,
      suspendedAt: certificates.suspendedAt,
      replacedBy: certificates.replacedBy,
    })
    .from(certificates)
    .where(
      and(
        list === undefined ? isNotNull(certificates.statusList) : eq(certificates.statusList, list),
        isNotNull(certificates.statusIndex),
        or(
          isNotNull(certificates.revokedAt),
          isNotNull(certificates.suspendedAt),
          isNotNull(certificates.replacedBy),
        ),
      ),
    )
}
type FlaggedRow = Awaited<ReturnType<typeof flaggedRows>>[number]

async function gzip(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream('gzip'))
  return new Uint8Array(await new Response(stream).arrayBuffer())
}

/** Status list `list` signed now, from its flagged rows. */
async function buildList(ctx: AppContext, list: number, rows: FlaggedRow[]): Promise<CachedList> {
  const bits = statusBits(rows.map((row) => ({ index: row.index!, status: certificateStatus(row) })))
  const credential = statusListCredential({
    url: statusListUrl(ctx.env, list),
    issuer: publicOrigin(ctx.env),
    validFrom: ctx.now,
    // Multibase: 'u' is base64url without padding.
    encodedList: `u${base64url.encode(await gzip(bits))}`,
  })
  return { jwt: await signVerifiable(ctx.env, credential), builtAt: Date.parse(credential.validFrom) }
}

type CachedList = { jwt: string; builtAt: number }

/** A list's copy in this location's cache (the Cache API: no write limits, no cost per read). */
const cacheKey = (ctx: AppContext, list: number) =>
  new Request(`${publicOrigin(ctx.env)}/__certificates/status-list/v1/${list}`)

async function cached(ctx: AppContext, list: number): Promise<CachedList | null> {
  const hit = await caches.default.match(cacheKey(ctx, list)).catch(() => undefined)
  if (!hit) return null
  const builtAt = Number(hit.headers.get('x-built-at'))
  return { jwt: await hit.text(), builtAt }
}

/** How long a copy stays in the cache: fresh for its ttl, then served only while the database fails. */
const KEPT_SECONDS = 24 * 3600

function keep(ctx: AppContext, list: number, copy: CachedList): Promise<void> {
  const response = new Response(copy.jwt, {
    headers: {
      'Cache-Control': `max-age=${KEPT_SECONDS}`,
      'X-Built-At': String(copy.builtAt),
    },
  })
  return caches.default.put(cacheKey(ctx, list), response).catch(() => undefined)
}

/**
 * GET /api/certificados/situacao/{n}: the list's signed credential and its age in seconds, from
 * the cache while younger than its ttl, else built from the database and kept (an older copy when
 * the database fails: its `validFrom` and age say how old); null for a list no certificate is on.
 */
export async function statusList(
  ctx: AppContext,
  list: number,
): Promise<{ jwt: string; ageSeconds: number } | null> {
  const ageOf = (copy: CachedList) => Math.floor((ctx.now.getTime() - copy.builtAt) / 1000)
  const copy = await cached(ctx, list)
  // A copy valid only from later than now (another clock's) is built again too.
  if (copy && ageOf(copy) >= 0 && ageOf(copy) < STATUS_LIST_TTL_SECONDS) {
    return { jwt: copy.jwt, ageSeconds: ageOf(copy) }
  }
  let found: [{ id: number }[], FlaggedRow[]]
  try {
    found = await ctx.db.batch([
      ctx.db
        .select({ id: certificates.id })
        .from(certificates)
        .where(eq(certificates.statusList, list))
        .limit(1),
      flaggedRows(ctx, list),
    ])
  } catch (error) {
    if (copy && dependencyFailure(error)) return { jwt: copy.jwt, ageSeconds: Math.max(0, ageOf(copy)) }
    throw error
  }
  const [[exists], rows] = found
  if (!exists) return null
  const fresh = await buildList(ctx, list, rows)
  ctx.waitUntil(keep(ctx, list, fresh))
  return { jwt: fresh.jwt, ageSeconds: Math.max(0, ageOf(fresh)) }
}

/**
 * After a certificate's state changed (revoked, suspended, reinstated, replaced): every list is
 * built again and kept in this location's cache; elsewhere copies expire within their ttl. Never
 * throws: the change is made already, and the lists catch up within their ttl anyway.
 */
export async function statusListsChanged(ctx: AppContext): Promise<void> {
  try {
    const [lists, rows] = await ctx.db.batch([
      ctx.db
        .selectDistinct({ list: certificates.statusList })
        .from(certificates)
        .where(isNotNull(certificates.statusList)),
      flaggedRows(ctx),
    ])
    await Promise.all(
      lists.map(async ({ list }) => {
        const fresh = await buildList(
          ctx,
          list!,
          rows.filter((row) => row.list === list),
        )
        await keep(ctx, list!, fresh)
      }),
    )
  } catch (error) {
    console.error(
      JSON.stringify({
        level: 'error',
        requestId: ctx.requestId,
        kind: 'status_lists_refresh_failed',
        error: String(error),
      }),
    )
  }
}

/** The SQL guard of a write that takes an entry: nobody holds it yet (the unique index backs it). */
export const entryIsFree = (slot: CredentialSlot) =>
  sql`NOT EXISTS (SELECT 1 FROM certificates AS holder
    WHERE holder.status_list = ${slot.statusList} AND holder.status_index = ${slot.statusIndex})`
