import { cloudflareTest } from '@cloudflare/vitest-plugin'
import { defineConfig } from 'vitest/config'
import { SANDBOX_TOKEN as FOCUS_NFE_SANDBOX_TOKEN } from './scripts/focus-nfe-sandbox/state.ts'
import { pdfWorkerOptions } from './scripts/lib/pdf-worker.ts'
import { newCertificateSigningKeys } from './scripts/lib/signing-key.ts'
import { E2E_WORKERS } from './tests/support/e2e/workers.ts'

/**
 * Files that need a Worker of their own: they mock the web app's modules (vi.mock), or set the
 * conference programme in the database for its clock's Durable Object, which loads it on its first
 * read only. Every other worker file shares one Worker: one Miniflare and one module graph for the
 * whole run, instead of a new one per file (which cost ~8 s a file, half the project's time).
 */
const ISOLATED = [
  'tests/worker/conference.test.ts',
  'tests/worker/conference-attendance.test.ts',
  'tests/worker/live-questions.test.ts',
  'tests/worker/pages.test.ts',
  'tests/worker/page-render-errors.test.ts',
]

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['tests/unit/**/*.test.ts'],
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'web',
          environment: 'happy-dom',
          include: ['tests/web/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/support/web/setup.ts'],
          testTimeout: 15_000,
        },
      },
      workerProject('worker', { isolate: false }),
      workerProject('worker-isolated', { isolate: true }),
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/support/e2e/global-setup.ts'],
          setupFiles: ['tests/support/e2e/setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // E2E_WORKERS files at once, each against a stack of its own (the global setup starts
          // one per worker; tests/support/e2e/stack.ts picks it by the worker's pool id). Within
          // a file, independent pages (describe.concurrent: the accessibility pass, the phone
          // walk) open three at a time, while one waits on the Worker, another runs axe or lays
          // out in Chromium.
          maxWorkers: E2E_WORKERS,
          maxConcurrency: 3,
          // A group of its own: its worker count differs from the unit and web suites'.
          sequence: { groupOrder: 3 },
        },
      },
    ],
  },
})

/**
 * The Worker's tests, in workerd. `worker` shares one Worker across its files; `worker-isolated`
 * gives each of its files a new one, after `worker` (its group comes second). Each project has its
 * own database and sandbox (the global setup); `npm run test:worker` runs both.
 */
function workerProject(name: 'worker' | 'worker-isolated', { isolate }: { isolate: boolean }) {
  return {
    plugins: [
      // The global setup starts the local libSQL server, the Pagar.me sandbox and the Focus NFe
      // stand-in on free ports and provides their URLs.
      cloudflareTest(({ inject }) => ({
        wrangler: { configPath: './wrangler.toml' },
        miniflare: {
          bindings: {
            APP_ENV: 'test',
            PAYMENT_GATEWAY: 'sandbox',
            // Today's debit flow for every file; tests/worker/debit-psp.test.ts runs a PSP account.
            PAGARME_ACCOUNT_TYPE: 'gateway',
            PUBLIC_ORIGIN: 'http://127.0.0.1:8787',
            DATABASE_URL: inject<string>('databaseUrl'),
            APP_SECRET: 'segredo-de-teste-com-mais-de-32-caracteres',
            PAGARME_API_URL: inject<string>('pagarmeApiUrl'),
            PAGARME_SECRET_KEY: 'sk_test_worker_tests',
            PAGARME_PUBLIC_KEY_TEST: 'pk_test_worker_tests',
            PAGARME_PUBLIC_KEY_LIVE: 'pk_live_worker_tests',
            PAGARME_WEBHOOK_AUTH: 'pagarme:segredo-do-webhook-de-teste',
            PAGARME_WEBHOOK_JWKS_URL: inject<string>('pagarmeJwksUrl'),
            // NFS-e against the Focus NFe stand-in; the institute's settings take their local
            // defaults (worker/config.ts).
            FISCAL_ISSUANCE: 'on',
            FOCUS_NFE_API_URL: inject<string>('focusNfeApiUrl'),
            FOCUS_NFE_TOKEN: FOCUS_NFE_SANDBOX_TOKEN,
            FOCUS_NFE_WEBHOOK_SECRET: 'segredo-do-gatilho-de-teste',
            // Two keys, as after a rotation: the first signs, both are published.
            CERTIFICATE_SIGNING_KEYS: newCertificateSigningKeys(2),
          },
          // The PDF Worker, which wrangler.toml's CERTIFICATE_PDF service binding names.
          workers: [pdfWorkerOptions(inject<string>('pdfWorkerDir'))],
        },
      })),
    ],
    test: {
      name,
      include: isolate ? ISOLATED : ['tests/worker/**/*.test.ts'],
      exclude: isolate ? [] : ISOLATED,
      globalSetup: ['tests/support/worker/global-setup.ts'],
      setupFiles: ['tests/support/worker/setup.ts'],
      testTimeout: 20_000,
      // One database per project: files run one after another.
      fileParallelism: false,
      isolate,
      // Groups of their own (unit and web, group 0, run two files at a time), `worker` first.
      sequence: { groupOrder: isolate ? 2 : 1 },
    },
  }
}
