import type { AppContext } from '../../context.ts'

// A copy this location's isolates share through the Cache API for a few seconds (the conference
// clock, a talk's board): one isolate asks the Durable Object, the others read what it kept.

type Stamped = { fetchedAt: number }

/** The copy kept at `key` while it is younger than `ttlMs` (by its `fetchedAt`); null otherwise. */
export async function freshSharedCopy<T extends Stamped>(key: Request, ttlMs: number): Promise<T | null> {
  const hit = await caches.default.match(key)
  if (!hit) return null
  const shared = (await hit.json()) as T
  return Date.now() - shared.fetchedAt < ttlMs ? shared : null
}

/** Keeps `value` at `key` for the others, `ttlMs` long (written in the background). */
export function shareCopy(ctx: AppContext, key: Request, value: Stamped, ttlMs: number): void {
  ctx.waitUntil(
    caches.default.put(
      key,
      new Response(JSON.stringify(value), {
        headers: {
          'Content-Type': 'application/json',
          'Cache-Control': `max-age=${Math.ceil(ttlMs / 1000)}`,
        },
      }),
    ),
  )
}
