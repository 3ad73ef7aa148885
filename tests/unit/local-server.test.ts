import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type Client, createClient, LibsqlError } from '@libsql/client/web'
import { eq, like } from 'drizzle-orm'
import { migrate } from 'drizzle-orm/libsql/migrator'
import { drizzle } from 'drizzle-orm/libsql/web'
import { integer, real, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type LocalServer, startLocalServer } from '../../db/local-server.ts'

const MIGRATIONS = fileURLToPath(new URL('../../migrations', import.meta.url))

const notes = sqliteTable('notes', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  title: text('title').notNull().unique(),
  body: text('body'),
  score: real('score'),
})

let dir: string
let server: LocalServer
let client: Client
const clients: Client[] = []

function newClient(config: { authToken?: string; intMode?: 'number' | 'bigint'; url?: string } = {}): Client {
  const created = createClient({ url: server.url, ...config })
  clients.push(created)
  return created
}

async function countTitles(pattern: string, reader: Client = client): Promise<number> {
  const rs = await reader.execute({
    sql: 'SELECT count(*) AS n FROM notes WHERE title LIKE ?',
    args: [pattern],
  })
  return Number(rs.rows[0]?.n)
}

/** A raw Hrana pipeline request, for what the client library does not expose. */
async function pipeline(body: unknown, init: { url?: string; headers?: Record<string, string> } = {}) {
  const response = await fetch(`${init.url ?? server.url}/v2/pipeline`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...init.headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
  const text = await response.text()
  const type = response.headers.get('content-type')
  return {
    status: response.status,
    type,
    text,
    // biome-ignore lint/suspicious/noExplicitAny: raw protocol JSON, asserted field by field
    json: (type === 'application/json' ? JSON.parse(text) : null) as any,
  }
}

const intValue = (value: bigint | number) => ({ type: 'integer', value: String(value) })
const textValue = (value: string) => ({ type: 'text', value })

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'local-server-test-'))
  server = await startLocalServer({ file: join(dir, 'nested', 'main.db'), port: 0, quiet: true })
  client = newClient()
  await client.executeMultiple(`
    CREATE TABLE notes (id INTEGER PRIMARY KEY AUTOINCREMENT, title TEXT NOT NULL UNIQUE, body TEXT, score REAL);
    CREATE TABLE vals (id INTEGER PRIMARY KEY, i INTEGER, f REAL, t TEXT, b BLOB, n TEXT);
    CREATE TABLE parents (id INTEGER PRIMARY KEY);
    CREATE TABLE children (id INTEGER PRIMARY KEY, parent_id INTEGER NOT NULL REFERENCES parents(id));
  `)
})

afterAll(async () => {
  for (const c of clients) c.close()
  await server?.close()
  await rm(dir, { recursive: true, force: true })
})

