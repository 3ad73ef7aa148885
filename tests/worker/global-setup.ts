import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { startLocalServer } from '../../db/local-server.ts'
import { migrateDatabase } from '../../db/migrate.ts'
import { startPagarmeSandbox } from '../../scripts/pagarme-sandbox/server.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string
    pagarmeApiUrl: string
  }
}

// Worker tests run inside workerd and reach the outside world the way production does, over HTTP:
// the database is the local libSQL server on a fresh file, the payment provider the Pagar.me
// sandbox, each on a free port, passed on as DATABASE_URL and PAGARME_API_URL. The tests send the
// provider's webhooks themselves (workerd here listens on no port the sandbox could call).
export default async function setup(project: TestProject) {
  const dir = await mkdtemp(join(tmpdir(), 'renalis-worker-tests-'))
  const server = await startLocalServer({ file: join(dir, 'test.db'), port: 0, quiet: true })
  await migrateDatabase(server.url)
  const pagarme = await startPagarmeSandbox({ quiet: true })
  project.provide('databaseUrl', server.url)
  project.provide('pagarmeApiUrl', pagarme.apiUrl)
  return async () => {
    await pagarme.close()
    await server.close()
    await rm(dir, { recursive: true, force: true })
  }
}
