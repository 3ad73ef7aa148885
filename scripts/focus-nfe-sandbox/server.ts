// The Focus NFe stand-in (NFS-e Nacional) as a local HTTP server: started by `npm start`, by the
// test suites' global setups, or on its own (`npm run sandbox:focus-nfe`) so that
// FOCUS_NFE_API_URL can point at it. Listens on 127.0.0.1 only.
import { readFileSync, writeFileSync } from 'node:fs'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { parseArgs } from 'node:util'
import { createFocusNfeSandbox, type FocusSandboxOptions, SANDBOX_TOKEN } from './api.ts'
import { emptyState, type SandboxState } from './state.ts'

export type FocusNfeSandboxServer = {
  /** The server's origin, e.g. http://127.0.0.1:8091: what FOCUS_NFE_API_URL takes (page at /). */
  origin: string
  close(): Promise<void>
}

export type FocusNfeSandboxServerOptions = Omit<FocusSandboxOptions, 'state' | 'onChange'> & {
  port?: number
  /** Keeps the notes across restarts (npm start); none: memory only (tests). */
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
  if (res.destroyed) return
  res.statusCode = response.status
  response.headers.forEach((value, name) => {
    res.setHeader(name, value)
  })
  res.end(Buffer.from(await response.arrayBuffer()))
}

export async function startFocusNfeSandbox(
  options: FocusNfeSandboxServerOptions = {},
): Promise<FocusNfeSandboxServer> {
  const state = loadState(options.stateFile)
  let saveTimer: ReturnType<typeof setTimeout> | undefined
  const save = () => {
    if (!options.stateFile || saveTimer) return
    saveTimer = setTimeout(() => {
      saveTimer = undefined
      writeFileSync(options.stateFile!, JSON.stringify(state))
    }, 200)
  }
  const sandbox = createFocusNfeSandbox({ ...options, state, onChange: save })
  let origin = ''
  const server = createServer((req, res) => {
    toRequest(req, origin)
      .then((request) => sandbox.handle(request))
      .then((response) => send(res, response))
      .catch((error: unknown) => {
        if (!options.quiet) console.error('stand-in Focus NFe:', error)
        if (res.destroyed) return
        res.statusCode = 500
        res.setHeader('Content-Type', 'application/json')
        res.end(JSON.stringify({ codigo: 'erro_interno', mensagem: 'Erro no stand-in.' }))
      })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve())
  })
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  sandbox.setOrigin(origin)
  return {
    origin,
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

/**
 * Registers the store's gatilho at a Focus NFe API (the stand-in here) as Focus documents it: POST
 * /v2/hooks with the event, the URL and the `authorization` the store checks. Earlier gatilhos to
 * the same URL (an earlier run's secret) are deleted first, so one firing reaches the store once.
 */
export async function registerFocusNfeHook(
  apiUrl: string,
  token: string,
  url: string,
  authorization: string,
) {
  const headers = { Authorization: `Basic ${btoa(`${token}:`)}`, 'Content-Type': 'application/json' }
  const listed = await fetch(`${apiUrl}/v2/hooks`, { headers })
  if (!listed.ok) throw new Error(`GET /v2/hooks respondeu ${listed.status}`)
  for (const hook of (await listed.json()) as Array<{ id: string; url: string; event: string }>) {
    if (hook.url !== url || hook.event !== 'nfsen') continue
    const deleted = await fetch(`${apiUrl}/v2/hooks/${hook.id}`, { method: 'DELETE', headers })
    await deleted.body?.cancel()
  }
  const created = await fetch(`${apiUrl}/v2/hooks`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ event: 'nfsen', url, authorization }),
  })
  if (!created.ok) throw new Error(`POST /v2/hooks respondeu ${created.status}: ${await created.text()}`)
  return (await created.json()) as { id: string }
}

if (import.meta.main) {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: process.env.FOCUS_NFE_SANDBOX_PORT ?? '8091' },
      'state-file': { type: 'string' },
      'authorize-after-ms': { type: 'string', default: '2000' },
      cnpj: { type: 'string' },
    },
  })
  const server = await startFocusNfeSandbox({
    port: Number(values.port),
    stateFile: values['state-file'],
    authorizeAfterMs: Number(values['authorize-after-ms']),
    companyCnpj: values.cnpj,
  })
  console.log(`
  Stand-in da Focus NFe (NFS-e Nacional) em ${server.origin}  (painel: ${server.origin}/)
    FOCUS_NFE_API_URL=${server.origin}
    FOCUS_NFE_TOKEN=${SANDBOX_TOKEN}
    gatilhos: registre com POST ${server.origin}/v2/hooks {"event":"nfsen","url":…,"authorization":…}
  Ctrl-C encerra.
`)
  const stop = () => void server.close().then(() => process.exit(0))
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}
