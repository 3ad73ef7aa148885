// `npm start` (and `npm run dev` with --dev): the whole local stack from one command.
// The libSQL server on .data/local.db (migrated; seeded when empty), the web build, and the
// Worker under `wrangler dev` with KV, Durable Object and R2 persisted in .data/wrangler.
// Ctrl-C stops everything it started.
import { type ChildProcess, spawn } from 'node:child_process'
import { copyFile, readFile, stat, writeFile } from 'node:fs/promises'
import { parseArgs } from 'node:util'
import { DEMO_USERS } from '../db/seed.ts'
import { curitibaDateTime } from '../worker/domain/time-zone.ts'
import { runBuild } from './build.ts'
import { newCertificateSigningKeys } from './lib/signing-key.ts'
import { readDevVars, root, type Stack, startStack, stopChild, stoppedWithUs } from './lib/stack.ts'

const { values: args } = parseArgs({ options: { dev: { type: 'boolean', default: false } } })
const port = Number(process.env.PORT ?? 8787)
const dbPort = Number(process.env.DB_PORT ?? 8080)
const sandboxPort = Number(process.env.PAGARME_SANDBOX_PORT ?? 8090)
const focusNfePort = Number(process.env.FOCUS_NFE_SANDBOX_PORT ?? 8091)

let stack: Stack | undefined
let watcher: ChildProcess | undefined
let stopping = false

async function main() {
  await ensureDevVars()
  if (args.dev) {
    watcher = stoppedWithUs(
      spawn(process.execPath, [`${root}/node_modules/vite/bin/vite.js`, 'build', '--watch'], {
        cwd: root,
        stdio: ['ignore', 'inherit', 'inherit'],
      }),
    )
  } else {
    await runBuild()
  }

  // APP_ENV as .dev.vars writes it (any value but 'local' and 'test' is production behaviour);
  // 'local' without the line.
  const appEnv = readDevVars().APP_ENV ?? 'local'
  stack = await startStack({
    appEnv,
    port,
    dbPort,
    dbFile: `${root}/.data/local.db`,
    persistDir: `${root}/.data/wrangler`,
    live: args.dev,
    payments: 'dev-vars',
    sandboxPort,
    sandboxStateFile: `${root}/.data/pagarme-sandbox.json`,
    focusNfePort,
    focusNfeStateFile: `${root}/.data/focus-nfe-sandbox.json`,
    // A moment, as the national system takes: the note shows "processing" before it is authorised.
    focusNfeAuthorizeAfterMs: 3_000,
  })
  void stack.exited.then((code) => {
    if (!stopping) {
      console.error(`wrangler dev terminou (código ${code}).`)
      void stop(1)
    }
  })

  console.log(`
  Instituto Renalis rodando em ${stack.origin}
  ${stack.seeded ? 'Banco novo: migrado e populado com o catálogo de demonstração.' : 'Banco existente: migrado, dados mantidos.'}

  Contas de demonstração (somente no banco local):
    administrador  ${DEMO_USERS.admin.email} / ${DEMO_USERS.admin.password}
    aluno          ${DEMO_USERS.student.email} / ${DEMO_USERS.student.password}${demoPurchaseLine(stack.demoPurchase)}

  Pagamentos: ${
    stack.pagarmeSandbox
      ? `sandbox do Pagar.me em ${stack.pagarmeSandbox} (cartão de teste 4000 0000 0000 0010)`
      : 'Pagar.me em PAGARME_API_URL (.dev.vars)'
  }
  Notas fiscais (NFS-e): ${
    stack.focusNfeSandbox
      ? `stand-in da Focus NFe em ${stack.focusNfeSandbox} (autoriza em 3 s; painel para recusar ou autorizar)`
      : 'Focus NFe em FOCUS_NFE_API_URL (.dev.vars)'
  }
  Referência da API: ${stack.origin}/api/docs
  Tarefas agendadas (e-mails pendentes): npm run cron
  Ctrl-C encerra tudo. Os dados ficam em .data/ (npm run db:reset recomeça do zero).
`)
  if (appEnv !== 'local' && appEnv !== 'test') await reportProductionCheck(stack.origin, appEnv)
}

/** The demo student's recent purchase, whose 'Solicitar reembolso' a new user can try. */
function demoPurchaseLine(purchase: Stack['demoPurchase']): string {
  if (!purchase) return ''
  const until = curitibaDateTime(new Date(purchase.refundableUntil))
  return `\n                   compra recente (${purchase.created ? 'feita agora' : 'mantida'}): ${purchase.item}, cartão;\n                   'Solicitar reembolso' em Minhas compras até ${until}`
}

/** APP_ENV from .dev.vars is a deployment's: say so, and whether its configuration check passes. */
async function reportProductionCheck(origin: string, appEnv: string) {
  // The OpenAPI document needs nothing outside the Worker: a 503 there is the configuration check.
  const response = await fetch(`${origin}/api/openapi.json`).catch(() => null)
  await response?.body?.cancel()
  console.log(
    `  APP_ENV=${JSON.stringify(appEnv)} (.dev.vars): comportamento de produção, sem caixa de\n` +
      '  e-mails, provedor de login de teste nem simulador de pagamento.\n' +
      (response?.status === 503
        ? '  A configuração não passa na verificação de produção: o Worker responde 503 a tudo\n' +
          '  (exceto /api/ping); o motivo está no log do wrangler ("configuration_invalid").\n'
        : ''),
  )
}

async function stop(code: number) {
  if (stopping) return
  stopping = true
  if (watcher) await stopChild(watcher)
  await stack?.stop()
  process.exit(code)
}

async function ensureDevVars() {
  const target = `${root}/.dev.vars`
  const exists = await stat(target).then(
    () => true,
    () => false,
  )
  if (!exists) {
    await copyFile(`${root}/.dev.vars.example`, target)
    console.log('• .dev.vars criado a partir de .dev.vars.example')
  }
  // The key that signs certificates' credentials: made once and kept, so what was issued verifies.
  const vars = await readFile(target, 'utf8')
  if (!/^CERTIFICATE_SIGNING_KEYS=\S/m.test(vars)) {
    const kept = vars.replace(/^CERTIFICATE_SIGNING_KEYS=.*\n?/m, '')
    await writeFile(
      target,
      `${kept.replace(/\n?$/, '\n')}# Signs certificates' credentials (ES256 private JWKs; the first signs, all are published).\nCERTIFICATE_SIGNING_KEYS=${newCertificateSigningKeys()}\n`,
    )
    console.log('• .dev.vars: chave de assinatura de certificados gerada (CERTIFICATE_SIGNING_KEYS)')
  }
}

process.on('SIGINT', () => void stop(0))
process.on('SIGTERM', () => void stop(0))

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  void stop(1)
})
