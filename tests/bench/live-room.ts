// The live questions' room under a full hall (issue 44): N viewers' WebSockets open on one talk's
// room, started on its own under workerd directly — no `wrangler dev`, no proxy in front: the
// harness (tests/support/worker/live-bench-harness.ts, which stands in for the Worker's checks) is
// bundled with esbuild and served by `workerd serve` with a config of its own (the room a SQLite
// Durable Object on a local disk), which is what Miniflare does underneath (the Miniflare 5 beta
// installed here no longer takes the options object the issue meant). The clients are spread over
// two processes so that file descriptors suffice (20 000 a process on this machine). A moderator
// approves a question every 500 ms; printed: sockets held, p50/p99 from approval to each viewer,
// p99 of the last viewer per broadcast, messages lost, and the room's send loop per broadcast —
// measured from outside as the spread between the first and the last viewer's receipt, since
// workerd's clock does not move while a handler runs (Spectre mitigation), so the room cannot time
// its own loop. `LIVE_BENCH_RUNTIME=wrangler` runs it under `wrangler dev` as before.
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { build } from 'esbuild'
import { freePort, root, stopChild, waitForHttp } from '../../scripts/lib/stack.ts'

export type LiveRoomResult = {
  viewers: number
  held: number
  approvals: number
  p50: number
  p99: number
  lastP99: number
  lost: number
  sendLoopP50: number
  sendLoopP99: number
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? (sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] as number) : 0

type ClientLine =
  | { kind: 'ready'; open: number; failed: number }
  | { kind: 'report'; open: number; failed: number; closedEarly: number; file: string }

function startClients(origin: string, from: number, count: number) {
  const child = spawn(
    process.execPath,
    [join(root, 'tests/bench/live-clients.ts'), origin, String(from), String(count)],
    {
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  )
  const lines = createInterface({ input: child.stdout as NonNullable<ChildProcess['stdout']> })
  const waiting: ((line: ClientLine) => void)[] = []
  lines.on('line', (line) => waiting.shift()?.(JSON.parse(line) as ClientLine))
  const next = () => new Promise<ClientLine>((resolve) => waiting.push(resolve))
  return { child, next }
}

async function moderatorSocket(origin: string, userId: number, role: 'moderator' | 'viewer') {
  const ws = new WebSocket(`${origin.replace('http', 'ws')}/ws?u=${userId}&role=${role}`)
  const frames: { t: string; cid?: string; id?: string }[] = []
  const waiters: ((frame: { t: string; cid?: string; id?: string }) => void)[] = []
  ws.addEventListener('message', (event) => {
    const frame = JSON.parse(String(event.data)) as { t: string; cid?: string; id?: string }
    if (frame.t === 'ack') waiters.shift()?.(frame)
    else frames.push(frame)
  })
  await new Promise((resolve, reject) => {
    ws.addEventListener('open', resolve)
    ws.addEventListener('error', reject)
  })
  return {
    ws,
    call: (frame: object) =>
      new Promise<{ t: string; id?: string }>((resolve) => {
        waiters.push(resolve)
        ws.send(JSON.stringify(frame))
      }),
  }
}

/** One run: `viewers` sockets, a question approved every 500 ms for `seconds`. */
async function runOnce(origin: string, viewers: number, seconds: number): Promise<LiveRoomResult> {
  const approvals = Math.floor((seconds * 1000) / 500)
  // The questions to approve, asked first by as many people (one each: the room's limits).
  const questionIds: string[] = []
  for (let i = 0; i < approvals; i++) {
    const asker = await moderatorSocket(origin, 1_000_000 + viewers * 1000 + i, 'viewer')
    const ack = await asker.call({
      t: 'ask',
      cid: `q${i}`,
      text: `Pergunta de bancada número ${i}?`,
      anonymous: false,
    })
    if (!ack.id) throw new Error(`question ${i} refused: ${JSON.stringify(ack)}`)
    questionIds.push(ack.id)
    asker.ws.close()
  }
  const half = Math.ceil(viewers / 2)
  const clients = [
    startClients(origin, viewers * 10, half),
    startClients(origin, viewers * 10 + half, viewers - half),
  ]
  const ready = (await Promise.all(clients.map((client) => client.next()))) as Extract<
    ClientLine,
    { kind: 'ready' }
  >[]
  const held = ready.reduce((n, r) => n + r.open, 0)
  const moderator = await moderatorSocket(origin, 1, 'moderator')
  const sentAt = new Map<string, number>()
  const start = Date.now()
  for (const [i, id] of questionIds.entries()) {
    const due = i * 500
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - (Date.now() - start))))
    sentAt.set(id, Date.now())
    void moderator.call({ t: 'moderate', cid: `m${i}`, qid: id, action: 'approve' })
  }
  // The last broadcasts arrive.
  await new Promise((resolve) => setTimeout(resolve, 3000))
  for (const client of clients) client.child.stdin?.write('report\n')
  const reports = await Promise.all(
    (
      (await Promise.all(clients.map((client) => client.next()))) as Extract<ClientLine, { kind: 'report' }>[]
    ).map(async (report) => {
      const receipts = JSON.parse(await readFile(report.file, 'utf8')) as Record<string, number[]>
      await rm(report.file, { force: true })
      return { ...report, receipts }
    }),
  )
  moderator.ws.close()
  const latencies: number[] = []
  const lasts: number[] = []
  const spreads: number[] = []
  let lost = 0
  for (const id of questionIds) {
    const sent = sentAt.get(id) as number
    const receipts = reports.flatMap((report) => report.receipts[id] ?? [])
    lost += held - receipts.length
    if (!receipts.length) continue
    let first = Number.POSITIVE_INFINITY
    let last = 0
    for (const at of receipts) {
      latencies.push(at - sent)
      first = Math.min(first, at)
      last = Math.max(last, at)
    }
    lasts.push(last - sent)
    spreads.push(last - first)
  }
  for (const sorted of [latencies, lasts, spreads]) sorted.sort((a, b) => a - b)
  return {
    viewers,
    held,
    approvals,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    lastP99: percentile(lasts, 99),
    lost,
    sendLoopP50: percentile(spreads, 50),
    sendLoopP99: percentile(spreads, 99),
  }
}

