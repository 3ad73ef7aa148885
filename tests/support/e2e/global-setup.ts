import { mkdtemp, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { runBuild } from '../../../scripts/build.ts'
import { freePort, root, startStack } from '../../../scripts/lib/stack.ts'
import { summary } from '../contract/contract.ts'
import { startContractProxy } from '../contract/proxy.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string
    /** The stack's libSQL server, for tests that arrange data behind the Worker's back. */
    e2eDatabaseUrl: string
    /** The Pagar.me sandbox the stack started: the tests play the provider after the sale there. */
    pagarmeSandbox: string
  }
}

// The journeys run against the real stack: the built SPA served by wrangler dev (workerd),
// the local libSQL server on a fresh seeded file, the Pagar.me sandbox (its webhooks go to the
// Worker), and Debian's Chromium.
export default async function setup(project: TestProject) {
  // web/deploy too: the React guard bundles the Worker as `wrangler deploy` does (its assets).
  const built = await Promise.all(
    ['web/dist/index.html', 'web/deploy/index.html'].map((path) => stat(`${root}/${path}`)),
  ).then(
    () => true,
    () => false,
  )
  if (!built || process.env.E2E_SKIP_BUILD !== '1') await runBuild()

  const dir = await mkdtemp(join(tmpdir(), 'renalis-e2e-'))
  let log = ''
  // Chromium talks to a validating proxy (the contract test) that forwards to wrangler dev.
  const proxyPort = await freePort()
  const stack = await startStack({
    publicOrigin: `http://127.0.0.1:${proxyPort}`,
    port: 0,
    dbPort: 0,
    dbFile: join(dir, 'e2e.db'),
    persistDir: join(dir, 'wrangler'),
    // The journeys here pay debit cards as a gateway account does (the issuer's challenge page);
    // debit-psp.test.ts starts a stack of its own with a PSP account (the production default).
    accountType: 'gateway',
    quiet: true,
    onLog: (line) => {
      log = (log + line).slice(-20_000)
    },
  }).catch((error: unknown) => {
    console.error(log)
    throw error
  })
  const proxy = await startContractProxy(stack.origin, proxyPort)
  project.provide('baseURL', proxy.origin)
  project.provide('e2eDatabaseUrl', stack.databaseUrl)
  project.provide('pagarmeSandbox', stack.pagarmeSandbox!)

  return async () => {
    console.log(`\ne2e — ${summary(proxy.stats)}`)
    await proxy.close()
    await stack.stop()
    await rm(dir, { recursive: true, force: true })
  }
}
