// Local stand-in for Turso: serves the libSQL remote protocol (Hrana over HTTP, JSON) from a SQLite file,
// so the Worker's `@libsql/client/web` talks to it exactly as it talks to production.
// Run directly: `npm run db:server -- --file .data/local.db --port 8080 [--host 127.0.0.1] [--auth-token T]`.
import { randomBytes, timingSafeEqual } from 'node:crypto'
import { mkdirSync } from 'node:fs'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { dirname, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import Database from 'libsql'
import {
  type BatchCond,
  type BatchResult,
  type BatchStep,
  type DescribeResult,
  encodeValue,
  type PipelineResponse,
  ProtocolError,
  parsePipelineRequest,
  type SqlValue,
  type Stmt,
  type StmtResult,
  type StreamRequest,
  type StreamResponse,
  type StreamResult,
  type WireError,
} from './hrana.ts'

export type LocalServerOptions = {
  file: string
  /** 0 picks a free port. */
  port?: number
  host?: string
  /** When set, every pipeline request must carry `Authorization: Bearer <token>`. */
  authToken?: string
  quiet?: boolean
  /** An idle stream is dropped after this long and its open transaction rolled back. */
  streamIdleMs?: number
  /** How long a write waits for another stream's write lock before failing with SQLITE_BUSY. */
  busyTimeoutMs?: number
  /**
   * Test-only: enables setFault(), which makes the server hang or refuse connections. Never
   * set by `npm start` or the CLI; the worker tests' global setup turns it on.
   */
  faultInjection?: boolean
}

/**
 * `hang`: connections are accepted and requests held unanswered, as when the process serving
 * libSQL is frozen (a hung connection to Turso); restoring answers them, late, as a resumed
 * process would. `refuse`: the port is closed and open connections are cut, as when the server
 * is down. `none`: normal service, on the same port.
 */
export type Fault = 'none' | 'hang' | 'refuse'

export type LocalServer = {
  url: string
  port: number
  close(): Promise<void>
  /**
   * Only with `faultInjection: true`; throws otherwise. `afterRequests`: the fault starts once
   * that many more pipeline requests have been let through (a cut between two round trips).
   */
  setFault(fault: Fault, when?: { afterRequests?: number }): Promise<void>
}

const MAX_BODY_BYTES = 10 * 1024 * 1024
const DEFAULT_STREAM_IDLE_MS = 10_000
const DEFAULT_BUSY_TIMEOUT_MS = 5_000

type Connection = Database.Database

/** A Hrana stream: one SQLite connection of its own, handed from request to request by a baton. */
type Stream = {
  file: string
  busyTimeoutMs: number
  db: Connection
  sqls: Map<number, string>
  timer: NodeJS.Timeout | undefined
  closed: boolean
  /** A statement on `db` failed with SQLITE_BUSY and was not retried to success (see runWaitingForLock). */
  tainted: boolean
}

class HttpError extends Error {
  status: number
  code: string
  constructor(status: number, code: string, message: string) {
    super(message)
    this.status = status
    this.code = code
  }
}

/** Fails one request of a pipeline (the client sees a LibsqlError with this code); the stream lives on. */
class RequestError extends Error {
  code: string
  constructor(code: string, message: string) {
    super(message)
    this.code = code
  }
}

export async function startLocalServer(options: LocalServerOptions): Promise<LocalServer> {
  const file = resolve(options.file)
  const host = options.host ?? '127.0.0.1'
  const idleMs = options.streamIdleMs ?? DEFAULT_STREAM_IDLE_MS
  const busyTimeoutMs = options.busyTimeoutMs ?? DEFAULT_BUSY_TIMEOUT_MS
  const log = options.quiet ? () => {} : (message: string) => console.error(`[local-server] ${message}`)
  mkdirSync(dirname(file), { recursive: true })

  // Kept open for the server's lifetime: otherwise every stream that closes the last connection
  // would checkpoint and delete the WAL.
  const anchor = new Database(file)
  anchor.exec('PRAGMA journal_mode = WAL')

  const parked = new Map<string, Stream>() // by the baton the client holds
  const live = new Set<Stream>()
  let closing = false

  function openStream(): Stream {
    const db = openConnection(file)
    const stream: Stream = {
      file,
      busyTimeoutMs,
      db,
      sqls: new Map(),
      timer: undefined,
      closed: false,
      tainted: false,
    }
    live.add(stream)
    return stream
  }

  function closeStream(stream: Stream) {
    if (stream.closed) return
    stream.closed = true
    clearTimeout(stream.timer)
    live.delete(stream)
    try {
      // Explicit: `libsql` only really closes the connection once its statements are garbage collected.
      if (stream.db.inTransaction) stream.db.exec('ROLLBACK')
    } catch (error) {
      log(`rollback on close failed: ${messageOf(error)}`)
    }
    stream.db.close()
  }

  function resume(baton: string): Stream {
    const stream = parked.get(baton)
    // sqld's words and code for an unknown baton (closed, or idle longer than idleMs).
    if (!stream) throw new HttpError(400, 'STREAM_EXPIRED', 'The stream has expired due to inactivity')
    // Each baton is good for one request, so a stream never runs two pipelines at once.
    parked.delete(baton)
    clearTimeout(stream.timer)
    return stream
  }

  function park(stream: Stream): string {
    const baton = randomBytes(18).toString('base64url')
    parked.set(baton, stream)
    stream.timer = setTimeout(() => {
      parked.delete(baton)
      closeStream(stream)
    }, idleMs)
    stream.timer.unref()
    return baton
  }

  async function pipeline(body: unknown): Promise<PipelineResponse> {
    const request = parsePipelineRequest(body)
    const stream = request.baton === undefined ? openStream() : resume(request.baton)
    const results: StreamResult[] = []
    let closeRequested = false
    for (const req of request.requests) {
      if (closeRequested) {
        results.push(
          failure(new RequestError('STREAM_CLOSED', 'The stream was closed earlier in this pipeline')),
        )
      } else if (req.type === 'close') {
        closeRequested = true
        results.push({ type: 'ok', response: { type: 'close' } })
      } else {
        try {
          results.push({ type: 'ok', response: await handleRequest(stream, req) })
        } catch (error) {
          results.push(failure(error))
        }
      }
    }
    if (closeRequested || closing || stream.closed) {
      closeStream(stream)
      return { baton: null, base_url: null, results }
    }
    return { baton: park(stream), base_url: null, results }
  }

  // While hanging, requests wait here until the fault is lifted.
  let fault: Fault = 'none'
  let lifted: Promise<void> = Promise.resolve()
  let lift = () => {}
  // A fault set to start after this many more pipeline requests (a cut between two writes).
  let armed: { fault: Fault; remaining: number } | undefined

  async function route(req: IncomingMessage, res: ServerResponse) {
    const path = (req.url ?? '/').split('?')[0] ?? '/'
    if (path !== '/v2/pipeline') await lifted
    if (req.method === 'GET' && path === '/health') return sendJson(res, 200, { ok: true })
    // hrana-client probes versions only when asked for protocol 3, and then only /v3-protobuf: anything
    // but /v2 answering 404 keeps every client on the JSON v2 protocol implemented here.
    if (req.method === 'GET' && path === '/v2') return sendJson(res, 200, { version: 2 })
    if (path !== '/v2/pipeline') throw new HttpError(404, 'NOT_FOUND', `No route for ${req.method} ${path}`)
    if (req.method !== 'POST') throw new HttpError(405, 'METHOD_NOT_ALLOWED', 'Use POST for /v2/pipeline')
    if (options.authToken && !bearerMatches(req.headers.authorization, options.authToken)) {
      throw new HttpError(401, 'UNAUTHORIZED', 'Missing or wrong "Authorization: Bearer <token>" header')
    }
    const text = (await readBody(req)).toString('utf8')
    // A frozen process had the bytes in its socket buffer: it runs them when it resumes, even for a
    // client that stopped waiting (so a write can land after its caller got a timeout).
    await lifted
    let body: unknown
    try {
      body = JSON.parse(text)
    } catch (error) {
      throw new ProtocolError(`request body is not valid JSON: ${messageOf(error)}`)
    }
    sendJson(res, 200, await pipeline(body))
  }

  const server = createServer((req, res) => {
    if (armed && req.method === 'POST' && req.url?.startsWith('/v2/pipeline')) {
      if (armed.remaining > 0) armed.remaining -= 1
      else {
        const next = armed.fault
        armed = undefined
        void switchFault(next)
        if (next === 'refuse') return req.socket.destroy()
      }
    }
    route(req, res).catch((error: unknown) => {
      if (error instanceof HttpError) {
        return sendJson(res, error.status, { message: error.message, code: error.code })
      }
      // sqld answers a request it cannot decode with 400 and the reason as plain text.
      if (error instanceof ProtocolError) return sendText(res, 400, `Invalid Hrana request: ${error.message}`)
      log(`internal error on ${req.method} ${req.url}: ${error instanceof Error ? error.stack : error}`)
      sendJson(res, 500, { message: `Internal server error: ${messageOf(error)}`, code: 'INTERNAL_ERROR' })
    })
  })

  const listen = (port: number) =>
    new Promise<void>((resolveListen, rejectListen) => {
      server.once('error', rejectListen)
      server.listen(port, host, () => {
        server.off('error', rejectListen)
        resolveListen()
      })
    })
  await listen(options.port ?? 0).catch((error: unknown) => {
    anchor.close()
    throw error
  })
  server.on('error', (error) => log(`server error: ${messageOf(error)}`))

  const port = (server.address() as AddressInfo).port
  const urlHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host
  const url = `http://${urlHost}:${port}`
  let closed: Promise<void> | undefined

  /** The switch itself: synchronous for `hang`, so a request arriving next is already held. */
  async function switchFault(next: Fault) {
    if (closing || next === fault) return
    const previous = fault
    fault = next
    if (next === 'hang') lifted = new Promise((resolveLift) => (lift = resolveLift))
    else lift()
    if (previous === 'refuse') await listen(port)
    if (next === 'refuse') {
      // Not listening: a new connection is refused by the kernel, as with a server that is down.
      const stopped = new Promise<void>((done) => server.close(() => done()))
      server.closeAllConnections()
      await stopped
    }
    log(`fault: ${next}`)
  }

  async function setFault(next: Fault, when: { afterRequests?: number } = {}) {
    if (!options.faultInjection)
      throw new Error('Fault injection is off: start the server with faultInjection')
    armed = undefined
    if (when.afterRequests) armed = { fault: next, remaining: when.afterRequests }
    else await switchFault(next)
  }

  return {
    url,
    port,
    setFault,
    close() {
      closed ??= (async () => {
        closing = true
        lift()
        // Parked streams first: their rollbacks release locks that in-flight requests may be waiting on.
        for (const stream of parked.values()) closeStream(stream)
        parked.clear()
        const stopped =
          fault === 'refuse' ? Promise.resolve() : new Promise<void>((done) => server.close(() => done()))
        server.closeIdleConnections()
        await stopped
        for (const stream of live) closeStream(stream)
        anchor.close()
      })()
      return closed
    },
  }
}

// ── Stream requests ─────────────────────────────────────────────────────────

function openConnection(file: string): Connection {
  const db = new Database(file)
  db.defaultSafeIntegers(true)
  // busy_timeout 0: SQLite would wait synchronously and freeze the event loop, including the request
  // that would release the lock; runWaitingForLock() waits asynchronously instead. synchronous = NORMAL
  // is safe with WAL (only a power cut can lose the last commits) and saves an fsync per commit.
  db.exec('PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 0; PRAGMA synchronous = NORMAL')
  return db
}

async function handleRequest(
  stream: Stream,
  req: Exclude<StreamRequest, { type: 'close' }>,
): Promise<StreamResponse> {
  switch (req.type) {
    case 'execute':
      return { type: 'execute', result: await execute(stream, req.stmt) }
    case 'batch':
      return { type: 'batch', result: await runBatch(stream, req.steps) }
    case 'sequence': {
      const sql = sqlText(stream, req)
      await runWaitingForLock(stream, (db) => db.exec(sql))
      return { type: 'sequence' }
    }
    case 'describe':
      return { type: 'describe', result: describe(connection(stream), sqlText(stream, req)) }
    case 'store_sql':
      if (stream.sqls.has(req.sqlId))
        throw new RequestError('SQL_ID_TAKEN', `sql_id ${req.sqlId} is already stored`)
      stream.sqls.set(req.sqlId, req.sql)
      return { type: 'store_sql' }
    case 'close_sql':
      stream.sqls.delete(req.sqlId)
      return { type: 'close_sql' }
    case 'get_autocommit':
      return { type: 'get_autocommit', is_autocommit: !connection(stream).inTransaction }
  }
}

async function runBatch(stream: Stream, steps: BatchStep[]): Promise<BatchResult> {
  const result: BatchResult = { step_results: [], step_errors: [] }
  for (const step of steps) {
    let stepResult: StmtResult | null = null
    let stepError: WireError | null = null
    if (!step.condition || holds(step.condition, result, connection(stream))) {
      try {
        stepResult = await execute(stream, step.stmt)
      } catch (error) {
        stepError = wireError(error)
      }
    }
    result.step_results.push(stepResult)
    result.step_errors.push(stepError)
  }
  return result
}

function holds(cond: BatchCond, done: BatchResult, db: Connection): boolean {
  switch (cond.type) {
    case 'ok':
      return done.step_results[cond.step] != null
    case 'error':
      return done.step_errors[cond.step] != null
    case 'not':
      return !holds(cond.cond, done, db)
    case 'and':
      return cond.conds.every((c) => holds(c, done, db))
    case 'or':
      return cond.conds.some((c) => holds(c, done, db))
    case 'is_autocommit':
      return !db.inTransaction
  }
}

async function execute(stream: Stream, stmt: Stmt): Promise<StmtResult> {
  const sql = sqlText(stream, stmt)
  const db = connection(stream)
  const prepared = db.prepare(sql)
  const args = bindingsFor(db, sql, stmt)
  let changesBefore: bigint | undefined
  // The same prepared statement on every attempt: running it again is what resets a busy one.
  const rows = await runWaitingForLock(stream, () => {
    changesBefore = changeCounters(db).total
    if (!prepared.reader) {
      prepared.run(args)
      return []
    }
    const all = prepared.raw(true).all(args) as unknown[][]
    if (EXPLAIN_PREFIX.test(sql)) prepared.get(args) // see explainProgram()
    return all
  })
  const after = changeCounters(db)
  // changes() keeps the count of the last INSERT/UPDATE/DELETE, so only trust it if this one wrote.
  const wrote = after.total !== changesBefore
  return {
    cols: prepared.columns().map((col) => ({ name: col.name, decltype: col.type })),
    rows: stmt.wantRows ? rows.map((row) => row.map(encodeValue)) : [],
    affected_row_count: wrote ? Number(after.changes) : 0,
    last_insert_rowid: wrote ? String(after.lastInsertRowid) : null,
  }
}

function changeCounters(db: Connection) {
  const row = db.prepare('SELECT total_changes(), changes(), last_insert_rowid()').raw(true).get() as bigint[]
  return { total: row[0], changes: row[1], lastInsertRowid: row[2] }
}

/**
 * Positional args bind by index. Named args need the statement's parameter names, which libsql-js does
 * not expose (and binding it an object panics on `?` parameters), so they come from the EXPLAIN program.
 */
function bindingsFor(db: Connection, sql: string, stmt: Stmt): SqlValue[] {
  if (stmt.namedArgs.length === 0) return stmt.args
  const names = parameterNames(explainProgram(db, sql))
  const values = names.map((_, i) => stmt.args[i] ?? null)
  for (const { name, value } of stmt.namedArgs) {
    // Clients send names with their prefix (":id") or without ("id"); both are accepted.
    const index = names.findIndex((n) => n !== null && (n === name || n.slice(1) === name))
    if (index >= 0) values[index] = value
  }
  return values
}

const EXPLAIN_PREFIX = /^(?:\s|--[^\n]*(?:\n|$)|\/\*[\s\S]*?\*\/)*explain\b(?:\s+query\s+plan\b)?/i

/** The VDBE program of `sql` as EXPLAIN lists it: [addr, opcode, p1, p2, p3, p4, p5, comment] rows. */
function explainProgram(db: Connection, sql: string): unknown[][] {
  const explain = db.prepare(`EXPLAIN ${sql.replace(EXPLAIN_PREFIX, '')}`).raw(true)
  const program = explain.all() as unknown[][]
  // libsql-js leaves a finished EXPLAIN running, counted as a writer when it lists one, and then the
  // connection's autocommit writes never commit. get() runs it once more and resets it.
  explain.get()
  return program
}

/** sqlite3_bind_parameter_name() for each index: ":id", "?3", or null for a bare "?". */
function parameterNames(program: unknown[][]): Array<string | null> {
  const names: Array<string | null> = []
  for (const [, opcode, p1, , , p4] of program) {
    if (opcode === 'Variable') names[Number(p1) - 1] = typeof p4 === 'string' ? p4 : null
  }
  return Array.from(names, (name) => name ?? null)
}

function describe(db: Connection, sql: string): DescribeResult {
  const prepared = db.prepare(sql)
  const isExplain = EXPLAIN_PREFIX.test(sql)
  const program = explainProgram(db, sql)
  // What sqlite3_stmt_readonly() looks at: a write transaction, a journal-mode change or a VACUUM.
  const writes = program.some(
    ([, op, , p2]) => (op === 'Transaction' && Number(p2) !== 0) || op === 'JournalMode' || op === 'Vacuum',
  )
  return {
    params: parameterNames(program).map((name) => ({ name })),
    cols: prepared.columns().map((col) => ({ name: col.name, decltype: col.type })),
    is_explain: isExplain,
    is_readonly: isExplain || !writes,
  }
}

/**
 * SQLite's busy timeout, done asynchronously. Lock holders are other streams of this process, and SQLite
 * work here runs to completion synchronously, so SQLITE_BUSY can only hit the first write of `attempt`:
 * nothing was written yet, and a BEGIN that `attempt` itself ran (in a sequence) is undone before retrying.
 * libsql-js never resets a prepared statement that failed with SQLITE_BUSY: it stays active, and then its
 * connection can neither COMMIT nor autocommit (writes keep the lock). Running it again resets it; if that
 * never succeeds, the stream is tainted and connection() swaps in a fresh connection.
 */
async function runWaitingForLock<T>(stream: Stream, attempt: (db: Connection) => T): Promise<T> {
  const deadline = Date.now() + stream.busyTimeoutMs
  for (let delay = 2; ; delay = Math.min(delay * 2, 50)) {
    const db = connection(stream)
    const wasAutocommit = !db.inTransaction
    try {
      return attempt(db)
    } catch (error) {
      const { code, message } = error as { code?: unknown; message?: unknown }
      // Neither SQLITE_BUSY_SNAPSHOT (a stale read transaction: only a rollback helps) nor "cannot commit
      // transaction - SQL statements in progress", which shares the plain SQLITE_BUSY code.
      const locked = code === 'SQLITE_BUSY' && message === 'database is locked'
      if (!locked || Date.now() >= deadline) {
        if (typeof code === 'string' && code.startsWith('SQLITE_BUSY')) stream.tainted = true
        throw error
      }
      if (wasAutocommit && db.inTransaction) db.exec('ROLLBACK')
    }
    await new Promise((wake) => setTimeout(wake, delay))
  }
}

function connection(stream: Stream): Connection {
  // Touching a closed `libsql` connection can abort the process, so every access goes through here.
  if (stream.closed) {
    throw new RequestError('STREAM_CLOSED', 'The stream was closed (idle timeout or shutdown)')
  }
  // Within a transaction a tainted connection is kept: its COMMIT fails, so a ROLLBACK must come first.
  if (stream.tainted && !stream.db.inTransaction) {
    stream.db.close()
    stream.db = openConnection(stream.file)
    stream.tainted = false
  }
  return stream.db
}

function sqlText(stream: Stream, source: { sql: string | undefined; sqlId: number | undefined }): string {
  const sql = source.sql ?? (source.sqlId === undefined ? undefined : stream.sqls.get(source.sqlId))
  if (sql === undefined) throw new RequestError('SQL_NOT_FOUND', `No SQL stored under sql_id ${source.sqlId}`)
  return sql
}

function failure(error: unknown): StreamResult {
  return { type: 'error', error: wireError(error) }
}

/** SQLite's primary result codes by number, named as sqld names them (libsql-server hrana/stmt.rs). */
const PRIMARY_CODES: Record<number, string> = {
  2: 'SQLITE_INTERNAL',
  3: 'SQLITE_PERM',
  4: 'SQLITE_ABORT',
  5: 'SQLITE_BUSY',
  6: 'SQLITE_LOCKED',
  7: 'SQLITE_NOMEM',
  8: 'SQLITE_READONLY',
  9: 'SQLITE_INTERRUPT',
  10: 'SQLITE_IOERR',
  11: 'SQLITE_CORRUPT',
  12: 'SQLITE_NOTFOUND',
  13: 'SQLITE_FULL',
  14: 'SQLITE_CANTOPEN',
  15: 'SQLITE_PROTOCOL',
  17: 'SQLITE_SCHEMA',
  18: 'SQLITE_TOOBIG',
  19: 'SQLITE_CONSTRAINT',
  20: 'SQLITE_MISMATCH',
  21: 'SQLITE_MISUSE',
  22: 'SQLITE_NOLFS',
  23: 'SQLITE_AUTH',
  25: 'SQLITE_RANGE',
  26: 'SQLITE_NOTADB',
}

const SYNTAX_ERROR = /syntax error|incomplete input|unrecognized token/

/**
 * The Hrana error sqld sends: only `message` and `code`, the code being the *primary* result
 * code (a UNIQUE violation is SQLITE_CONSTRAINT, never SQLITE_CONSTRAINT_UNIQUE; plain
 * SQLITE_ERROR becomes SQLITE_UNKNOWN), the message prefixed with 'SQLite error: '. SQL that
 * does not parse is refused by sqld's own parser first, as SQL_PARSE_ERROR.
 */
function wireError(error: unknown): WireError {
  const { code, rawCode } = (error ?? {}) as { code?: unknown; rawCode?: unknown }
  // What libsql-js reports for SQL that is empty or only comments.
  if (code === 'SQLITE_OK') {
    return { message: 'SQL string does not contain any statement', code: 'SQL_NO_STATEMENT' }
  }
  if (error instanceof RequestError || typeof rawCode !== 'number') {
    return { message: messageOf(error), code: typeof code === 'string' ? code : 'UNKNOWN' }
  }
  const message = messageOf(error)
  if ((rawCode & 0xff) === 1 && SYNTAX_ERROR.test(message)) {
    return { message: `SQL string could not be parsed: ${message}`, code: 'SQL_PARSE_ERROR' }
  }
  return { message: `SQLite error: ${message}`, code: PRIMARY_CODES[rawCode & 0xff] ?? 'SQLITE_UNKNOWN' }
}

// ── HTTP plumbing ───────────────────────────────────────────────────────────

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((done, fail) => {
    const chunks: Buffer[] = []
    let size = 0
    // An oversize body is drained rather than cut off, so the client still reads the 413.
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size <= MAX_BODY_BYTES) chunks.push(chunk)
    })
    req.on('end', () => {
      if (size <= MAX_BODY_BYTES) return done(Buffer.concat(chunks))
      fail(new HttpError(413, 'BODY_TOO_LARGE', `Request body exceeds ${MAX_BODY_BYTES / 1024 / 1024} MB`))
    })
    req.on('error', fail)
  })
}

