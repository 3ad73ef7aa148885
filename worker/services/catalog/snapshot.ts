import type { z } from 'zod'
import type { AppContext } from '../../context.ts'
import type { Env } from '../../env.ts'

// Catalogue reads are served from versioned KV snapshots (DESIGN 12): the database is the
// source of truth, not the hot path. A change bumps the version; old snapshots simply expire.
const VERSION_KEY = 'catalog:v1:version'
const SNAPSHOT_TTL_SECONDS = 7 * 24 * 3600
// Edge-cached read of the version: an invalidation is seen within this many seconds everywhere.
const VERSION_CACHE_TTL_SECONDS = 30

export type SnapshotResult<T> = { value: T; hit: boolean }

/** The catalogue's current version: whatever is derived from the catalogue is keyed to it. */
export async function catalogVersion(env: Pick<Env, 'CATALOG'>): Promise<string> {
  return (await env.CATALOG.get(VERSION_KEY, { cacheTtl: VERSION_CACHE_TTL_SECONDS })) ?? '0'
}

export async function readSnapshot<T>(
  ctx: AppContext,
  name: string,
  schema: z.ZodType<T>,
  load: () => Promise<T>,
): Promise<SnapshotResult<T>> {
  const kv = ctx.env.CATALOG
  const version = await catalogVersion(ctx.env)
  const key = `catalog:v1:${name}:${version}`
  // Stored wrapped, so that a cached "not found" (null) differs from an absent key. A cache that
  // fails (KV refusing a key, an outage) is a miss: the answer comes from the database.
  const stored = await kv.get<{ value: unknown }>(key, 'json').catch(() => null)
  const cached = stored ? schema.safeParse(stored.value) : undefined
  if (cached?.success) return { value: cached.data, hit: true }

  const value = await load()
  ctx.waitUntil(
    kv.put(key, JSON.stringify({ value }), { expirationTtl: SNAPSHOT_TTL_SECONDS }).catch(() => undefined),
  )
  return { value, hit: false }
}

/** Called by every service that changes catalogue data, after the change is committed. */
export async function invalidateCatalog(ctx: AppContext): Promise<void> {
  await ctx.env.CATALOG.put(VERSION_KEY, `${ctx.now.getTime()}-${crypto.randomUUID().slice(0, 8)}`)
}