describe('local libSQL server', () => {
  it('answers health and the v2 version probe, and listens on an ephemeral 127.0.0.1 port', async () => {
    expect(server.url).toBe(`http://127.0.0.1:${server.port}`)
    expect(server.port).toBeGreaterThan(0)
    const health = await fetch(`${server.url}/health`)
    expect(health.status).toBe(200)
    expect(await health.json()).toEqual({ ok: true })
    expect((await fetch(`${server.url}/v2`)).status).toBe(200)
    expect((await fetch(`${server.url}/v3-protobuf`)).status).toBe(404)
  })

  it('runs WAL with foreign keys on for every connection', async () => {
    expect((await client.execute('PRAGMA journal_mode')).rows[0]?.journal_mode).toBe('wal')
    expect((await client.execute('PRAGMA foreign_keys')).rows[0]?.foreign_keys).toBe(1)
    await expect(client.execute('INSERT INTO children (id, parent_id) VALUES (1, 999)')).rejects.toThrow(
      /FOREIGN KEY constraint failed/,
    )
  })

  it('does CRUD through drizzle', async () => {
    const db = drizzle(client)
    const [created] = await db.insert(notes).values({ title: 'crud', body: 'first', score: 1.5 }).returning()
    expect(created).toEqual({ id: expect.any(Number), title: 'crud', body: 'first', score: 1.5 })
    const id = created!.id

    expect(await db.select().from(notes).where(eq(notes.id, id))).toEqual([created])

    const updated = await db.update(notes).set({ body: 'second' }).where(eq(notes.id, id))
    expect(updated.rowsAffected).toBe(1)
    expect((await db.select({ body: notes.body }).from(notes).where(eq(notes.id, id)))[0]?.body).toBe(
      'second',
    )

    const deleted = await db.delete(notes).where(eq(notes.id, id))
    expect(deleted.rowsAffected).toBe(1)
    expect(await db.select().from(notes).where(eq(notes.id, id))).toEqual([])
  })

  it('reports affected rows and last insert rowid like Turso', async () => {
    const inserted = await client.execute({
      sql: 'INSERT INTO notes (title) VALUES (?), (?)',
      args: ['rid-1', 'rid-2'],
    })
    expect(inserted.rowsAffected).toBe(2)
    expect(typeof inserted.lastInsertRowid).toBe('bigint')
    const selected = await client.execute("SELECT * FROM notes WHERE title LIKE 'rid-%'")
    expect(selected.rowsAffected).toBe(0)
    expect(selected.columns).toEqual(['id', 'title', 'body', 'score'])
    expect(selected.columnTypes).toEqual(['INTEGER', 'TEXT', 'TEXT', 'REAL'])
    const ddl = await client.execute('CREATE TABLE IF NOT EXISTS ddl_probe (x)')
    expect(ddl.rowsAffected).toBe(0)
  })

  it('runs a successful batch in one transaction and drizzle batches over it', async () => {
    const results = await client.batch(
      [
        { sql: 'INSERT INTO notes (title) VALUES (?)', args: ['ok-batch-1'] },
        { sql: 'INSERT INTO notes (title) VALUES (?)', args: ['ok-batch-2'] },
        "SELECT title FROM notes WHERE title LIKE 'ok-batch-%' ORDER BY title",
      ],
      'write',
    )
    expect(results.map((r) => r.rowsAffected)).toEqual([1, 1, 0])
    expect(results[2]?.rows.map((r) => r.title)).toEqual(['ok-batch-1', 'ok-batch-2'])

    const db = drizzle(client)
    const [, rows] = await db.batch([
      db.insert(notes).values({ title: 'drizzle-batch' }),
      db.select().from(notes).where(like(notes.title, 'drizzle-batch')),
    ])
    expect(rows).toHaveLength(1)
  })

  it('rolls a whole batch back when one step fails', async () => {
    const failing = client.batch(
      [
        { sql: 'INSERT INTO notes (title) VALUES (?)', args: ['batch-a'] },
        { sql: 'INSERT INTO notes (title) VALUES (?)', args: ['batch-b'] },
        { sql: 'INSERT INTO notes (title) VALUES (?)', args: ['batch-a'] },
      ],
      'write',
    )
    await expect(failing).rejects.toBeInstanceOf(LibsqlError)
    // As sqld says it: the primary code, the constraint's kind in the message.
    await expect(failing).rejects.toMatchObject({
      message: expect.stringContaining(
        'SQLITE_CONSTRAINT: SQLite error: UNIQUE constraint failed: notes.title',
      ),
      code: 'SQLITE_CONSTRAINT',
    })
    expect(await countTitles('batch-%')).toBe(0)
  })

  it('commits and rolls back interactive transactions, isolated from other clients', async () => {
    const other = newClient()

    const tx = await client.transaction('write')
    await tx.execute({ sql: 'INSERT INTO notes (title) VALUES (?)', args: ['tx-commit'] })
    expect(await countTitles('tx-commit', other)).toBe(0)
    expect(
      Number((await tx.execute("SELECT count(*) AS n FROM notes WHERE title = 'tx-commit'")).rows[0]?.n),
    ).toBe(1)
    await tx.commit()
    expect(await countTitles('tx-commit', other)).toBe(1)

    const rolledBack = await client.transaction('write')
    await rolledBack.execute({ sql: 'INSERT INTO notes (title) VALUES (?)', args: ['tx-rollback'] })
    expect(await countTitles('tx-rollback', other)).toBe(0)
    await rolledBack.rollback()
    expect(await countTitles('tx-rollback', other)).toBe(0)
    expect(await countTitles('tx-rollback')).toBe(0)
  })

  it('round-trips every value type, including 64-bit integers', async () => {
    const big = newClient({ intMode: 'bigint' })
    const i = 2n ** 62n + 12_345n
    const f = Math.PI
    const t = 'Olá, coração — ação 🎉🧪 ñ'
    const b = new Uint8Array([0, 1, 2, 127, 128, 250, 255])

    const inserted = await big.execute({
      sql: 'INSERT INTO vals (id, i, f, t, b, n) VALUES (?, ?, ?, ?, ?, ?)',
      args: [1n, i, f, t, b, null],
    })
    expect(inserted.lastInsertRowid).toBe(1n)
    await big.execute({
      sql: 'INSERT INTO vals (id, i, b) VALUES (:id, :i, :b)',
      args: { id: 2n, i: -(2n ** 63n), b: b.buffer },
    })

    const rs = await big.execute(
      'SELECT i, f, t, b, n, typeof(i) AS ti, typeof(f) AS tf, typeof(b) AS tb, typeof(n) AS tn FROM vals ORDER BY id',
    )
    const [first, second] = rs.rows
    expect(first?.i).toBe(i)
    expect(first?.f).toBe(f)
    expect(first?.t).toBe(t)
    expect(new Uint8Array(first?.b as ArrayBuffer)).toEqual(b)
    expect(first?.n).toBeNull()
    expect([first?.ti, first?.tf, first?.tb, first?.tn]).toEqual(['integer', 'real', 'blob', 'null'])
    expect(second?.i).toBe(-(2n ** 63n))
    expect(new Uint8Array(second?.b as ArrayBuffer)).toEqual(b)

    const max = await big.execute({
      sql: 'SELECT ? AS v, ? + 0 AS w',
      args: [2n ** 63n - 1n, 9_007_199_254_740_993n],
    })
    expect(max.rows[0]?.v).toBe(2n ** 63n - 1n)
    expect(max.rows[0]?.w).toBe(9_007_199_254_740_993n)

    // A JS number travels as a float, so integer-valued floats stay REAL; integers come back as integers.
    const kinds = await big.execute({ sql: 'SELECT ? AS x, typeof(?) AS tx, 2.0 AS r, 2 AS n', args: [2, 2] })
    expect(kinds.rows[0]).toMatchObject({ x: 2, tx: 'real', r: 2, n: 2n })

    const named = await big.execute({
      sql: 'SELECT :a AS a, $b AS b, @c AS c, ?9 AS d',
      args: { a: 1n, b: 'x', c: null },
    })
    expect(named.rows[0]).toMatchObject({ a: 1n, b: 'x', c: null, d: null })
  })

  it('turns SQL errors into LibsqlErrors and keeps serving', async () => {
    const missing = client.execute('SELECT * FROM missing_table')
    await expect(missing).rejects.toBeInstanceOf(LibsqlError)
    await expect(missing).rejects.toMatchObject({
      message: 'SQLITE_UNKNOWN: SQLite error: no such table: missing_table',
      code: 'SQLITE_UNKNOWN',
    })
    await expect(client.execute('SELEC 1')).rejects.toMatchObject({
      message: expect.stringMatching(/^SQL_PARSE_ERROR: SQL string could not be parsed: .*syntax error/),
      code: 'SQL_PARSE_ERROR',
    })
    await expect(client.execute('')).rejects.toThrow(/does not contain any statement/)
    expect((await client.execute('SELECT 1 AS one')).rows[0]?.one).toBe(1)
  })

  it('completes two concurrent write transactions on two clients', async () => {
    const [a, b] = [newClient(), newClient()]
    async function work(c: Client, tag: string) {
      const tx = await c.transaction('write')
      for (let k = 0; k < 5; k++) {
        await tx.execute({ sql: 'INSERT INTO notes (title) VALUES (?)', args: [`${tag}-${k}`] })
      }
      await tx.commit()
    }
    await Promise.all([work(a, 'conc-a'), work(b, 'conc-b')])
    expect(await countTitles('conc-a-%')).toBe(5)
    expect(await countTitles('conc-b-%')).toBe(5)

    // Many concurrent batches and autocommit writes wait their turn instead of failing with SQLITE_BUSY.
    await Promise.all(
      Array.from({ length: 10 }, (_, k) =>
        (k % 2 ? a : b).batch(
          [
            { sql: 'INSERT INTO notes (title) VALUES (?)', args: [`many-${k}-1`] },
            { sql: 'INSERT INTO notes (title) VALUES (?)', args: [`many-${k}-2`] },
          ],
          'write',
        ),
      ),
    )
    expect(await countTitles('many-%')).toBe(20)
  })

  it('runs sequences with executeMultiple, statement by statement without a transaction', async () => {
    await client.executeMultiple(`
      CREATE TABLE seq (x INTEGER);
      INSERT INTO seq VALUES (1);
      -- a comment; with a semicolon
      INSERT INTO seq VALUES (2);
    `)
    expect((await client.execute('SELECT sum(x) AS s FROM seq')).rows[0]?.s).toBe(3)
    await expect(
      client.executeMultiple('INSERT INTO seq VALUES (3); INSERT INTO nope VALUES (4);'),
    ).rejects.toThrow(/no such table: nope/)
    expect((await client.execute('SELECT sum(x) AS s FROM seq')).rows[0]?.s).toBe(6)
  })

  it('describes statements (raw pipeline: the client does not expose describe)', async () => {
    const { status, json } = await pipeline({
      requests: [
        { type: 'describe', sql: 'SELECT id, title FROM notes WHERE id = :id AND title = ?' },
        { type: 'describe', sql: 'INSERT INTO notes (title) VALUES (?)' },
        { type: 'describe', sql: 'EXPLAIN QUERY PLAN SELECT * FROM notes WHERE id = ?' },
        { type: 'describe', sql: 'SELECT * FROM nope' },
        { type: 'close' },
      ],
    })
    expect(status).toBe(200)
    expect(json.baton).toBeNull()
    expect(json.results[0]).toEqual({
      type: 'ok',
      response: {
        type: 'describe',
        result: {
          params: [{ name: ':id' }, { name: null }],
          cols: [
            { name: 'id', decltype: 'INTEGER' },
            { name: 'title', decltype: 'TEXT' },
          ],
          is_explain: false,
          is_readonly: true,
        },
      },
    })
    expect(json.results[1].response.result).toMatchObject({ params: [{ name: null }], is_readonly: false })
    expect(json.results[2].response.result).toMatchObject({ params: [{ name: null }], is_explain: true })
    expect(json.results[3]).toMatchObject({
      type: 'error',
      error: { message: 'SQLite error: no such table: nope', code: 'SQLITE_UNKNOWN' },
    })
    expect(json.results[4]).toEqual({ type: 'ok', response: { type: 'close' } })
  })

  it('leaves no statement running after an EXPLAIN, so later autocommit writes commit', async () => {
    const first = await pipeline({
      requests: [
        { type: 'execute', stmt: { sql: "EXPLAIN INSERT INTO notes (title) VALUES ('explained')" } },
        {
          type: 'execute',
          stmt: {
            sql: 'INSERT INTO notes (title) VALUES (:title)',
            named_args: [{ name: 'title', value: textValue('after-explain') }],
          },
        },
      ],
    })
    expect(first.json.results.map((r: { type: string }) => r.type)).toEqual(['ok', 'ok'])
    // The stream is still open, and its insert is already visible elsewhere.
    expect(await countTitles('after-explain')).toBe(1)
    expect(await countTitles('explained')).toBe(0)
    await pipeline({ baton: first.json.baton, requests: [{ type: 'close' }] })
  })

  it('stores and closes SQL texts referenced by sql_id', async () => {
    const { json } = await pipeline({
      requests: [
        { type: 'store_sql', sql_id: 1, sql: 'SELECT ? * 2 AS doubled' },
        { type: 'execute', stmt: { sql_id: 1, args: [intValue(21)] } },
        { type: 'batch', batch: { steps: [{ stmt: { sql_id: 1, args: [intValue(5)] } }] } },
        { type: 'execute', stmt: { sql_id: 1, args: [intValue(3)], want_rows: false } },
        { type: 'close_sql', sql_id: 1 },
        { type: 'execute', stmt: { sql_id: 1, args: [intValue(1)] } },
        { type: 'close' },
      ],
    })
    const [stored, executed, batched, withoutRows, closedSql, afterClose, closed] = json.results
    expect(stored).toEqual({ type: 'ok', response: { type: 'store_sql' } })
    expect(executed.response.result).toEqual({
      cols: [{ name: 'doubled', decltype: null }],
      rows: [[intValue(42)]],
      affected_row_count: 0,
      last_insert_rowid: null,
    })
    expect(batched.response.result.step_results[0].rows).toEqual([[intValue(10)]])
    expect(withoutRows.response.result).toMatchObject({ cols: [{ name: 'doubled' }], rows: [] })
    expect(closedSql).toEqual({ type: 'ok', response: { type: 'close_sql' } })
    expect(afterClose).toMatchObject({ type: 'error', error: { code: 'SQL_NOT_FOUND' } })
    expect(closed).toEqual({ type: 'ok', response: { type: 'close' } })
  })

  it('evaluates batch step conditions and keeps stream state across batons', async () => {
    const insert = (title: string) => ({
      sql: 'INSERT INTO notes (title) VALUES (?)',
      args: [textValue(title)],
    })
    const first = await pipeline({
      requests: [
        {
          type: 'batch',
          batch: {
            steps: [
              { stmt: insert('cond-1') },
              { condition: { type: 'error', step: 0 }, stmt: insert('cond-skipped') },
              { stmt: insert('cond-1') },
              {
                condition: {
                  type: 'and',
                  conds: [
                    { type: 'ok', step: 0 },
                    { type: 'error', step: 2 },
                  ],
                },
                stmt: { sql: 'BEGIN' },
              },
              { condition: { type: 'not', cond: { type: 'is_autocommit' } }, stmt: insert('cond-in-tx') },
              {
                condition: { type: 'or', conds: [{ type: 'is_autocommit' }, { type: 'ok', step: 1 }] },
                stmt: insert('cond-never'),
              },
            ],
          },
        },
        { type: 'get_autocommit' },
      ],
    })
    expect(first.status).toBe(200)
    const batch = first.json.results[0].response.result
    expect(batch.step_results.map((r: unknown) => r !== null)).toEqual([
      true,
      false,
      false,
      true,
      true,
      false,
    ])
    expect(batch.step_errors.map((e: unknown) => e !== null)).toEqual([
      false,
      false,
      true,
      false,
      false,
      false,
    ])
    expect(batch.step_errors[2]).toEqual({
      message: 'SQLite error: UNIQUE constraint failed: notes.title',
      code: 'SQLITE_CONSTRAINT',
    })
    expect(first.json.results[1]).toEqual({
      type: 'ok',
      response: { type: 'get_autocommit', is_autocommit: false },
    })
    expect(typeof first.json.baton).toBe('string')

    // The same stream, still inside its transaction; the old baton is spent.
    const second = await pipeline({
      baton: first.json.baton,
      requests: [
        { type: 'execute', stmt: { sql: "SELECT count(*) FROM notes WHERE title LIKE 'cond-%'" } },
        { type: 'execute', stmt: { sql: 'ROLLBACK' } },
        { type: 'get_autocommit' },
        { type: 'close' },
      ],
    })
    expect(second.json.results[0].response.result.rows).toEqual([[intValue(2)]])
    expect(second.json.results[2].response).toEqual({ type: 'get_autocommit', is_autocommit: true })
    expect(second.json.baton).toBeNull()
    expect(await countTitles('cond-%')).toBe(1)
    expect((await pipeline({ baton: first.json.baton, requests: [] })).status).toBe(400)
  })

  it('answers bad input with 4xx errors as sqld does and keeps serving', async () => {
    // A body that is not Hrana: 400 with the reason as plain text, as sqld answers.
    const malformed = await pipeline('{"requests": [')
    expect(malformed.status).toBe(400)
    expect(malformed.type).toBe('text/plain')
    expect(malformed.text).toContain('not valid JSON')

    // An unknown request type rejects the whole pipeline with 400 before anything runs.
    const unknownType = await pipeline({
      requests: [
        { type: 'execute', stmt: { sql: "INSERT INTO notes (title) VALUES ('never-run')" } },
        { type: 'bogus' },
      ],
    })
    expect(unknownType.status).toBe(400)
    expect(unknownType.text).toContain('requests[1].type: unknown request type "bogus"')
    expect(await countTitles('never-run')).toBe(0)

    for (const [body, where] of [
      [{ requests: 'nope' }, 'requests: expected an array'],
      [[], 'body: expected an object'],
      [{ requests: [{ type: 'execute', stmt: {} }] }, 'exactly one of "sql" and "sql_id"'],
      [
        {
          requests: [
            { type: 'execute', stmt: { sql: 'SELECT ?', args: [{ type: 'integer', value: '1.5' }] } },
          ],
        },
        'args[0].value',
      ],
      [
        {
          requests: [
            {
              type: 'execute',
              stmt: { sql: 'SELECT ?', args: [{ type: 'integer', value: '9223372036854775808' }] },
            },
          ],
        },
        'args[0].value',
      ],
      [
        { requests: [{ type: 'execute', stmt: { sql: 'SELECT ?', args: [{ type: 'bool', value: true }] } }] },
        'unknown value type',
      ],
      [
        {
          requests: [
            {
              type: 'batch',
              batch: { steps: [{ condition: { type: 'ok', step: 0 }, stmt: { sql: 'SELECT 1' } }] },
            },
          ],
        },
        'earlier step',
      ],
    ] as const) {
      const response = await pipeline(body)
      expect(response.status, JSON.stringify(body)).toBe(400)
      expect(response.text).toContain(where)
    }

    const unknownBaton = await pipeline({
      baton: 'no-such-baton',
      requests: [{ type: 'execute', stmt: { sql: 'SELECT 1' } }],
    })
    expect(unknownBaton.status).toBe(400)
    expect(unknownBaton.json).toEqual({
      message: 'The stream has expired due to inactivity',
      code: 'STREAM_EXPIRED',
    })

    const oversize = await fetch(`${server.url}/v2/pipeline`, {
      method: 'POST',
      body: 'x'.repeat(11 * 1024 * 1024),
    })
    expect(oversize.status).toBe(413)
    expect(await oversize.json()).toMatchObject({ code: 'BODY_TOO_LARGE' })

    expect((await fetch(`${server.url}/v2/pipeline`)).status).toBe(405)
    expect((await fetch(`${server.url}/nowhere`)).status).toBe(404)

    expect((await client.execute('SELECT 1 AS one')).rows[0]?.one).toBe(1)
  })
})

