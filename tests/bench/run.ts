// `npm run bench`: requests/s and p50/p99 latency of the Worker's routes on the local stack,
// each beside a trivial route of the same Worker measured in the same run (DESIGN 12: wrangler
// dev's proxy makes absolute figures far slower than production, so ratios are what compare).
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import autocannon from 'autocannon'
import { runBuild } from '../../scripts/build.ts'
import { root, startStack } from '../../scripts/lib/stack.ts'

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '5' },
    connections: { type: 'string', default: '10' },
    'skip-build': { type: 'boolean', default: false },
  },
})
const duration = Number(values.duration)
const connections = Number(values.connections)

type Target = { name: string; path: string }
type Result = { name: string; rps: number; p50: number; p99: number; errors: number; roundTrips: string }

async function measure(origin: string, target: Target): Promise<Result> {
  // One warm-up request fills caches (the KV snapshot) the way steady traffic would.
  const first = await fetch(origin + target.path)
  await first.arrayBuffer()
  await new Promise((resolve) => setTimeout(resolve, 200))
  const warm = await fetch(origin + target.path)
  await warm.arrayBuffer()
  const roundTrips = /db;desc="(\d+) round trips"/.exec(warm.headers.get('Server-Timing') ?? '')?.[1] ?? '—'

  const result = await autocannon({ url: origin + target.path, connections, duration })
  return {
    name: target.name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    roundTrips,
  }
}

if (!values['skip-build']) await runBuild()
const assets = await readdir(`${root}/web/dist/assets`)
const asset = assets.find((file) => file.endsWith('.js'))
if (!asset) throw new Error('web/dist/assets has no JavaScript file: did the build run?')

const dir = await mkdtemp(join(tmpdir(), 'renalis-bench-'))
const stack = await startStack({
  port: 0,
  dbPort: 0,
  dbFile: join(dir, 'bench.db'),
  persistDir: join(dir, 'wrangler'),
  quiet: true,
})

try {
  const targets: Target[] = [
    { name: 'GET /api/ping (trivial, baseline)', path: '/api/ping' },
    { name: 'GET /home_itens/lists', path: '/home_itens/lists' },
    { name: `GET /assets/${asset.slice(0, 24)}… (static)`, path: `/assets/${asset}` },
  ]
  const results: Result[] = []
  for (const target of targets) {
    process.stdout.write(`measuring ${target.name} for ${duration} s…\n`)
    results.push(await measure(stack.origin, target))
  }
  const baseline = results[0]!
  console.log(`\n${connections} connections, ${duration} s each, on ${stack.origin}\n`)
  console.table(
    results.map((r) => ({
      route: r.name,
      'req/s': Math.round(r.rps),
      'p50 ms': r.p50,
      'p99 ms': r.p99,
      'req/s ÷ baseline': (r.rps / baseline.rps).toFixed(2),
      'p50 ÷ baseline': (r.p50 / Math.max(baseline.p50, 1)).toFixed(2),
      'db round trips (warm)': r.roundTrips,
      errors: r.errors,
    })),
  )
} finally {
  await stack.stop()
  await rm(dir, { recursive: true, force: true })
}
