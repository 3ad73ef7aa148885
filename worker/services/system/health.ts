import { sql } from 'drizzle-orm'
import { withDeadline } from '../../adapters/deadline.ts'
import { RESEND_API_URL } from '../../adapters/email.ts'
import type { AppContext } from '../../context.ts'
import type { Dependency } from '../../errors.ts'

/** One check's outcome: its state and how long it took; never an address, a message or a key. */
export type DependencyHealth = {
  state: 'ok' | 'down' | 'not_configured' | 'local'
  latency_ms: number | null
}

/** Each check waits this long at most, all at once: the answer comes within it, whatever hangs. */
export const HEALTH_CHECK_MS = 1_500

// Issue 15 makes the Pagar.me address configuration (PAGARME_API_URL); the probe will follow it.
const PAGARME_API_URL = 'https://api.pagar.me/core/v5'

async function timed(dependency: Dependency, work: () => Promise<unknown>): Promise<DependencyHealth> {
  const started = Date.now()
  try {
    await withDeadline(dependency, HEALTH_CHECK_MS, work)
    return { state: 'ok', latency_ms: Date.now() - started }
  } catch {
    return { state: 'down', latency_ms: Date.now() - started }
  }
}

/** An outside API is reachable when it answers at all below 500 (no credentials are sent). */
async function reachable(url: string) {
  const response = await fetch(url, { method: 'GET', signal: AbortSignal.timeout(HEALTH_CHECK_MS) })
  await response.body?.cancel()
  if (response.status >= 500) throw new Error(`HTTP ${response.status}`)
}

/** GET /api/health: every dependency's state and latency, for an uptime monitor. */
export async function checkHealth({ ctx }: { ctx: AppContext }) {
  const { env } = ctx
  const [database, cache, email, payments] = await Promise.all([
    timed('database', () => ctx.db.run(sql`select 1`)),
    // The edge cache that serves the catalogue while the database is away (KV).
    timed('database', () => env.CATALOG.get('catalog:v1:version')),
    env.EMAIL_API_KEY && env.EMAIL_FROM
      ? timed('email', () => reachable(env.EMAIL_API_URL ?? RESEND_API_URL))
      : Promise.resolve<DependencyHealth>({ state: 'not_configured', latency_ms: null }),
    env.PAYMENT_GATEWAY === 'pagarme'
      ? timed('payments', () => reachable(PAGARME_API_URL))
      : Promise.resolve<DependencyHealth>({ state: 'local', latency_ms: null }),
  ])
  const dependencies = { database, cache, email, payments }
  const ok = Object.values(dependencies).every((check) => check.state !== 'down')
  return { ok, dependencies }
}
