// Hrana over HTTP, JSON encoding: the protocol @libsql/client speaks to a remote libSQL server.
// Wire shapes follow @libsql/hrana-client (http/json_encode.js, shared/json_encode.js and the decoders).
// parsePipelineRequest validates a whole request body up front, so bad input never reaches SQLite.

/** A value as SQLite binds and returns it (the `libsql` package takes exactly these types). */
export type SqlValue = null | bigint | number | string | Uint8Array

export type Stmt = {
  sql: string | undefined
  sqlId: number | undefined
  args: SqlValue[]
  namedArgs: Array<{ name: string; value: SqlValue }>
  wantRows: boolean
}

export type BatchCond =
  | { type: 'ok' | 'error'; step: number }
  | { type: 'not'; cond: BatchCond }
  | { type: 'and' | 'or'; conds: BatchCond[] }
  | { type: 'is_autocommit' }

export type BatchStep = { condition: BatchCond | undefined; stmt: Stmt }

export type StreamRequest =
  | { type: 'close' }
  | { type: 'execute'; stmt: Stmt }
  | { type: 'batch'; steps: BatchStep[] }
  | { type: 'sequence' | 'describe'; sql: string | undefined; sqlId: number | undefined }
  | { type: 'store_sql'; sqlId: number; sql: string }
  | { type: 'close_sql'; sqlId: number }
  | { type: 'get_autocommit' }

export type PipelineRequest = { baton: string | undefined; requests: StreamRequest[] }

export type WireValue =
  | { type: 'null' }
  | { type: 'integer'; value: string }
  | { type: 'float'; value: number }
  | { type: 'text'; value: string }
  | { type: 'blob'; base64: string }

export type WireError = { message: string; code: string }

export type StmtResult = {
  cols: Array<{ name: string; decltype: string | null }>
  rows: WireValue[][]
  affected_row_count: number
  last_insert_rowid: string | null
}

export type BatchResult = { step_results: Array<StmtResult | null>; step_errors: Array<WireError | null> }

export type DescribeResult = {
  params: Array<{ name: string | null }>
  cols: Array<{ name: string; decltype: string | null }>
  is_explain: boolean
  is_readonly: boolean
}

export type StreamResponse =
  | { type: 'close' | 'sequence' | 'store_sql' | 'close_sql' }
  | { type: 'execute'; result: StmtResult }
  | { type: 'batch'; result: BatchResult }
  | { type: 'describe'; result: DescribeResult }
  | { type: 'get_autocommit'; is_autocommit: boolean }

export type StreamResult = { type: 'ok'; response: StreamResponse } | { type: 'error'; error: WireError }

export type PipelineResponse = { baton: string | null; base_url: null; results: StreamResult[] }

/** The request body is not valid Hrana: the server answers 400 without running anything. */
export class ProtocolError extends Error {}

const I64_MIN = -(2n ** 63n)
const I64_MAX = 2n ** 63n - 1n

export function parsePipelineRequest(body: unknown): PipelineRequest {
  const o = object(body, 'body')
  const baton = o.baton == null ? undefined : string(o.baton, 'baton')
  const requests = array(o.requests, 'requests').map((r, i) => parseRequest(r, `requests[${i}]`))
  return { baton, requests }
}

function parseRequest(value: unknown, at: string): StreamRequest {
  const o = object(value, at)
  const type = string(o.type, `${at}.type`)
  switch (type) {
    case 'close':
    case 'get_autocommit':
      return { type }
    case 'execute':
      return { type, stmt: parseStmt(o.stmt, `${at}.stmt`) }
    case 'batch': {
      const batch = object(o.batch, `${at}.batch`)
      const steps = array(batch.steps, `${at}.batch.steps`).map((s, i) =>
        parseStep(s, i, `${at}.batch.steps[${i}]`),
      )
      return { type, steps }
    }
    case 'sequence':
    case 'describe': {
      const { sql, sqlId } = parseSqlSource(o, at)
      return { type, sql, sqlId }
    }
    case 'store_sql':
      return { type, sqlId: sqlId(o.sql_id, `${at}.sql_id`), sql: string(o.sql, `${at}.sql`) }
    case 'close_sql':
      return { type, sqlId: sqlId(o.sql_id, `${at}.sql_id`) }
    default:
      throw new ProtocolError(`${at}.type: unknown request type ${JSON.stringify(type)}`)
  }
}

function parseStep(value: unknown, index: number, at: string): BatchStep {
  const o = object(value, at)
  const condition = o.condition == null ? undefined : parseCond(o.condition, index, `${at}.condition`)
  return { condition, stmt: parseStmt(o.stmt, `${at}.stmt`) }
}