describe('local libSQL server with an auth token and short idle and busy timeouts', () => {
  let strict: LocalServer
  const auth = { authorization: 'Bearer secret-token' }
  const exec = (sql: string) => ({ type: 'execute', stmt: { sql } })

  beforeAll(async () => {
    strict = await startLocalServer({
      file: join(dir, 'strict.db'),
      authToken: 'secret-token',
      streamIdleMs: 500,
      busyTimeoutMs: 100,
      quiet: true,
    })
  })
  afterAll(async () => {
    await strict?.close()
  })

  it('requires the bearer token for pipelines, not for health', async () => {
    const body = { requests: [{ type: 'execute', stmt: { sql: 'SELECT 1' } }, { type: 'close' }] }
    expect((await pipeline(body, { url: strict.url })).status).toBe(401)
    const wrong = await pipeline(body, { url: strict.url, headers: { authorization: 'Bearer wrong-token' } })
    expect(wrong.status).toBe(401)
    expect(wrong.json).toMatchObject({ code: 'UNAUTHORIZED' })
    const right = await pipeline(body, { url: strict.url, headers: { authorization: 'Bearer secret-token' } })
    expect(right.status).toBe(200)
    expect((await fetch(`${strict.url}/health`)).status).toBe(200)

    await expect(
      newClient({ url: strict.url, authToken: 'wrong-token' }).execute('SELECT 1'),
    ).rejects.toThrow(/Authorization/)
    const authed = newClient({ url: strict.url, authToken: 'secret-token' })
    expect((await authed.execute('SELECT 1 AS one')).rows[0]?.one).toBe(1)
  })

  it('expires idle streams and rolls their transactions back', async () => {
    const authed = newClient({ url: strict.url, authToken: 'secret-token' })
    await authed.execute('CREATE TABLE IF NOT EXISTS idle (x TEXT)')
    const tx = await authed.transaction('write')
    await tx.execute("INSERT INTO idle VALUES ('abandoned')")
    await new Promise((wake) => setTimeout(wake, 1_000))

    await expect(tx.execute('SELECT 1')).rejects.toMatchObject({ code: 'STREAM_EXPIRED' })
    // The write lock went with the rollback: another writer gets through at once.
    await authed.execute("INSERT INTO idle VALUES ('after')")
    expect((await authed.execute('SELECT x FROM idle')).rows.map((r) => r.x)).toEqual(['after'])
  })

  it('fails a write with SQLITE_BUSY after the busy timeout, and that stream still commits later writes', async () => {
    const on = { url: strict.url, headers: auth }
    await pipeline({ requests: [exec('CREATE TABLE IF NOT EXISTS locks (x TEXT)'), { type: 'close' }] }, on)
    const holder = await pipeline(
      { requests: [exec('BEGIN IMMEDIATE'), exec("INSERT INTO locks VALUES ('holder')")] },
      on,
    )
    expect(holder.json.results.map((r: { type: string }) => r.type)).toEqual(['ok', 'ok'])

    const waiter = await pipeline({ requests: [exec("INSERT INTO locks VALUES ('gave-up')")] }, on)
    expect(waiter.json.results[0]).toMatchObject({ type: 'error', error: { code: 'SQLITE_BUSY' } })

    await pipeline({ baton: holder.json.baton, requests: [exec('COMMIT'), { type: 'close' }] }, on)
    const later = await pipeline(
      { baton: waiter.json.baton, requests: [exec("INSERT INTO locks VALUES ('later')")] },
      on,
    )
    expect(later.json.results[0].type).toBe('ok')

    // Committed although the waiter's stream is still open, and the write lock is free.
    const authed = newClient({ url: strict.url, authToken: 'secret-token' })
    await authed.execute("INSERT INTO locks VALUES ('free')")
    expect((await authed.execute('SELECT x FROM locks ORDER BY rowid')).rows.map((r) => r.x)).toEqual([
      'holder',
      'later',
      'free',
    ])
    await pipeline({ baton: later.json.baton, requests: [{ type: 'close' }] }, on)
  })
})

