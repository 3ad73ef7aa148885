import { createClient } from '@libsql/client/web'
import { drizzle } from 'drizzle-orm/libsql/web'
import * as schema from './schema.ts'

export type DbConfig = {
  url: string
  authToken?: string | undefined
  /** Lets the Worker count round trips per request (Server-Timing). */
  fetch?: typeof fetch
}

/** The HTTP client speaks to Turso in production and to db/local-server.ts locally. */
export function createDb(config: DbConfig) {
  const client = createClient({
    url: config.url,
    authToken: config.authToken,
    ...(config.fetch ? { fetch: config.fetch } : {}),
  })
  return drizzle(client, { schema })
}

export type Db = ReturnType<typeof createDb>
export { schema }