const HARNESS = join(root, 'tests/support/worker/live-bench-harness.ts')

/** The harness as one ES module, as wrangler would bundle it for workerd. */
async function bundleHarness(outfile: string) {
  await build({
    entryPoints: [HARNESS],
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    target: 'es2024',
    conditions: ['workerd', 'worker', 'browser'],
    mainFields: ['module', 'main'],
    external: ['cloudflare:*', 'node:*'],
    outfile,
    logLevel: 'warning',
  })
}

/** workerd's config: the bundle, the room's namespace (SQLite, on `state`), one HTTP socket. */
const workerdConfig = (port: number, state: string) => `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [
    (name = "main", worker = .bench),
    (name = "disk", disk = (path = ${JSON.stringify(state)}, writable = true)),
  ],
  sockets = [ (name = "http", address = "127.0.0.1:${port}", http = (), service = "main") ],
);
const bench :Workerd.Worker = (
  modules = [ (name = "main.js", esModule = embed "main.js") ],
  compatibilityDate = "2026-10-01",
  durableObjectNamespaces = [ (className = "LiveRoom", uniqueKey = "live-bench", enableSql = true) ],
  durableObjectStorage = (localDisk = "disk"),
  bindings = [
    (name = "LIVE_ROOMS", durableObjectNamespace = "LiveRoom"),
    # The room's minute flush has no database here: it fails, is logged and retried.
    (name = "DATABASE_URL", text = "http://127.0.0.1:9"),
    (name = "APP_ENV", text = "test"),
  ],
);
`

/** The room's runtime for one run, on `port` with state in `state`: workerd directly, or wrangler dev. */
async function startRuntime(dir: string, port: number, state: string): Promise<ChildProcess> {
  await mkdir(state, { recursive: true })
  if (process.env.LIVE_BENCH_RUNTIME === 'wrangler') {
    const config = join(dir, 'wrangler.toml')
    await writeFile(
      config,
      [
        'name = "live-bench"',
        `main = "${HARNESS}"`,
        'compatibility_date = "2026-10-01"',
        'compatibility_flags = ["nodejs_compat"]',
        '[vars]',
        'DATABASE_URL = "http://127.0.0.1:9"',
        'APP_ENV = "test"',
        '[[durable_objects.bindings]]',
        'name = "LIVE_ROOMS"',
        'class_name = "LiveRoom"',
        '[[migrations]]',
        'tag = "v1"',
        'new_sqlite_classes = ["LiveRoom"]',
      ].join('\n'),
    )
    return spawn(
      join(root, 'node_modules/.bin/wrangler'),
      [
        'dev',
        '--config',
        config,
        '--port',
        String(port),
        '--ip',
        '127.0.0.1',
        '--persist-to',
        state,
        '--log-level',
        'error',
      ],
      { stdio: ['ignore', 'ignore', 'inherit'], cwd: dir },
    )
  }
  const config = join(dir, `workerd-${port}.capnp`)
  await writeFile(config, workerdConfig(port, state))
  return spawn(join(root, 'node_modules/.bin/workerd'), ['serve', config, '--experimental'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    cwd: dir,
  })
}

export async function liveRoomScenario({
  viewerCounts,
  seconds,
}: {
  viewerCounts: number[]
  seconds: number
}): Promise<LiveRoomResult[]> {
  const dir = await mkdtemp(join(tmpdir(), 'live-bench-'))
  const results: LiveRoomResult[] = []
  try {
    await bundleHarness(join(dir, 'main.js'))
    for (const viewers of viewerCounts) {
      // A new runtime per run: a new room, nothing carried over.
      const port = await freePort()
      const runtime = await startRuntime(dir, port, join(dir, `state-${viewers}`))
      const origin = `http://127.0.0.1:${port}`
      try {
        await waitForHttp(`${origin}/stats`, 120_000)
        results.push(await runOnce(origin, viewers, seconds))
      } finally {
        await stopChild(runtime)
      }
    }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
  return results
}

export function printLiveRoom(results: LiveRoomResult[]) {
  console.log(
    `\nLive questions room (the room alone under ${process.env.LIVE_BENCH_RUNTIME === 'wrangler' ? 'wrangler dev' : 'workerd, no proxy'}; a question approved every 500 ms):`,
  )
  console.log(
    '| viewers | sockets held | approvals | p50 approval→viewer | p99 | p99 last viewer per broadcast | lost | send loop per broadcast p50 / p99 |',
  )
  console.log('|---|---|---|---|---|---|---|---|')
  for (const r of results) {
    console.log(
      `| ${r.viewers} | ${r.held} | ${r.approvals} | ${r.p50} ms | ${r.p99} ms | ${r.lastP99} ms | ${r.lost} | ${r.sendLoopP50} / ${r.sendLoopP99} ms |`,
    )
  }
}

// Run on its own: `node tests/bench/live-room.ts 2000,10000 100`.
if (import.meta.filename === process.argv[1]) {
  const counts = (process.argv[2] ?? '1000').split(',').map(Number)
  const seconds = Number(process.argv[3] ?? 100)
  printLiveRoom(await liveRoomScenario({ viewerCounts: counts, seconds }))
}