describe('drizzle migrations over the local server', () => {
  let fresh: LocalServer

  beforeAll(async () => {
    fresh = await startLocalServer({ file: join(dir, 'migrated.db'), quiet: true })
  })
  afterAll(async () => {
    await fresh?.close()
  })

  it('applies migrations/ to a fresh file, then finds nothing to do', async () => {
    const files = (await readdir(MIGRATIONS)).filter((name) => name.endsWith('.sql'))
    const sql = (await Promise.all(files.map((name) => readFile(join(MIGRATIONS, name), 'utf8')))).join('\n')
    // drizzle-kit rebuilds a table as `__new_<name>` and renames it: the real name is what remains.
    // A table renamed by a later migration is expected under its new name.
    const names = new Set<string>()
    for (const [, created, from, to] of sql.matchAll(
      /CREATE (?:VIRTUAL )?TABLE `(\w+)`|ALTER TABLE `(\w+)` RENAME TO `(\w+)`/g,
    )) {
      if (created) names.add(created)
      else if (from && to && names.delete(from)) names.add(to)
    }
    const expected = [...names].filter((name) => !name.startsWith('__new_'))
    expect(expected.length).toBeGreaterThanOrEqual(28)

    const migrating = newClient({ url: fresh.url })
    const db = drizzle(migrating)
    await migrate(db, { migrationsFolder: MIGRATIONS })

    const schema = async () =>
      (await migrating.execute("SELECT type, name, sql FROM sqlite_master WHERE name <> 'sqlite_sequence'"))
        .rows
    const applied = async () =>
      Number((await migrating.execute('SELECT count(*) AS n FROM __drizzle_migrations')).rows[0]?.n)
    const migrated = await schema()
    const tables = migrated.filter((row) => row.type === 'table').map((row) => row.name)
    expect(tables).toEqual(expect.arrayContaining(expected))
    expect(await applied()).toBe(files.length)

    await migrate(db, { migrationsFolder: MIGRATIONS })
    expect(await schema()).toEqual(migrated)
    expect(await applied()).toBe(files.length)
    // The migrator turns foreign keys off for its batch; the next stream has them on again.
    expect((await migrating.execute('PRAGMA foreign_keys')).rows[0]?.foreign_keys).toBe(1)
  })
})

