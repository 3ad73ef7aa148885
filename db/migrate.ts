import { fileURLToPath } from 'node:url'
import { createClient } from '@libsql/client'
import { drizzle } from 'drizzle-orm/libsql'
import { migrate } from 'drizzle-orm/libsql/migrator'

const MIGRATIONS = fileURLToPath(new URL('../migrations', import.meta.url))

/** Applies migrations/ to the database at `url` (Turso or the local server); a no-op when current. */
export async function migrateDatabase(url: string, authToken?: string): Promise<void> {
  const client = createClient({ url, authToken })
  try {
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS })
  } finally {
    client.close()
  }
}

if (import.meta.main) {
  const url = process.env.DATABASE_URL ?? 'http://127.0.0.1:8080'
  await migrateDatabase(url, process.env.DATABASE_AUTH_TOKEN)
  console.log(`Migrações aplicadas em ${url}`)
}
