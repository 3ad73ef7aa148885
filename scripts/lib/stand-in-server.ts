// The local HTTP server both stand-ins (the Pagar.me sandbox, the Focus NFe stand-in) run in: a
// node:http server on 127.0.0.1 that hands each request to the stand-in's fetch-style handler, and
// keeps its state in a JSON file across restarts when given one (npm start), in memory otherwise
// (tests). What each stand-in speaks lives in its own api.ts; only the start-up lives here.
import { readFileSync, writeFileSync } from 'node:fs'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** What a stand-in's api.ts builds: a handler and a stop for its timers. */
export type StandIn = {
  handle(request: Request): Promise<Response>
  stop(): void
}

/** Where a stand-in listens and keeps its state: what its start function takes beside its own options. */
export type StandInListenOptions = {
  /** None or 0: any free port (tests). */
  port?: number | undefined
  /** Keeps the state (orders, notes) across restarts (npm start); none: memory only (tests). */
  stateFile?: string | undefined
  /** No console line when a request fails (tests). */
  quiet?: boolean | undefined
}

export type StandInServerOptions<State, S extends StandIn> = StandInListenOptions & {
  /** A fresh state: what a missing or unreadable state file starts from. */
  emptyState: () => State
  /** Builds the stand-in over the state; `onChange` saves it (at most every 200 ms). */
  create: (state: State, onChange: () => void) => S
  /** The stand-in's name in the console's error lines. */
  label: string
  /** The JSON body of a 500 when the handler throws (in the stand-in's own error shape). */
  errorBody: unknown
}

export type StandInServer<S extends StandIn> = {
  /** The server's origin, e.g. http://127.0.0.1:8090 (its page at /). */
  origin: string
  sandbox: S
  close(): Promise<void>
}

function loadState<State>(file: string | undefined, emptyState: () => State): State {
  if (!file) return emptyState()
  try {
    return { ...emptyState(), ...(JSON.parse(readFileSync(file, 'utf8')) as Partial<State>) }
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

/** Starts a stand-in on 127.0.0.1 (`port` 0 or none: any free port) and answers once it listens. */
export async function startStandInServer<State, S extends StandIn>(
  options: StandInServerOptions<State, S>,
): Promise<StandInServer<S>> {
  const { stateFile } = options
  const state = loadState(stateFile, options.emptyState)
  let saveTimer: ReturnType<typeof setTimeout> | undefined
  const save = () => {
    if (!stateFile || saveTimer) return
    saveTimer = setTimeout(() => {
      saveTimer = undefined
      writeFileSync(stateFile, JSON.stringify(state))
    }, 200)
  }
  const sandbox = options.create(state, save)
  let origin = ''
  const server = createServer((req, res) => {
    toRequest(req, origin)
      .then((request) => sandbox.handle(request))
      .then((response) => send(res, response))
      .catch((error: unknown) => {
        if (!options.quiet) console.error(`${options.label}:`, error)
        if (res.destroyed) return
        res.statusCode = 500
        res.setHeader('Content-Type', 'application/json')
        res.end(JSON.stringify(options.errorBody))
      })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve())
  })
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    origin,
    sandbox,
    close: async () => {
      sandbox.stop()
      if (saveTimer) {
        clearTimeout(saveTimer)
        saveTimer = undefined
        if (stateFile) writeFileSync(stateFile, JSON.stringify(state))
      }
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

/** Runs a stand-in from the command line: prints how to point the store at it, stops on Ctrl-C. */
export function serveUntilInterrupted(server: { close(): Promise<void> }, banner: string) {
  console.log(banner)
  const stop = () => void server.close().then(() => process.exit(0))
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}
