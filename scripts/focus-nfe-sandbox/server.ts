// The Focus NFe stand-in (NFS-e Nacional) as a local HTTP server: started by `npm start`, by the
// test suites' global setups, or on its own (`npm run sandbox:focus-nfe`) so that
// FOCUS_NFE_API_URL can point at it. Listens on 127.0.0.1 only.
import { parseArgs } from 'node:util'
import {
  type StandInListenOptions,
  serveUntilInterrupted,
  startStandInServer,
} from '../lib/stand-in-server.ts'
import { createFocusNfeSandbox, type FocusSandboxOptions, SANDBOX_TOKEN } from './api.ts'
import { emptyState } from './state.ts'

export type FocusNfeSandboxServer = {
  /** The server's origin, e.g. http://127.0.0.1:8091: what FOCUS_NFE_API_URL takes (page at /). */
  origin: string
  close(): Promise<void>
}

type FocusNfeSandboxServerOptions = Omit<FocusSandboxOptions, 'state' | 'onChange'> & StandInListenOptions

export async function startFocusNfeSandbox(
  options: FocusNfeSandboxServerOptions = {},
): Promise<FocusNfeSandboxServer> {
  const { origin, sandbox, close } = await startStandInServer({
    ...options,
    emptyState,
    create: (state, onChange) => createFocusNfeSandbox({ ...options, state, onChange }),
    label: 'stand-in Focus NFe',
    errorBody: { codigo: 'erro_interno', mensagem: 'Erro no stand-in.' },
  })
  sandbox.setOrigin(origin)
  return { origin, close }
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
  serveUntilInterrupted(
    server,
    `
  Stand-in da Focus NFe (NFS-e Nacional) em ${server.origin}  (painel: ${server.origin}/)
    FOCUS_NFE_API_URL=${server.origin}
    FOCUS_NFE_TOKEN=${SANDBOX_TOKEN}
    gatilhos: registre com POST ${server.origin}/v2/hooks {"event":"nfsen","url":…,"authorization":…}
  Ctrl-C encerra.
`,
  )
}
