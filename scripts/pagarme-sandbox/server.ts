// The Pagar.me sandbox as a local HTTP server: started by `npm start` (PAYMENT_GATEWAY=sandbox),
// by the test suites' global setups, or on its own (`npm run sandbox:pagarme`) so that
// PAGARME_API_URL can point at it. Listens on 127.0.0.1 only.
import { readFileSync, writeFileSync } from 'node:fs'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { parseArgs } from 'node:util'
import {
  API_PREFIX,
  createPagarmeSandbox,
  SANDBOX_PUBLIC_KEY,
  SANDBOX_SECRET_KEY,
  type SandboxOptions,
} from './api.ts'
import { emptyState, JWKS_PATH, type SandboxState } from './state.ts'

export type SandboxServer = {
  /** The server's origin, e.g. http://127.0.0.1:8090 (dashboard at /). */
  origin: string
  /** What PAGARME_API_URL takes: the origin plus /core/v5. */
  apiUrl: string
  /** What PAGARME_WEBHOOK_JWKS_URL takes: the key set that verifies the sandbox's webhook signatures. */
  jwksUrl: string
  close(): Promise<void>
}

export type SandboxServerOptions = Omit<SandboxOptions, 'state' | 'onChange'> & {
  port?: number
  /** Keeps orders across restarts (npm start); none: memory only (tests). */
  stateFile?: string | undefined
  quiet?: boolean
}

function loadState(file: string | undefined): SandboxState {
  if (!file) return emptyState()
  try {
    return { ...emptyState(), ...(JSON.parse(readFileSync(file, 'utf8')) as Partial<SandboxState>) }
  } catch {
    return emptyState()
  }
}

async function toRequest(req: IncomingMessage, origin: string): Promise<Request> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === 'string') headers.set(name, value)
    else if (Array.isArray(value)) for (const item of value) headers.append(name, item)
  }
  const method = req.method ?? 'GET'
  return new Request(new URL(req.url ?? '/', origin), {
    method,
    headers,
    ...(method === 'GET' || method === 'HEAD' ? {} : { body: Buffer.concat(chunks) }),
  })
}

async function send(res: ServerResponse, response: Response) {
  res.statusCode = response.status
  response.headers.forEach((value, name) => {
    res.setHeader(name, value)
  })
  res.end(Buffer.from(await response.arrayBuffer()))
}

export async function startPagarmeSandbox(options: SandboxServerOptions = {}): Promise<SandboxServer> {
  const state = loadState(options.stateFile)
  let saveTimer: ReturnType<typeof setTimeout> | undefined
  const save = () => {
    if (!options.stateFile || saveTimer) return
    saveTimer = setTimeout(() => {
      saveTimer = undefined
      writeFileSync(options.stateFile!, JSON.stringify(state))
    }, 200)
  }
  const sandbox = createPagarmeSandbox({ ...options, state, onChange: save })
  let origin = ''
  const server = createServer((req, res) => {
    toRequest(req, origin)
      .then((request) => sandbox.handle(request))
      .then((response) => send(res, response))
      .catch((error: unknown) => {
        if (!options.quiet) console.error('sandbox Pagar.me:', error)
        res.statusCode = 500
        res.end(JSON.stringify({ message: 'Sandbox error.' }))
      })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve())
  })
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    origin,
    apiUrl: `${origin}${API_PREFIX}`,
    jwksUrl: `${origin}${JWKS_PATH}`,
    close: async () => {
      sandbox.stop()
      if (saveTimer) {
        clearTimeout(saveTimer)
        saveTimer = undefined
        if (options.stateFile) writeFileSync(options.stateFile, JSON.stringify(state))
      }
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
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
  console.log(`
  Sandbox do Pagar.me (Core API v5) em ${server.origin}  (painel: ${server.origin}/)
    PAGARME_API_URL=${server.apiUrl}
    PAGARME_SECRET_KEY=${SANDBOX_SECRET_KEY}   (qualquer sk_test_… serve)
    PAGARME_PUBLIC_KEY_TEST=${SANDBOX_PUBLIC_KEY}
    PAGARME_WEBHOOK_JWKS_URL=${server.jwksUrl}   (webhooks assinados; troca de chave no painel)
    webhooks: ${values['webhook-url'] ?? 'nenhum (use --webhook-url e --webhook-auth usuario:senha)'}
  Ctrl-C encerra.
`)
  const stop = () => void server.close().then(() => process.exit(0))
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}
