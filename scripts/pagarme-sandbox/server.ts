// The Pagar.me sandbox as a local HTTP server: started by `npm start` (PAYMENT_GATEWAY=sandbox),
// by the test suites' global setups, or on its own (`npm run sandbox:pagarme`) so that
// PAGARME_API_URL can point at it. Listens on 127.0.0.1 only.
import { parseArgs } from 'node:util'
import {
  type StandInListenOptions,
  serveUntilInterrupted,
  startStandInServer,
} from '../lib/stand-in-server.ts'
import {
  API_PREFIX,
  createPagarmeSandbox,
  SANDBOX_PUBLIC_KEY,
  SANDBOX_SECRET_KEY,
  type SandboxOptions,
} from './api.ts'
import { emptyState, JWKS_PATH } from './state.ts'

export type SandboxServer = {
  /** The server's origin, e.g. http://127.0.0.1:8090 (dashboard at /). */
  origin: string
  /** What PAGARME_API_URL takes: the origin plus /core/v5. */
  apiUrl: string
  /** What PAGARME_WEBHOOK_JWKS_URL takes: the key set that verifies the sandbox's webhook signatures. */
  jwksUrl: string
  close(): Promise<void>
}

export type SandboxServerOptions = Omit<SandboxOptions, 'state' | 'onChange'> & StandInListenOptions

export async function startPagarmeSandbox(options: SandboxServerOptions = {}): Promise<SandboxServer> {
  const { origin, close } = await startStandInServer({
    ...options,
    emptyState,
    create: (state, onChange) => createPagarmeSandbox({ ...options, state, onChange }),
    label: 'sandbox Pagar.me',
    errorBody: { message: 'Sandbox error.' },
  })
  return { origin, apiUrl: `${origin}${API_PREFIX}`, jwksUrl: `${origin}${JWKS_PATH}`, close }
}

if (import.meta.main) {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: process.env.PAGARME_SANDBOX_PORT ?? '8090' },
      'state-file': { type: 'string' },
      'webhook-url': { type: 'string' },
      'webhook-auth': { type: 'string' },
      'account-type': { type: 'string', default: 'psp' },
    },
  })
  const server = await startPagarmeSandbox({
    port: Number(values.port),
    stateFile: values['state-file'],
    webhookUrl: values['webhook-url'],
    webhookAuth: values['webhook-auth'],
    accountType: values['account-type'] === 'gateway' ? 'gateway' : 'psp',
  })
  serveUntilInterrupted(
    server,
    `
  Sandbox do Pagar.me (Core API v5) em ${server.origin}  (painel: ${server.origin}/)
    PAGARME_API_URL=${server.apiUrl}
    PAGARME_SECRET_KEY=${SANDBOX_SECRET_KEY}   (qualquer sk_test_… serve)
    PAGARME_PUBLIC_KEY_TEST=${SANDBOX_PUBLIC_KEY}
    PAGARME_WEBHOOK_JWKS_URL=${server.jwksUrl}   (webhooks assinados; troca de chave no painel)
    webhooks: ${values['webhook-url'] ?? 'nenhum (use --webhook-url e --webhook-auth usuario:senha)'}
  Ctrl-C encerra.
`,
  )
}
