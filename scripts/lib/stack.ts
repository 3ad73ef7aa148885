// The local stack (libSQL server + Worker under `wrangler dev`), shared by `npm start`,
// the end-to-end tests and the benchmark so that all three run the same thing.
import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { mkdtemp } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createDb } from '../../db/client.ts'
import { startLocalServer } from '../../db/local-server.ts'
import { migrateDatabase } from '../../db/migrate.ts'
import { DEMO_USERS, seedDatabase } from '../../db/seed.ts'
import { DEMO_CERTIFICATE } from '../../db/seed-data/student.ts'
import { accountTypeOf, type PagarmeAccountType } from '../../worker/domain/three-ds.ts'
import {
  type FocusNfeSandboxServer,
  registerFocusNfeHook,
  startFocusNfeSandbox,
} from '../focus-nfe-sandbox/server.ts'
import { SANDBOX_TOKEN as FOCUS_NFE_SANDBOX_TOKEN } from '../focus-nfe-sandbox/state.ts'
import { SANDBOX_PUBLIC_KEY, SANDBOX_SECRET_KEY } from '../pagarme-sandbox/api.ts'
import { type SandboxServer, startPagarmeSandbox } from '../pagarme-sandbox/server.ts'
import { type DemoPurchase, ensureDemoPurchase } from './demo-purchase.ts'
import { newCertificateSigningKeys } from './signing-key.ts'

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
  /**
   * 'sandbox' (tests, bench): the local Pagar.me sandbox, whatever .dev.vars says. 'dev-vars'
   * (npm start): PAYMENT_GATEWAY from .dev.vars; 'pagarme' there uses its PAGARME_* values.
   */
  payments?: 'sandbox' | 'dev-vars'
  /**
   * The Worker's APP_ENV; 'local' when unset (tests, bench). `npm start` passes .dev.vars's value
   * when it has the line, so production behaviour (no local tools, the configuration check) can be
   * tried locally.
   */
  appEnv?: string
  /**
   * The Pagar.me account's contract the store and the sandbox play (debit card's 3-D Secure flow);
   * unset: .dev.vars's PAGARME_ACCOUNT_TYPE under `npm start`, else the production default (psp).
   */
  accountType?: PagarmeAccountType
  /** The sandbox's port (0: a free one) and the file that keeps its orders across restarts. */
  sandboxPort?: number
  sandboxStateFile?: string
  /**
   * The Focus NFe stand-in's port (0: a free one), the file that keeps its notes, and how long it
   * takes to authorise a note (300 ms unless told). Under `payments: 'dev-vars'` a .dev.vars with
   * FOCUS_NFE_API_URL (Focus NFe itself) starts no stand-in.
   */
  focusNfePort?: number
  focusNfeStateFile?: string
  focusNfeAuthorizeAfterMs?: number
}

