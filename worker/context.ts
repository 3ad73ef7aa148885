import { createMiddleware } from 'hono/factory'
import { createDb, type Db } from '../db/client.ts'
import { deadlineOf, fetchWithDeadline } from './adapters/deadline.ts'
import type { Env } from './env.ts'

/** What services receive: no HTTP, only what a verb needs to load and persist. */
export type AppContext = {
  env: Env
  /** Created on first use, so routes that never touch the database pay nothing. */
  readonly db: Db
  now: Date
  requestId: string
  /**
   * The client's IP as Cloudflare sets it (`CF-Connecting-IP`, which a client cannot forge in
   * production). Locally wrangler sets it from the socket unless the request already has one.
   * The raw address, for audit logs; limits count per `addressKey(clientIp)` (domain/address.ts),
   * which makes an IPv6 client's whole /64 one client.
   */
  clientIp: string
  dbStats: { roundTrips: number; ms: number }
  /** Work that may finish after the response (cache fills, e-mail). */
  waitUntil: (promise: Promise<unknown>) => void
}

/**
 * The arguments of a signed-in person's service call: the request's context, whose account it is
 * (the session's user), and what else the call names (`More`: a course's URL, a lesson, a file).
 */
export type UserCall<More extends object = object> = { ctx: AppContext; userId: number } & More

export type AppBindings = { Bindings: Env; Variables: { ctx: AppContext } }

/** A context for one unit of work: a request, or a run of a scheduled job. */
export function createAppContext(
  env: Env,
  options: { now: Date; requestId: string; clientIp: string; waitUntil: AppContext['waitUntil'] },
): AppContext {
  const dbStats = { roundTrips: 0, ms: 0 }
  let db: Db | undefined
  const countingFetch: typeof fetch = async (input, init) => {
    dbStats.roundTrips += 1
    const started = Date.now()
    try {
      return await databaseFetch(env, input, init)
    } finally {
      dbStats.ms += Date.now() - started
    }
  }
  return {
    env,
    get db() {
      db ??= createDb({ url: env.DATABASE_URL, authToken: env.DATABASE_AUTH_TOKEN, fetch: countingFetch })
      return db
    },
    now: options.now,
    requestId: options.requestId,
    clientIp: options.clientIp,
    dbStats,
    waitUntil: options.waitUntil,
  }
}

/** Builds the per-request context and reports database round trips in Server-Timing. */
export const contextMiddleware = createMiddleware<AppBindings>(async (c, next) => {
  const ctx = createAppContext(c.env, {
    now: new Date(),
    requestId: c.req.header('cf-ray') ?? crypto.randomUUID(),
    clientIp: c.req.header('cf-connecting-ip') ?? 'sem-ip',
    waitUntil: (promise) => {
      try {
        c.executionCtx.waitUntil(promise)
      } catch {
        // app.request() in tests has no execution context: let the promise run on its own.
        promise.catch(() => {})
      }
    },
  })
  c.set('ctx', ctx)
  await next()
  const { roundTrips, ms } = ctx.dbStats
  c.header('Server-Timing', `db;desc="${roundTrips} round trips";dur=${ms}`, { append: true })
})

/**
 * Every database round trip (one Hrana pipeline request) under the database's deadline. A
 * read-only pipeline that could not connect is sent once more; a write never is, because its
 * answer may be lost after it committed (the caller's 503 says so: send the request again).
 */
export async function databaseFetch(
  env: Pick<Env, 'DEADLINES_MS'>,
  input: RequestInfo | URL,
  init?: RequestInit,
): Promise<Response> {
  const request = new Request(input, init)
  const body = request.method === 'GET' || request.method === 'HEAD' ? null : await request.text()
  return fetchWithDeadline(
    'database',
    request.url,
    { method: request.method, headers: request.headers, body },
    {
      timeoutMs: deadlineOf(env, 'database'),
      retry: body !== null && isReadOnlyPipeline(body) ? 'idempotent' : 'never',
    },
  )
}

const READ_ONLY_SQL = /^\s*(select|begin(\s+deferred)?|commit|end|rollback)\b/i

/** A pipeline on a new stream whose statements only read. */
export function isReadOnlyPipeline(body: string): boolean {
  let pipeline: { baton?: unknown; requests?: unknown }
  try {
    pipeline = JSON.parse(body) as typeof pipeline
  } catch {
    return false
  }
  if (pipeline.baton != null || !Array.isArray(pipeline.requests)) return false
  return pipeline.requests.every((request: unknown) => {
    const r = request as { type?: string; stmt?: { sql?: unknown }; batch?: { steps?: unknown } }
    if (r.type === 'close' || r.type === 'get_autocommit') return true
    const statements =
      r.type === 'execute'
        ? [r.stmt]
        : r.type === 'batch' && Array.isArray(r.batch?.steps)
          ? (r.batch.steps as Array<{ stmt?: { sql?: unknown } }>).map((step) => step.stmt)
          : null
    return statements?.every((stmt) => typeof stmt?.sql === 'string' && READ_ONLY_SQL.test(stmt.sql)) ?? false
  })
}