// A condition may only look at earlier steps: their outcome is known when this step runs.
function parseCond(value: unknown, stepIndex: number, at: string): BatchCond {
  const o = object(value, at)
  const type = string(o.type, `${at}.type`)
  switch (type) {
    case 'ok':
    case 'error': {
      const step = o.step
      if (typeof step !== 'number' || !Number.isInteger(step) || step < 0 || step >= stepIndex) {
        throw new ProtocolError(`${at}.step: must name an earlier step (0..${stepIndex - 1})`)
      }
      return { type, step }
    }
    case 'not':
      return { type, cond: parseCond(o.cond, stepIndex, `${at}.cond`) }
    case 'and':
    case 'or':
      return {
        type,
        conds: array(o.conds, `${at}.conds`).map((c, i) => parseCond(c, stepIndex, `${at}.conds[${i}]`)),
      }
    case 'is_autocommit':
      return { type }
    default:
      throw new ProtocolError(`${at}.type: unknown condition type ${JSON.stringify(type)}`)
  }
}

function parseStmt(value: unknown, at: string): Stmt {
  const o = object(value, at)
  const { sql, sqlId } = parseSqlSource(o, at)
  const args =
    o.args == null ? [] : array(o.args, `${at}.args`).map((v, i) => decodeValue(v, `${at}.args[${i}]`))
  const namedArgs =
    o.named_args == null
      ? []
      : array(o.named_args, `${at}.named_args`).map((arg, i) => {
          const a = object(arg, `${at}.named_args[${i}]`)
          return {
            name: string(a.name, `${at}.named_args[${i}].name`),
            value: decodeValue(a.value, `${at}.named_args[${i}].value`),
          }
        })
  const wantRows = o.want_rows == null ? true : boolean(o.want_rows, `${at}.want_rows`)
  return { sql, sqlId, args, namedArgs, wantRows }
}

function parseSqlSource(o: Record<string, unknown>, at: string) {
  const sql = o.sql == null ? undefined : string(o.sql, `${at}.sql`)
  const id = o.sql_id == null ? undefined : sqlId(o.sql_id, `${at}.sql_id`)
  if ((sql === undefined) === (id === undefined)) {
    throw new ProtocolError(`${at}: exactly one of "sql" and "sql_id" is required`)
  }
  return { sql, sqlId: id }
}

export function decodeValue(value: unknown, at: string): SqlValue {
  const o = object(value, at)
  const type = string(o.type, `${at}.type`)
  switch (type) {
    case 'null':
      return null
    case 'integer': {
      const v = o.value
      const int =
        typeof v === 'string' && /^-?\d{1,19}$/.test(v)
          ? BigInt(v)
          : typeof v === 'number' && Number.isSafeInteger(v)
            ? BigInt(v)
            : undefined
      if (int === undefined || int < I64_MIN || int > I64_MAX) {
        throw new ProtocolError(`${at}.value: expected a 64-bit integer as a decimal string`)
      }
      return int
    }
    case 'float': {
      if (typeof o.value !== 'number') throw new ProtocolError(`${at}.value: expected a number`)
      return o.value
    }
    case 'text':
      return string(o.value, `${at}.value`)
    case 'blob': {
      const base64 = o.base64 ?? ''
      if (typeof base64 !== 'string' || !/^[A-Za-z0-9+/_-]*={0,2}$/.test(base64)) {
        throw new ProtocolError(`${at}.base64: expected a base64 string`)
      }
      return Buffer.from(base64, 'base64')
    }
    default:
      throw new ProtocolError(`${at}.type: unknown value type ${JSON.stringify(type)}`)
  }
}

/** Encodes what the `libsql` package returns (with safe integers on, integers arrive as bigint). */
export function encodeValue(value: unknown): WireValue {
  if (value === null || value === undefined) return { type: 'null' }
  if (typeof value === 'bigint') return { type: 'integer', value: value.toString() }
  if (typeof value === 'number') return { type: 'float', value }
  if (typeof value === 'string') return { type: 'text', value }
  if (value instanceof Uint8Array) return { type: 'blob', base64: Buffer.from(value).toString('base64') }
  if (value instanceof ArrayBuffer) return { type: 'blob', base64: Buffer.from(value).toString('base64') }
  throw new Error(`Cannot encode a ${typeof value} value`)
}

function object(value: unknown, at: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ProtocolError(`${at}: expected an object`)
  }
  return value as Record<string, unknown>
}

function array(value: unknown, at: string): unknown[] {
  if (!Array.isArray(value)) throw new ProtocolError(`${at}: expected an array`)
  return value
}

function string(value: unknown, at: string): string {
  if (typeof value !== 'string') throw new ProtocolError(`${at}: expected a string`)
  return value
}

function boolean(value: unknown, at: string): boolean {
  if (typeof value !== 'boolean') throw new ProtocolError(`${at}: expected a boolean`)
  return value
}

function sqlId(value: unknown, at: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > 2 ** 31 - 1) {
    throw new ProtocolError(`${at}: expected a non-negative 32-bit integer`)
  }
  return value
}
