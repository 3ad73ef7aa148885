import { mkdtemp, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { runBuild } from '../../../scripts/build.ts'
import { freePort, root, startStack } from '../../../scripts/lib/stack.ts'
import { summary } from '../contract/contract.ts'
import { startContractProxy } from '../contract/proxy.ts'
import { E2E_WORKERS } from './workers.ts'

/** One stack the journeys run against: its address (the validating proxy), its database, its sandbox. */
export type E2EStack = {
  baseURL: string
  /** The stack's libSQL server, for tests that arrange data behind the Worker's back. */
  databaseUrl: string
  /** The Pagar.me sandbox the stack started: the tests play the provider after the sale there. */
  pagarmeSandbox: string
  /** The Focus NFe stand-in the stack started (its gatilho reaches the Worker): the notes' far end. */
  focusNfeSandbox: string
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** One stack per Vitest worker of the e2e project (tests/support/e2e/stack.ts picks its own). */
    e2eStacks: E2EStack[]
  }
}

// The journeys run against the real stack: the built SPA served by wrangler dev (workerd),
// the local libSQL server on a fresh seeded file, the Pagar.me sandbox (its webhooks go to the
// Worker), and Debian's Chromium. One stack per worker of the e2e project (E2E_WORKERS, 1 unless
// told: tests/support/e2e/workers.ts): files that run at once each have their own database,
// sandbox and Worker, so that no journey sees another's writes.
export default async function setup(project: TestProject) {
  // web/deploy too: the React guard bundles the Worker as `wrangler deploy` does (its assets).
  const built = await Promise.all(
    ['web/dist/index.html', 'web/deploy/index.html'].map((path) => stat(`${root}/${path}`)),
  ).then(
    () => true,
    () => false,
  )
  if (!built || process.env.E2E_SKIP_BUILD !== '1') await runBuild()

  const started = await Promise.allSettled(Array.from({ length: E2E_WORKERS }, () => startOne()))
  const stacks = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []))
  const failed = started.find((result) => result.status === 'rejected')
  if (failed) {
    await Promise.all(stacks.map((stack) => stack.stop()))
    throw failed.reason
  }
  project.provide(
    'e2eStacks',
    stacks.map(({ provided }) => provided),
  )

  return async () => {
    for (const [index, stack] of stacks.entries()) {
      console.log(`\ne2e (pilha ${index + 1}) — ${summary(stack.stats())}`)
    }
    await Promise.all(stacks.map((stack) => stack.stop()))
  }
}

async function startOne() {
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
  }).catch(async (error: unknown) => {
    console.error(log)
    await rm(dir, { recursive: true, force: true })
    throw error
  })
  const proxy = await startContractProxy(stack.origin, proxyPort)
  return {
    provided: {
      baseURL: proxy.origin,
      databaseUrl: stack.databaseUrl,
      pagarmeSandbox: stack.pagarmeSandbox!,
      focusNfeSandbox: stack.focusNfeSandbox!,
    } satisfies E2EStack,
    stats: () => proxy.stats,
    stop: async () => {
      await proxy.close()
      await stack.stop()
      await rm(dir, { recursive: true, force: true })
    },
  }
}
