// The local stack (libSQL server + Worker under `wrangler dev`), shared by `npm start`,
// the end-to-end tests and the benchmark so that all three run the same thing.
import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { createServer } from 'node:net'
import { fileURLToPath } from 'node:url'
import { createDb } from '../../db/client.ts'
import { startLocalServer } from '../../db/local-server.ts'
import { migrateDatabase } from '../../db/migrate.ts'
import { seedDatabase } from '../../db/seed.ts'

export const root = fileURLToPath(new URL('../..', import.meta.url))

export type StackOptions = {
  /** Worker port; 0 picks a free one. */
  port: number
  /** libSQL server port; 0 picks a free one. */
  dbPort: number
  dbFile: string
  /** Where wrangler persists KV, Durable Object and R2 state. */
  persistDir: string
  /** Watch mode for the Worker (npm run dev). */
  live?: boolean
  /** The origin visitors use, when something (the e2e contract proxy) stands in front of wrangler. */
  publicOrigin?: string
  /** Inherit wrangler's output (npm start) or keep it quiet (tests, bench). */
  quiet?: boolean
  onLog?: (line: string) => void
}

export type Stack = {
  origin: string
  databaseUrl: string
  seeded: boolean
  stop(): Promise<void>
  /** Resolves if wrangler exits on its own. */
  exited: Promise<number | null>
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.unref()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('sem porta')),
      )
    })
  })
}

export async function startStack(options: StackOptions): Promise<Stack> {
  const port = options.port || (await freePort())
  const dbPort = options.dbPort || (await freePort())
  const origin = `http://127.0.0.1:${port}`

  const database = await startLocalServer({ file: options.dbFile, port: dbPort, quiet: true })
  await migrateDatabase(database.url)
  const { seeded } = await seedDatabase(createDb({ url: database.url }))

  const wrangler = spawn(
    process.execPath,
    [
      `${root}/node_modules/wrangler/bin/wrangler.js`,
      'dev',
      '--ip',
      '127.0.0.1',
      '--port',
      String(port),
      '--inspector-port',
      String(await freePort()),
      '--persist-to',
      options.persistDir,
      '--show-interactive-dev-session=false',
      `--live-reload=${options.live ? 'true' : 'false'}`,
      // GET /__scheduled runs the Cron Triggers' jobs on demand (`npm run cron`).
      '--test-scheduled',
      // Local values win over wrangler.toml's production ones, with or without a .dev.vars file.
      '--var',
      'APP_ENV:local',
      '--var',
      'PAYMENT_GATEWAY:sandbox',
      '--var',
      `PUBLIC_ORIGIN:${options.publicOrigin ?? origin}`,
      '--var',
      `DATABASE_URL:${database.url}`,
      '--var',
      `APP_SECRET:${process.env.APP_SECRET ?? randomBytes(32).toString('hex')}`,
    ],
    {
      cwd: root,
      stdio: ['ignore', options.quiet ? 'pipe' : 'inherit', options.quiet ? 'pipe' : 'inherit'],
      // No network here: wrangler must not try to download its Request.cf sample.
      env: {
        ...process.env,
        WRANGLER_SEND_METRICS: 'false',
        CLOUDFLARE_CF_FETCH_ENABLED: 'false',
        CI: process.env.CI ?? '',
      },
    },
  )
  if (options.quiet) {
    for (const stream of [wrangler.stdout, wrangler.stderr]) {
      stream?.setEncoding('utf8')
      stream?.on('data', (chunk: string) => options.onLog?.(chunk))
    }
  }
  const exited = new Promise<number | null>((resolve) => wrangler.once('exit', (code) => resolve(code)))

  const stop = async () => {
    await stopChild(wrangler)
    await database.close()
  }

  try {
    await Promise.race([
      waitForHttp(`${origin}/api/ping`, 120_000),
      exited.then((code) => {
        throw new Error(`wrangler dev terminou antes de responder (código ${code}).`)
      }),
    ])
  } catch (error) {
    await stop()
    throw error
  }
  return { origin, databaseUrl: database.url, seeded, stop, exited }
}

export function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000)
    child.once('exit', () => {
      clearTimeout(timer)
      resolve()
    })
    child.kill('SIGTERM')
  })
}

async function waitForHttp(url: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    )
    if (ok) return
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`O Worker não respondeu em ${url} após ${timeoutMs / 1000} s.`)
}
