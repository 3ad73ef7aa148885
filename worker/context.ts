import { createMiddleware } from 'hono/factory'
import { createDb, type Db } from '../db/client.ts'
import type { Env } from './env.ts'

/** What services receive: no HTTP, only what a verb needs to load and persist. */
export type AppContext = {
  env: Env
  /** Created on first use, so routes that never touch the database pay nothing. */
  readonly db: Db
  now: Date
  requestId: string
  dbStats: { roundTrips: number; ms: number }
  /** Work that may finish after the response (cache fills, e-mail). */
  waitUntil: (promise: Promise<unknown>) => void
}

export type AppBindings = { Bindings: Env; Variables: { ctx: AppContext } }

/** A context for a request or a scheduled job: the database client is created on first use. */
export function createAppContext(
  env: Env,
  options: { requestId: string; waitUntil: AppContext['waitUntil']; now?: Date },
): AppContext {
  const dbStats = { roundTrips: 0, ms: 0 }
  let db: Db | undefined
  const countingFetch: typeof fetch = async (input, init) => {
    dbStats.roundTrips += 1
    const started = Date.now()
    try {
      return await fetch(input, init)
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
    now: options.now ?? new Date(),
    requestId: options.requestId,
    dbStats,
    waitUntil: options.waitUntil,
  }
}

/** Builds the per-request context and reports database round trips in Server-Timing. */
export const contextMiddleware = createMiddleware<AppBindings>(async (c, next) => {
  const ctx = createAppContext(c.env, {
    requestId: c.req.header('cf-ray') ?? crypto.randomUUID(),
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
  const { dbStats } = ctx
  c.header('Server-Timing', `db;desc="${dbStats.roundTrips} round trips";dur=${dbStats.ms}`, { append: true })
})
