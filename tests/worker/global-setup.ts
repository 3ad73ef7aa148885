import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { startLocalServer } from '../../db/local-server.ts'
import { migrateDatabase } from '../../db/migrate.ts'
import { startContractCollector } from '../contract/collector.ts'
import { startOutsideWorld } from './outside-world.ts'

import './provided.ts'

// Worker tests run inside workerd and reach the database the way production does: over HTTP,
// here to the local libSQL server on a fresh file and a free port, passed on as DATABASE_URL.
// Fault injection is on for this server only: the outage tests make it hang or refuse.
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
  project.provide('databaseUrl', server.url)
  project.provide('outsideWorldUrl', outside.url)
  const collector = await startContractCollector('worker')
  project.provide('contractCollectorUrl', collector.url)
  return async () => {
    await collector.close()
    await outside.close()
    await server.close()
    await rm(dir, { recursive: true, force: true })
  }
}
