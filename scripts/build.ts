// `npm run build`: the web app into web/dist (served by the Worker as static assets), the API
// reference's script beside it (no CDN at run time), then the home page's JS size report.
import { spawn } from 'node:child_process'
import { copyFile, mkdir } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'

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

export async function runBuild(): Promise<void> {
  await step([`${root}/node_modules/vite/bin/vite.js`, 'build', '--logLevel', 'warn'])
  await mkdir(`${root}/web/dist/vendor/scalar`, { recursive: true })
  await copyFile(
    `${root}/node_modules/@scalar/api-reference/dist/browser/standalone.js`,
    `${root}/web/dist/vendor/scalar/standalone.js`,
  )
  await step([`${root}/scripts/report-bundle.ts`])
}

if (import.meta.main) {
  await runBuild()
}
