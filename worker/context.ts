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
  /**
   * The client's IP as Cloudflare sets it (`CF-Connecting-IP`, which a client cannot forge in
   * production). Locally wrangler sets it from the socket unless the request already has one.
   */
  clientIp: string
  dbStats: { roundTrips: number; ms: number }
  /** Work that may finish after the response (cache fills, e-mail). */
  waitUntil: (promise: Promise<unknown>) => void
}

export type AppBindings = { Bindings: Env; Variables: { ctx: AppContext } }

/** Builds the per-request context and reports database round trips in Server-Timing. */
export const contextMiddleware = createMiddleware<AppBindings>(async (c, next) => {
  const env = c.env
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
  const ctx: AppContext = {
    env,
    get db() {
      db ??= createDb({ url: env.DATABASE_URL, authToken: env.DATABASE_AUTH_TOKEN, fetch: countingFetch })
      return db
    },
    now: new Date(),
    requestId: c.req.header('cf-ray') ?? crypto.randomUUID(),
    clientIp: c.req.header('cf-connecting-ip') ?? 'sem-ip',
    dbStats,
    waitUntil: (promise) => {
      try {
        c.executionCtx.waitUntil(promise)
      } catch {
        // app.request() in tests has no execution context: let the promise run on its own.
        promise.catch(() => {})
      }
    },
  }
  c.set('ctx', ctx)
  await next()
  c.header('Server-Timing', `db;desc="${dbStats.roundTrips} round trips";dur=${dbStats.ms}`, { append: true })
})
