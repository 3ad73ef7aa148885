import { mkdtemp, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { runBuild } from '../../scripts/build.ts'
import { root, startStack } from '../../scripts/lib/stack.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string
    /** The stack's libSQL server, for journeys that check what was stored (a lead). */
    databaseUrl: string
  }
}

// The journeys run against the real stack: the built SPA served by wrangler dev (workerd),
// the local libSQL server on a fresh seeded file, and Debian's Chromium.
export default async function setup(project: TestProject) {
  const built = await stat(`${root}/web/dist/index.html`).then(
    () => true,
    () => false,
  )
  if (!built || process.env.E2E_SKIP_BUILD !== '1') await runBuild()

  const dir = await mkdtemp(join(tmpdir(), 'renalis-e2e-'))
  let log = ''
  const stack = await startStack({
    port: 0,
    dbPort: 0,
    dbFile: join(dir, 'e2e.db'),
    persistDir: join(dir, 'wrangler'),
    quiet: true,
    onLog: (line) => {
      log = (log + line).slice(-20_000)
    },
  }).catch((error: unknown) => {
    console.error(log)
    throw error
  })
  project.provide('baseURL', stack.origin)
  project.provide('databaseUrl', stack.databaseUrl)

  return async () => {
    await stack.stop()
    await rm(dir, { recursive: true, force: true })
  }
}