function sendJson(res: ServerResponse, status: number, body: unknown) {
  if (res.headersSent || res.destroyed) return
  const text = JSON.stringify(body)
  // Exactly "application/json": hrana-client only reads error bodies with that content type.
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) })
  res.end(text)
}

function sendText(res: ServerResponse, status: number, text: string) {
  if (res.headersSent || res.destroyed) return
  res.writeHead(status, { 'content-type': 'text/plain', 'content-length': Buffer.byteLength(text) })
  res.end(text)
}

function bearerMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header ?? '')
  const expected = Buffer.from(`Bearer ${token}`)
  return given.length === expected.length && timingSafeEqual(given, expected)
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

// ── CLI ─────────────────────────────────────────────────────────────────────

if (import.meta.main) {
  const { values } = parseArgs({
    options: {
      file: { type: 'string', default: '.data/local.db' },
      port: { type: 'string', default: process.env.DB_PORT ?? '8080' },
      host: { type: 'string', default: '127.0.0.1' },
      'auth-token': { type: 'string' },
    },
  })
  const port = Number(values.port)
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    console.error(`Invalid --port / DB_PORT: ${values.port}`)
    process.exit(2)
  }
  const server = await startLocalServer({
    file: values.file,
    port,
    host: values.host,
    authToken: values['auth-token'],
  })
  console.log(`libSQL local server on ${server.url} (${values.file})`)
  const stop = () => void server.close().then(() => process.exit(0))
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
}