export type Stack = {
  origin: string
  databaseUrl: string
  /** The Pagar.me sandbox's origin (dashboard, /_sandbox controls), when the stack started one. */
  pagarmeSandbox: string | null
  /** The Focus NFe stand-in's origin (its page, /_sandbox controls), when the stack started one. */
  focusNfeSandbox: string | null
  seeded: boolean
  /**
   * The demo student's recent purchase, refundable for 7 days (scripts/lib/demo-purchase.ts): made
   * or kept at the start of a local stack with the sandbox; null otherwise, or when it failed.
   */
  demoPurchase: DemoPurchase | null
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

/** KEY=VALUE lines of .dev.vars (wrangler's local secrets file), or nothing when it is absent. */
export function readDevVars(): Record<string, string> {
  let text = ''
  try {
    text = readFileSync(`${root}/.dev.vars`, 'utf8')
  } catch {
    return {}
  }
  const vars: Record<string, string> = {}
  for (const line of text.split(/\r?\n/)) {
    const match = /^\s*([A-Z0-9_]+)\s*=\s*(.*?)\s*$/.exec(line)
    if (match) vars[match[1]!] = match[2]!.replace(/^(["'])(.*)\1$/, '$2')
  }
  return vars
}

/**
 * A quiet stack of its own on free ports, its database (`<name>.db`) and wrangler's state in a new
 * temporary folder `dir`, which the caller removes when done.
 */
export async function startScratchStack(
  name: string,
  options: Partial<StackOptions> = {},
): Promise<{ dir: string; stack: Stack }> {
  const dir = await mkdtemp(join(tmpdir(), `renalis-${name}-`))
  const stack = await startStack({
    port: 0,
    dbPort: 0,
    dbFile: join(dir, `${name}.db`),
    persistDir: join(dir, 'wrangler'),
    quiet: true,
    ...options,
  })
  return { dir, stack }
}

export async function startStack(options: StackOptions): Promise<Stack> {
  const port = options.port || (await freePort())
  const dbPort = options.dbPort || (await freePort())
  const origin = `http://127.0.0.1:${port}`

  const database = await startLocalServer({ file: options.dbFile, port: dbPort, quiet: true })
  await migrateDatabase(database.url)
  const { seeded } = await seedDatabase(createDb({ url: database.url }))

  // The payment provider: the local sandbox speaking Pagar.me's API, unless .dev.vars (npm start)
  // asks for Pagar.me itself or another PAGARME_API_URL; then wrangler reads those from .dev.vars.
  const gateway = options.payments === 'dev-vars' ? (readDevVars().PAYMENT_GATEWAY ?? 'sandbox') : 'sandbox'
  let sandbox: SandboxServer | null = null
  const providerVars: string[] = []
  if (gateway !== 'pagarme') {
    const webhookAuth = `pagarme:${randomBytes(12).toString('hex')}`
    const accountType =
      options.accountType ??
      accountTypeOf({
        PAGARME_ACCOUNT_TYPE:
          options.payments === 'dev-vars' ? readDevVars().PAGARME_ACCOUNT_TYPE : undefined,
      })
    sandbox = await startPagarmeSandbox({
      accountType,
      port: options.sandboxPort ?? 0,
      stateFile: options.sandboxStateFile,
      webhookUrl: `${origin}/webhooks/pagarme`,
      webhookAuth,
      quiet: options.quiet ?? false,
    })
    for (const [name, value] of [
      ['PAYMENT_GATEWAY', 'sandbox'],
      ['PAGARME_API_URL', sandbox.apiUrl],
      ['PAGARME_SECRET_KEY', SANDBOX_SECRET_KEY],
      ['PAGARME_PUBLIC_KEY_TEST', SANDBOX_PUBLIC_KEY],
      ['PAGARME_WEBHOOK_AUTH', webhookAuth],
      // The sandbox signs its webhooks: the Worker checks them against its keys, as in production.
      ['PAGARME_WEBHOOK_JWKS_URL', sandbox.jwksUrl],
      ['PAGARME_ACCOUNT_TYPE', accountType],
    ]) {
      providerVars.push('--var', `${name}:${value}`)
    }
  }

  // The NFS-e provider: the local stand-in speaking Focus NFe's API, unless .dev.vars (npm start)
  // names another FOCUS_NFE_API_URL; then wrangler reads the FOCUS_NFE_* values from .dev.vars.
  // Issuance is on against the stand-in (the institute's settings take their local defaults,
  // worker/config.ts) unless .dev.vars says FISCAL_ISSUANCE itself; with a production APP_ENV the
  // settings have no defaults, so issuance stays as .dev.vars has it (off when absent).
  const devVars = options.payments === 'dev-vars' ? readDevVars() : {}
  const localEnv = ['local', 'test'].includes(options.appEnv ?? 'local')
  let focusNfe: FocusNfeSandboxServer | null = null
  if (!devVars.FOCUS_NFE_API_URL) {
    const webhookSecret = randomBytes(16).toString('hex')
    try {
      focusNfe = await startFocusNfeSandbox({
        port: options.focusNfePort ?? 0,
        stateFile: options.focusNfeStateFile,
        authorizeAfterMs: options.focusNfeAuthorizeAfterMs ?? 300,
        quiet: options.quiet ?? false,
      })
      // Its gatilho goes straight to wrangler, as the Pagar.me sandbox's webhooks do.
      await registerFocusNfeHook(
        focusNfe.origin,
        FOCUS_NFE_SANDBOX_TOKEN,
        `${origin}/webhooks/focus-nfe`,
        webhookSecret,
      )
    } catch (error) {
      await focusNfe?.close()
      await sandbox?.close()
      await database.close()
      throw error
    }
    for (const [name, value] of [
      ['FOCUS_NFE_API_URL', focusNfe.origin],
      ['FOCUS_NFE_TOKEN', FOCUS_NFE_SANDBOX_TOKEN],
      ['FOCUS_NFE_WEBHOOK_SECRET', webhookSecret],
      ...(devVars.FISCAL_ISSUANCE || !localEnv ? [] : [['FISCAL_ISSUANCE', 'on']]),
    ]) {
      providerVars.push('--var', `${name}:${value}`)
    }
  }

  // wrangler dev, once more when it exits at once because a socket it picked for itself was taken
  // meanwhile (a quiet stack starting beside other servers, e.g. the worker suite's Miniflare
  // during `npm test`: 'Address already in use'); the same ports of ours, so the sandboxes'
  // webhooks still reach it.
  const spawnWrangler = async () => {
    const child = stoppedWithUs(
      spawn(
        process.execPath,
        [
          `${root}/node_modules/wrangler/bin/wrangler.js`,
          'dev',
          // The site's Worker, and the PDF Worker its CERTIFICATE_PDF binding calls (decision 025);
          // the options below are the first one's.
          '--config',
          `${root}wrangler.toml`,
          '--config',
          `${root}wrangler.pdf.toml`,
          // The build with its demo files (wrangler.toml's web/deploy is what a deploy uploads).
          '--assets',
          `${root}web/dist`,
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
          // GET /__scheduled runs the Cron Triggers' jobs on demand; `npm run cron` calls Miniflare's
          // /cdn-cgi/local/scheduled, which also takes the run's time.
          '--test-scheduled',
          // Local values win over wrangler.toml's production ones, with or without a .dev.vars file
          // (the payment provider's come from .dev.vars when it asks for PAYMENT_GATEWAY=pagarme).
          '--var',
          `APP_ENV:${options.appEnv ?? 'local'}`,
          ...providerVars,
          '--var',
          `PUBLIC_ORIGIN:${options.publicOrigin ?? origin}`,
          '--var',
          `DATABASE_URL:${database.url}`,
          '--var',
          `APP_SECRET:${process.env.APP_SECRET ?? randomBytes(32).toString('hex')}`,
          // The key that signs certificates: .dev.vars's under `npm start` (kept across restarts, so
          // credentials issued earlier keep verifying), a new one per run elsewhere (tests, bench).
          ...(options.payments === 'dev-vars'
            ? []
            : ['--var', `CERTIFICATE_SIGNING_KEYS:${newCertificateSigningKeys()}`]),
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
      ),
    )
    // The quiet stack's last words, to tell why it exited.
    let log = ''
    if (options.quiet) {
      for (const stream of [child.stdout, child.stderr]) {
        stream?.setEncoding('utf8')
        stream?.on('data', (chunk: string) => {
          log = (log + chunk).slice(-4_000)
          options.onLog?.(chunk)
        })
      }
    }
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
    return { child, exited, log: () => log }
  }
  let wrangler = await spawnWrangler()

  const stop = async () => {
    await stopChild(wrangler.child)
    await sandbox?.close()
    await focusNfe?.close()
    await database.close()
  }

  for (let attempt = 1; ; attempt++) {
    try {
      await Promise.race([
        waitForHttp(`${origin}/api/ping`, 120_000),
        wrangler.exited.then((code) => {
          throw new Error(`wrangler dev terminou antes de responder (código ${code}).`)
        }),
      ])
      break
    } catch (error) {
      if (attempt < 3 && /Address already in use/.test(wrangler.log())) {
        await stopChild(wrangler.child)
        wrangler = await spawnWrangler()
        continue
      }
      await stop()
      throw error
    }
  }
  const appEnv = options.appEnv ?? 'local'
  const local = appEnv === 'local' || appEnv === 'test'
  if (local) await issueDemoCertificate(origin)
  // Only against the sandbox: never a purchase at Pagar.me's own test environment.
  const demoPurchase = local && sandbox ? await buyDemoPurchase(origin) : null
  return {
    origin,
    databaseUrl: database.url,
    pagarmeSandbox: sandbox?.origin ?? null,
    focusNfeSandbox: focusNfe?.origin ?? null,
    seeded,
    demoPurchase,
    stop,
    exited: wrangler.exited,
  }
}

/** The demo student's recent purchase (its refund to try), or a warning why the stack runs without it. */
async function buyDemoPurchase(origin: string): Promise<DemoPurchase | null> {
  try {
    return await ensureDemoPurchase(origin)
  } catch (error) {
    console.warn(
      `Compra recente da aluna de demonstração não feita: ${error instanceof Error ? error.message : error}`,
    )
    return null
  }
}

/**
 * The demo student's certificate, earned by the seeded evidence (issue 39): issued by the Worker's
 * own issuing service and signed with this stack's key, which the seed (a plain script) does not
 * hold. Issuing again answers the same certificate, so every start asks.
 */
async function issueDemoCertificate(origin: string) {
  const response = await fetch(`${origin}/api/dev/certificados`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({
      email: DEMO_USERS.student.email,
      course_url: DEMO_CERTIFICATE.courseUrl,
      nome: DEMO_CERTIFICATE.name,
    }),
  }).catch((error: unknown) => ({ ok: false, status: 0, text: async () => String(error) }))
  if (!response.ok) {
    console.warn(`Certificado de demonstração não emitido (${response.status}): ${await response.text()}`)
  }
}

/**
 * Servers we start never outlive the process that started them: those still running when it exits,
 * a crash included (an uncaught error runs 'exit' too), are sent SIGTERM then. A tool that died
 * before stopping its stack (a browser missing at launch) left `wrangler dev` running for good.
 */
const running = new Set<ChildProcess>()
process.on('exit', () => {
  for (const child of running) child.kill('SIGTERM')
})
export function stoppedWithUs<Child extends ChildProcess>(child: Child): Child {
  running.add(child)
  child.once('exit', () => running.delete(child))
  return child
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

/** Resolves once `url` answers 2xx; throws after `timeoutMs`. */
export async function waitForHttp(url: string, timeoutMs: number) {
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