describe('local libSQL server fault injection (test-only)', () => {
  let faulty: LocalServer
  const sleep = (ms: number) => new Promise((wake) => setTimeout(wake, ms))

  beforeAll(async () => {
    faulty = await startLocalServer({ file: join(dir, 'faults.db'), faultInjection: true, quiet: true })
  })
  afterAll(async () => {
    await faulty?.close()
  })

  it('is off unless the server was started with it', async () => {
    await expect(server.setFault('hang')).rejects.toThrow(/faultInjection/)
    expect((await client.execute('SELECT 1 AS one')).rows[0]?.one).toBe(1)
  })

  it('hangs: a request gets no answer until the fault is lifted, then runs, late, as in a resumed process', async () => {
    const db = newClient({ url: faulty.url })
    await db.execute('CREATE TABLE IF NOT EXISTS frozen (x TEXT)')
    await faulty.setFault('hang')
    const late = db.execute("INSERT INTO frozen VALUES ('late')")
    const health = fetch(`${faulty.url}/health`)
    expect(await Promise.race([late.then(() => 'answered'), sleep(400).then(() => 'no answer')])).toBe(
      'no answer',
    )
    await faulty.setFault('none')
    await late
    expect((await health).status).toBe(200)
    expect((await db.execute('SELECT count(*) AS n FROM frozen')).rows[0]?.n).toBe(1)
  })

  it('refuses: the port closes and reopens on the same address', async () => {
    await faulty.setFault('refuse')
    const connect = () =>
      fetch(`${faulty.url}/health`).then(
        () => 'answered',
        (error: Error & { cause?: { code?: string } }) => error.cause?.code,
      )
    // A kept-alive connection is cut first (UND_ERR_SOCKET); a new one is refused.
    const first = await connect()
    expect(['UND_ERR_SOCKET', 'ECONNREFUSED']).toContain(first)
    expect(await connect()).toBe('ECONNREFUSED')
    await expect(newClient({ url: faulty.url }).execute('SELECT 1')).rejects.toThrow()

    await faulty.setFault('none')
    expect((await fetch(`${faulty.url}/health`)).status).toBe(200)
    expect((await newClient({ url: faulty.url }).execute('SELECT 2 AS two')).rows[0]?.two).toBe(2)
  })

  it('starts a fault after a given number of round trips: a cut between two writes', async () => {
    const db = newClient({ url: faulty.url })
    await db.execute('CREATE TABLE IF NOT EXISTS cut (x TEXT)')
    await faulty.setFault('refuse', { afterRequests: 2 })
    await db.execute("INSERT INTO cut VALUES ('first')")
    await db.execute("INSERT INTO cut VALUES ('second')")
    await expect(db.execute("INSERT INTO cut VALUES ('third')")).rejects.toThrow()
    await faulty.setFault('none')
    expect((await db.execute('SELECT x FROM cut')).rows.map((row) => row.x)).toEqual(['first', 'second'])
  })

  it('cuts requests that were hanging when it starts refusing', async () => {
    await faulty.setFault('hang')
    const held = fetch(`${faulty.url}/health`).then(
      (response) => response.status,
      () => 'cut',
    )
    await sleep(100)
    await faulty.setFault('refuse')
    expect(await held).toBe('cut')
    await faulty.setFault('none')
    expect((await fetch(`${faulty.url}/health`)).status).toBe(200)
  })
})
