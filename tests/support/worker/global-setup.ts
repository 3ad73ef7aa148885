import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { startLocalServer } from '../../../db/local-server.ts'
import { migrateDatabase } from '../../../db/migrate.ts'
import { startFocusNfeSandbox } from '../../../scripts/focus-nfe-sandbox/server.ts'
import { buildPdfWorker } from '../../../scripts/lib/pdf-worker.ts'
import { startPagarmeSandbox } from '../../../scripts/pagarme-sandbox/server.ts'
import { startContractCollector } from '../contract/collector.ts'
import { startOutsideWorld } from './outside-world.ts'

import './provided.ts'

// Worker tests run inside workerd and reach the outside world the way production does, over HTTP:
// the database is the local libSQL server on a fresh file, the payment provider the Pagar.me
// sandbox, each on a free port, passed on as DATABASE_URL and PAGARME_API_URL (and its webhook
// keys as PAGARME_WEBHOOK_JWKS_URL). The tests send the provider's webhooks themselves, signed by
// the sandbox (workerd here listens on no port the sandbox could call). The NFS-e provider is the
// Focus NFe stand-in (FOCUS_NFE_API_URL), deciding each note by the next read (tests/support/worker/
// focus-nfe.ts plays the national system and hands its gatilhos to the Worker).
// Fault injection is on for this database server only: the outage tests make it hang or refuse.
export default async function setup(project: TestProject) {
  const dir = await mkdtemp(join(tmpdir(), 'renalis-worker-tests-'))
  const server = await startLocalServer({
    file: join(dir, 'test.db'),
    port: 0,
    quiet: true,
    faultInjection: true,
  })
  await migrateDatabase(server.url)
  const outside = await startOutsideWorld(server)
  const pagarme = await startPagarmeSandbox({ quiet: true })
  const focusNfe = await startFocusNfeSandbox({ quiet: true, authorizeAfterMs: 0 })
  project.provide('databaseUrl', server.url)
  project.provide('outsideWorldUrl', outside.url)
  project.provide('pagarmeApiUrl', pagarme.apiUrl)
  project.provide('pagarmeJwksUrl', pagarme.jwksUrl)
  project.provide('focusNfeApiUrl', focusNfe.origin)
  // The PDF Worker beside the site's, as in production (its service binding, decision 025).
  project.provide('pdfWorkerDir', await buildPdfWorker())
  const collector = await startContractCollector(project.name)
  project.provide('contractCollectorUrl', collector.url)
  return async () => {
    await collector.close()
    await pagarme.close()
    await focusNfe.close()
    await outside.close()
    await server.close()
    await rm(dir, { recursive: true, force: true })
  }
}
