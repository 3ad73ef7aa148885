// `npm run build`: the web app into web/dist (served by the Worker as static assets), the Worker's
// route tree for its page renderer (scripts/ssr-route-tree.ts), the API
// reference's script beside it (no CDN at run time), web/deploy (what `wrangler deploy`
// uploads: the same files but the demo course material), then the home page's JavaScript as
// Chromium fetches it from the local stack, which fails the build above the budget (DESIGN 10).
import { spawn } from 'node:child_process'
import { copyFile, cp, mkdir, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { FIRST_LOAD_BUDGET_KB, formatFirstLoad, measureFirstLoad } from './lib/first-load.ts'
import { startScratchStack } from './lib/stack.ts'
import { writeServerRouteTree } from './ssr-route-tree.ts'

const root = fileURLToPath(new URL('..', import.meta.url))

function step(args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    // A build started from the test runner must not inherit its NODE_ENV=test (a dev bundle).
    const child = spawn(process.execPath, args, {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    })
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${args.join(' ')} falhou (${code})`)),
    )
  })
}

/**
 * Paid course material and e-books shipped as demo files (scripts/make-seed-files.ts): the local
 * stack reads them when R2 has no such object, production never has them.
 */
export const DEMO_FILES_DIR = 'conteudo-demo'

/** The web app and the API reference's script, into web/dist; the same minus the demo files, into web/deploy. */
export async function runBuild(): Promise<void> {
  await step([`${root}/node_modules/vite/bin/vite.js`, 'build', '--logLevel', 'warn'])
  // The Worker's page renderer's route tree, from the browser's that Vite has just regenerated.
  await writeServerRouteTree()
  await mkdir(`${root}/web/dist/vendor/scalar`, { recursive: true })
  await copyFile(
    `${root}/node_modules/@scalar/api-reference/dist/browser/standalone.js`,
    `${root}/web/dist/vendor/scalar/standalone.js`,
  )
  // wrangler.toml's assets directory: a copy, so no local run (npm start, the tests, which serve
  // web/dist with `--assets`) can put the demo files back into what a deploy uploads.
  const dist = join(root, 'web/dist')
  const demo = join(dist, DEMO_FILES_DIR)
  await rm(join(root, 'web/deploy'), { recursive: true, force: true })
  await cp(dist, join(root, 'web/deploy'), {
    recursive: true,
    filter: (source) => source !== demo && !source.startsWith(`${demo}/`),
  })
}

/**
 * The home page opened in Chromium against a local stack of its own (seeded catalogue), the
 * scripts it fetched until the network was idle summed: exits 1 above the budget. The
 * end-to-end suite checks the same against its stack (tests/e2e/first-load.test.ts).
 */
async function checkFirstLoad(): Promise<void> {
  const { dir, stack } = await startScratchStack('build')
  try {
    const load = await measureFirstLoad(stack.origin, '/')
    console.log(formatFirstLoad(load, 'the home page (/)'))
    if (load.totalKb > FIRST_LOAD_BUDGET_KB) {
      console.error(`Over budget by ${(load.totalKb - FIRST_LOAD_BUDGET_KB).toFixed(2)} KB gzip.`)
      process.exitCode = 1
    }
  } finally {
    await stack.stop()
    await rm(dir, { recursive: true, force: true })
  }
}

if (import.meta.main) {
  await runBuild()
  // `--skip-first-load`: CI's build, whose end-to-end suite measures the same (first-load.test.ts).
  if (!process.argv.includes('--skip-first-load')) await checkFirstLoad()
}
