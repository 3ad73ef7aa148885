import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startLocalServer } from '../../db/local-server.ts'
import { migrateDatabase } from '../../db/migrate.ts'

// Worker tests run inside workerd and reach the database the way production does: over HTTP,
// here to the local libSQL server on a fresh file. vitest.config.ts passes its URL as DATABASE_URL.
export default async function setup() {
  const dir = await mkdtemp(join(tmpdir(), 'renalis-worker-tests-'))
  const port = Number(new URL(process.env.TEST_DATABASE_URL ?? 'http://127.0.0.1:8081').port)
  const server = await startLocalServer({ file: join(dir, 'test.db'), port, quiet: true })
  await migrateDatabase(server.url)
  return async () => {
    await server.close()
    await rm(dir, { recursive: true, force: true })
  }
}
