// `npm run measure:hash-cpu -- [--runs 20]`: what one password hash costs inside workerd, the
// runtime of Cloudflare Workers (issue 28, item 9; README, "Deploy").
//
// A probe Worker (nodejs_compat, as wrangler.toml) runs worker/domain/password.ts under
// `wrangler`'s own workerd, one hash or one verification per request. Inside workerd the clocks
// stand still while code runs, so the cost is measured from outside, two ways:
// - the CPU time the workerd process spent (utime + stime from /proc, Linux), per request, minus
//   that of an empty request;
// - the request's wall time, minus an empty request's (the hash is pure CPU on one thread, so the
//   two should agree).
// The login's other work (JSON, one session row, a cookie) is a few milliseconds on top.
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { root } from './lib/stack.ts'

// No network here: wrangler must not try to download its Request.cf sample, nor send metrics.
process.env.CLOUDFLARE_CF_FETCH_ENABLED = 'false'
process.env.WRANGLER_SEND_METRICS = 'false'
const { unstable_startWorker } = await import('wrangler')

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '10' }, each: { type: 'string', default: '5' } },
})
/** Requests per operation, and derivations per request (more lifts the CPU clock's 10 ms grain). */
const runs = Number(values.runs)
const each = Number(values.each)

const PROBE = `import { hashPassword, verifyPassword } from ${JSON.stringify(`${root}worker/domain/password.ts`)}
let stored
export default {
  async fetch(request) {
    const url = new URL(request.url)
    const op = url.searchParams.get('op')
    stored ??= await hashPassword('Senha-de-medida-123')
    for (let i = 0; i < Number(url.searchParams.get('n')); i += 1) {
      if (op === 'hash') await hashPassword('Senha-de-medida-123')
      else if (op === 'verify') await verifyPassword('Senha-errada-456', stored)
    }
    return new Response('ok')
  },
}
`

const dir = await mkdtemp(join(tmpdir(), 'renalis-hash-cpu-'))
const entry = join(dir, 'probe.ts')
await writeFile(entry, PROBE)
const toml = await readFile(`${root}wrangler.toml`, 'utf8')
const compatibilityDate = /^compatibility_date\s*=\s*"([^"]+)"/m.exec(toml)?.[1]

const worker = await unstable_startWorker({
  entrypoint: entry,
  compatibilityDate,
  compatibilityFlags: ['nodejs_compat'],
  dev: { server: { hostname: '127.0.0.1', port: 0 }, inspector: false, logLevel: 'warn' },
})

const ticksPerSecond =
  process.platform === 'linux' ? Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' })) : 100

/** CPU milliseconds of the workerd processes under this one (wrangler starts one); null off Linux. */
function workerdCpuMs(): number | null {
  if (process.platform !== 'linux') return null
  let total = 0
  const visit = (pid: number) => {
    let children: number[] = []
    try {
      const text = execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' })
      children = text.split('\n').filter(Boolean).map(Number)
    } catch {
      // no children
    }
    for (const child of children) {
      try {
        const command = readFileSync(`/proc/${child}/comm`, 'utf8').trim()
        if (command.startsWith('workerd')) {
          const stat = readFileSync(`/proc/${child}/stat`, 'utf8')
          const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
          total += ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond
        }
      } catch {
        // gone
      }
      visit(child)
    }
  }
  visit(process.pid)
  return total
}

async function timed(op: string) {
  const cpuBefore = workerdCpuMs()
  const started = performance.now()
  const response = await worker.fetch(`http://probe/?op=${op}&n=${op === 'noop' ? 0 : each}`)
  await response.text()
  const wall = performance.now() - started
  const cpuAfter = workerdCpuMs()
  return { wall, cpu: cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore }
}

const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]!
}
const max = (xs: number[]) => Math.max(...xs)

try {
  await worker.ready
  for (const op of ['noop', 'hash', 'verify']) await timed(op) // warm up
  const results: Record<string, { wall: number[]; cpu: number[] }> = {}
  for (const op of ['noop', 'hash', 'verify']) {
    results[op] = { wall: [], cpu: [] }
    for (let i = 0; i < runs; i += 1) {
      const { wall, cpu } = await timed(op)
      results[op].wall.push(wall)
      if (cpu !== null) results[op].cpu.push(cpu)
    }
  }
  const base = results.noop!
  console.log(
    `scrypt N=2^14 r=8 p=5 in workerd: ${runs} requests of ${each} derivations each, per derivation`,
  )
  for (const op of ['hash', 'verify']) {
    const r = results[op]!
    const wall = r.wall.map((w) => (w - median(base.wall)) / each)
    const line = [
      `${op.padEnd(6)} wall: median ${median(wall).toFixed(0)} ms, max ${max(wall).toFixed(0)} ms`,
    ]
    if (r.cpu.length) {
      const cpu = r.cpu.map((c) => (c - median(base.cpu)) / each)
      line.push(`CPU: median ${median(cpu).toFixed(0)} ms, max ${max(cpu).toFixed(0)} ms`)
    }
    console.log(line.join(' · '))
  }
  console.log(
    `empty request: wall ${median(base.wall).toFixed(1)} ms, CPU ${base.cpu.length ? median(base.cpu).toFixed(0) : '?'} ms ` +
      `(CPU clock grain ${1000 / ticksPerSecond} ms per request, ${1000 / ticksPerSecond / each} ms per derivation)`,
  )
} finally {
  await worker.dispose()
  await rm(dir, { recursive: true, force: true })
}
