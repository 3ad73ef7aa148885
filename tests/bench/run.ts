// `npm run bench`: the Worker's startup CPU beside its goal (issue 42, `--scenario startup` alone),
// then requests/s and p50/p99 latency of the Worker's routes on the local stack,
// each beside a trivial route of the same Worker measured in the same run (DESIGN 12: wrangler
// dev's proxy makes absolute figures far slower than production, so ratios are what compare).
import { existsSync } from 'node:fs'
import { readdir, rm } from 'node:fs/promises'
import { cpus, loadavg } from 'node:os'
import { parseArgs } from 'node:util'
import autocannon from 'autocannon'
import { sql } from 'drizzle-orm'
import { createDb } from '../../db/client.ts'
import { courses, products } from '../../db/schema.ts'
import { runBuild } from '../../scripts/build.ts'
import { root, startScratchStack } from '../../scripts/lib/stack.ts'
import { median, STARTUP_GOAL_MS, startupCpuMs } from '../../scripts/lib/worker-size.ts'
import { hashPassword } from '../../worker/domain/password.ts'
import { conferenceScenario, printConference } from './conference.ts'
import { demoStudentCookies } from './demo-login.ts'
import { heartbeatScenario, printHeartbeat } from './heartbeat.ts'
import { liveRoomScenario, printLiveRoom } from './live-room.ts'

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '5' },
    connections: { type: 'string', default: '10' },
    'skip-build': { type: 'boolean', default: false },
    /**
     * startup: the Worker's startup CPU (no stack); routes: the table of routes; conference: the
     * live-conference spike; heartbeat: the attendance heartbeat; all: every one.
     */
    scenario: { type: 'string', default: 'all' },
    /** Simulated viewers of the conference scenario, one run per count. */
    // Each connection costs the local workerd about 4 file descriptors of the 20 000 this machine allows:
    // beyond ~4 000 connections the runtime itself, not the Worker, runs out.
    viewers: { type: 'string', default: '2000,3000' },
    'viewer-seconds': { type: 'string', default: '30' },
    /**
     * Viewers of the heartbeat's throughput run, and of its database-writes runs (one per count).
     * Far fewer than 3 000 meet the per-viewer limit (120 beats a minute) in the back-to-back
     * slices: their 429s count as errors.
     */
    'heartbeat-viewers': { type: 'string', default: '3000' },
    'heartbeat-write-viewers': { type: 'string', default: '300,3000' },
    /** Sockets open on one talk's live room (issue 44), one run per count, and each run's seconds. */
    'live-viewers': { type: 'string', default: '500,1000' },
    'live-seconds': { type: 'string', default: '100' },
  },
})
const duration = Number(values.duration)
const COURSE = '/cursos/hemodialise-para-enfermagem'
const PAGE_ROWS = {
  home: { anonymous: 'GET / page, anonymous', signedIn: 'GET / page, signed in' },
  course: { anonymous: 'GET /cursos/{url} page, anonymous', signedIn: 'GET /cursos/{url} page, signed in' },
}
const connections = Number(values.connections)
const scenario = values.scenario
if (!['all', 'startup', 'routes', 'conference', 'heartbeat', 'live'].includes(scenario))
  throw new Error(`--scenario: all, startup, routes, conference, heartbeat or live`)

// The live room runs on its own runtime (tests/bench/live-room.ts), not on the stack.
async function liveScenario() {
  const results = await liveRoomScenario({
    viewerCounts: values['live-viewers'].split(',').filter(Boolean).map(Number),
    seconds: Number(values['live-seconds']),
  })
  printLiveRoom(results)
  const holding = results.filter((r) => r.lost === 0 && r.lastP99 <= 1000)
  console.log(
    `live room: the largest audience that held (0 lost, last viewer p99 ≤ 1 s): ${holding.length ? Math.max(...holding.map((r) => r.viewers)) : 'none of'} viewers (goal 10 000)`,
  )
}
if (scenario === 'live') {
  await liveScenario()
  process.exit(0)
}
const viewerCounts = values.viewers.split(',').map(Number)
const viewerSeconds = Number(values['viewer-seconds'])

type Target = {
  name: string
  path: string
  method?: 'GET' | 'POST'
  body?: string
  /** Distinct paths cycled through, so each request is a cold read rather than a cached one. */
  paths?: string[]
  /** A browser opening the page: the Worker renders it (worker/ssr). */
  page?: boolean
  /** The Cookie header of a signed-in visitor. */
  cookie?: string
  /** Measured at the same time as the next target (each with its own connections). */
  pairedWithNext?: boolean
}
type Result = { name: string; rps: number; p50: number; p99: number; errors: number; roundTrips: string }

async function measure(origin: string, target: Target): Promise<Result> {
  const headers: Record<string, string> = target.page
    ? { accept: 'text/html', 'sec-fetch-mode': 'navigate' }
    : { 'content-type': 'application/json' }
  if (target.cookie) headers.cookie = target.cookie
  const init = { method: target.method ?? 'GET', headers, body: target.body }
  const first = await fetch(origin + (target.paths?.[0] ?? target.path), init)
  await first.arrayBuffer()
  await new Promise((resolve) => setTimeout(resolve, 200))
  const sample = await fetch(origin + (target.paths?.[1] ?? target.path), init)
  await sample.arrayBuffer()
  const roundTrips = /db;desc="(\d+) round trips"/.exec(sample.headers.get('Server-Timing') ?? '')?.[1] ?? '—'

  let next = 2
  let client = 0
  const result = await autocannon({
    url: origin + target.path,
    connections,
    duration,
    method: target.method ?? 'GET',
    headers: init.headers,
    ...(target.body ? { body: target.body } : {}),
    requests: [
      {
        setupRequest: (request) => {
          // Each request from a different visitor: per-IP abuse limits are for one client, not for load.
          client += 1
          request.headers = {
            ...request.headers,
            'cf-connecting-ip': `10.${(client >> 16) & 255}.${(client >> 8) & 255}.${client & 255}`,
          }
          if (target.paths) request.path = target.paths[next++ % target.paths.length]!
          return request
        },
      },
    ],
  })
  return {
    name: target.name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    roundTrips,
  }
}

// Generated catalogue for the search figures: 2 400 items over a pt-BR vocabulary.
const WORDS = [
  'nefrologia',
  'hemodiálise',
  'diálise',
  'peritoneal',
  'transplante',
  'renal',
  'biópsia',
  'ultrassom',
  'fístula',
  'cateter',
  'acesso',
  'vascular',
  'crônica',
  'aguda',
  'enfermagem',
  'nutrição',
  'pediatria',
  'glomerulopatias',
  'eletrólitos',
  'hipertensão',
  'intervencionista',
  'imunossupressão',
  'clearance',
  'proteinúria',
  'creatinina',
  'urologia',
  'farmacologia',
  'terapia',
  'intensiva',
  'hemofiltração',
]
const pick = (i: number, salt: number) => WORDS[(i * 7 + salt * 13) % WORDS.length]!
const generatedName = (i: number) => `${pick(i, 1)} ${pick(i, 2)} ${pick(i, 3)} módulo ${i}`

async function generateCatalogue(databaseUrl: string) {
  const db = createDb({ url: databaseUrl })
  for (let start = 0; start < 1200; start += 200) {
    const batch = Array.from({ length: 200 }, (_, k) => start + k)
    await db.insert(courses).values(
      batch.map((i) => ({
        url: `bench-curso-${i}`,
        name: generatedName(i),
        section: 'online' as const,
        summary: `Curso de ${pick(i, 4)} e ${pick(i, 5)}.`,
      })),
    )
    await db
      .insert(products)
      .values(batch.map((i) => ({ name: `Kit ${generatedName(i + 5000)}`, priceCents: 1000 + i })))
  }
  const plan = await db.all<{ detail: string }>(
    sql`EXPLAIN QUERY PLAN SELECT name, url FROM search_index WHERE search_index MATCH ${'"nef"*'} ORDER BY bm25(search_index, 10.0, 1.0), length(name) LIMIT 10`,
  )
  const [count] = await db.all<{ n: number }>(sql`SELECT count(*) AS n FROM search_index`)
  return { plan: plan.map((row) => row.detail), indexed: count?.n ?? 0 }
}

/** CPU time of one password hash (DESIGN 7: what a login costs the Worker). */
async function hashCpuMs(): Promise<number> {
  await hashPassword('aquecimento')
  const runs = 5
  const before = process.cpuUsage()
  for (let i = 0; i < runs; i++) await hashPassword(`Senha@${i}`)
  const used = process.cpuUsage(before)
  return (used.user + used.system) / 1000 / runs
}

// The startup alone needs a build only if there is none (the dry run reads web/deploy).
const built = existsSync(`${root}/web/deploy/index.html`)
if (scenario === 'startup' ? !built : !values['skip-build']) await runBuild()

// Issue 42: the site's Worker's startup CPU, first, before the stack loads the machine.
if (scenario === 'all' || scenario === 'startup') {
  const runs = await startupCpuMs(3)
  const ms = median(runs)
  console.log(
    `Startup CPU (wrangler check startup, production bundle, idle excluded): median ${ms.toFixed(1)} ms of 3 runs ` +
      `(${runs.map((run) => run.toFixed(1)).join(', ')}); goal ≤ ${STARTUP_GOAL_MS} ms` +
      ` — load average ${loadavg()[0]!.toFixed(2)} on ${cpus().length} cores`,
  )
  if (ms > STARTUP_GOAL_MS) {
    console.error(`FAILED: startup over the goal by ${(ms - STARTUP_GOAL_MS).toFixed(1)} ms`)
    process.exitCode = 1
  }
  if (scenario === 'startup') process.exit()
}

const assets = await readdir(`${root}/web/dist/assets`)
const asset = assets.find((file) => file.endsWith('.js'))
if (!asset) throw new Error('web/dist/assets has no JavaScript file: did the build run?')
const assetFile: string = asset

/** The end of wrangler's output, printed if the run fails. */
let stackLog = ''
const { dir, stack } = await startScratchStack('bench', {
  onLog: (line) => {
    stackLog = (stackLog + line).slice(-8000)
  },
})

async function routesScenario(origin: string) {
  const { plan, indexed } = await generateCatalogue(stack.databaseUrl)
  const cart = (await (
    await fetch(`${origin}/carrinho-de-compras/update-cart`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ hash: null, data: { id: 1, type: 'turma' }, option: 'add' }),
    })
  ).json()) as { hash: string }
  const threeLetter = Array.from(
    { length: 3000 },
    (_, i) => `/search/all_product?search=${encodeURIComponent(`${pick(i, 6).slice(0, 3)} ${i}`)}`,
  )
  // The demo student, signed in: pages are the same for them (worker/ssr), their header is theirs.
  const student = (await demoStudentCookies(stack.origin))
    .map(({ name, value }) => `${name}=${value}`)
    .join('; ')
  const randomQueries = Array.from(
    { length: 3000 },
    (_, i) => `/?r=${i}-${Math.random().toString(36).slice(2)}`,
  )
  const tenLetter = Array.from(
    { length: 3000 },
    (_, i) =>
      `/search/all_product?search=${encodeURIComponent(`${pick(i, 8).padEnd(10, 'a').slice(0, 10)} ${i}`)}`,
  )

  const targets: Target[] = [
    { name: 'GET /api/ping (trivial, baseline)', path: '/api/ping' },
    { name: 'GET /home_itens/lists (snapshot)', path: '/home_itens/lists' },
    { name: `GET /assets/${assetFile.slice(0, 16)}… (static)`, path: `/assets/${assetFile}` },
    { name: 'GET /search/all_product "nef" (warm)', path: '/search/all_product?search=nef' },
    { name: 'search, 3 letters (cold, distinct)', path: threeLetter[0]!, paths: threeLetter },
    { name: 'search, 10 letters (cold, distinct)', path: tenLetter[0]!, paths: tenLetter },
    {
      name: 'POST /carrinho-de-compras/update-cart',
      path: '/carrinho-de-compras/update-cart',
      method: 'POST',
      body: JSON.stringify({ hash: cart.hash, data: { id: 3, type: 'turma' }, option: 'add' }),
    },
    { name: 'GET /checkout/get', path: `/checkout/get?cart=${cart.hash}` },
    // Pages a browser opens: rendered by the Worker from the same snapshots (its API calls run
    // in-process, so the round trips shown are the page request's own), one render shared by
    // every visitor, signed in or not; and the personal call every page makes.
    // An anonymous and a signed-in visitor of the same page at the same time: whatever else the
    // machine does weighs on both alike, so their ratio is what the page costs each.
    { name: PAGE_ROWS.home.anonymous, path: '/', page: true, pairedWithNext: true },
    { name: PAGE_ROWS.home.signedIn, path: '/', page: true, cookie: student },
    { name: PAGE_ROWS.course.anonymous, path: COURSE, page: true, pairedWithNext: true },
    { name: PAGE_ROWS.course.signedIn, path: COURSE, page: true, cookie: student },
    {
      name: 'GET /?r=<random> (page key ignores it)',
      path: randomQueries[0]!,
      paths: randomQueries,
      page: true,
    },
    { name: 'GET /admin/user/get, signed in', path: '/admin/user/get', cookie: student },
  ]
  const results: Result[] = []
  for (let i = 0; i < targets.length; i++) {
    const target = targets[i]!
    const partner = target.pairedWithNext ? targets[++i] : undefined
    process.stdout.write(
      `measuring ${target.name}${partner ? ` and ${partner.name} together` : ''} for ${duration} s…\n`,
    )
    results.push(
      ...(await Promise.all([target, ...(partner ? [partner] : [])].map((t) => measure(origin, t)))),
    )
  }
  const baseline = results[0]!
  console.log(
    `\n${connections} connections, ${duration} s each, on ${origin}; ${indexed} items in the search index\n`,
  )
  console.table(
    results.map((r) => ({
      route: r.name,
      'req/s': Math.round(r.rps),
      'p50 ms': r.p50,
      'p99 ms': r.p99,
      'req/s ÷ baseline': (r.rps / baseline.rps).toFixed(2),
      'p50 ÷ baseline': (r.p50 / Math.max(baseline.p50, 1)).toFixed(2),
      'db round trips': r.roundTrips,
      errors: r.errors,
    })),
  )
  // Issue 13: a signed-in visitor costs what an anonymous one costs.
  const failed: string[] = []
  for (const pair of Object.values(PAGE_ROWS)) {
    const anonymous = results.find((r) => r.name === pair.anonymous)!
    const signedIn = results.find((r) => r.name === pair.signedIn)!
    const rps = signedIn.rps / anonymous.rps
    const p99 = signedIn.p99 / Math.max(anonymous.p99, 1)
    console.log(
      `${pair.signedIn}: ${rps.toFixed(2)}× the anonymous req/s (≥ 0.8), ${p99.toFixed(2)}× its p99 (≤ 1.5)`,
    )
    if (rps < 0.8 || p99 > 1.5) failed.push(pair.signedIn)
  }
  const withErrors = results.filter((r) => r.errors > 0).map((r) => r.name)
  if (withErrors.length > 0) console.error(`\nRequests failed on: ${withErrors.join(', ')}`)
  if (failed.length > 0)
    console.error(`\nSigned-in pages cost more than anonymous ones: ${failed.join(', ')}`)
  if (withErrors.length > 0 || failed.length > 0) process.exitCode = 1

  console.log(`\nSearch query plan (FTS5 index, no table scan):\n  ${plan.join('\n  ')}`)
  console.log(
    `\nPassword hash (scrypt N=2^14 r=8 p=5): ${(await hashCpuMs()).toFixed(0)} ms of CPU per hash on this machine`,
  )
}

try {
  if (scenario === 'all' || scenario === 'routes') await routesScenario(stack.origin)
  if (scenario === 'all' || scenario === 'conference') {
    const conference = await conferenceScenario(stack.origin, { viewerCounts, seconds: viewerSeconds })
    printConference(conference)
    const failed = conference.filter(
      (r) => r.clock.errors + r.ping.errors + r.page.errors + r.pageDuringPing.errors > 0,
    )
    if (failed.length) {
      console.error(
        `\nFAILED: errors in the conference spike at ${failed.map((r) => r.viewers).join(', ')} viewers`,
      )
      process.exitCode = 1
    }
  }
  if (scenario === 'all' || scenario === 'heartbeat') {
    const { throughput, writes } = await heartbeatScenario(stack.origin, stack.databaseUrl, {
      viewers: Number(values['heartbeat-viewers']),
      writeViewers: values['heartbeat-write-viewers'].split(',').filter(Boolean).map(Number),
      seconds: viewerSeconds,
    })
    printHeartbeat(throughput, writes)
    const ratio = throughput.beat.rps / throughput.ping.rps
    const perMinute = writes.map((w) => (w.flushes * 60) / w.seconds)
    if (perMinute.length === 0) perMinute.push(0)
    const errors = throughput.beat.errors + throughput.ping.errors + writes.reduce((n, w) => n + w.errors, 0)
    console.log(
      `heartbeat: ${ratio.toFixed(2)}× the ping's req/s (≥ 0.75); database writes a minute ${perMinute.map((n) => n.toFixed(2)).join(' / ')} at ${writes.map((w) => w.viewers).join(' / ')} viewers (must not grow); errors ${errors}`,
    )
    if (ratio < 0.75 || errors > 0 || Math.max(...perMinute) > Math.min(...perMinute) + 1) {
      console.error('\nFAILED: the heartbeat row')
      process.exitCode = 1
    }
  }
  if (scenario === 'all') await liveScenario()
  console.log(
    `\nLoad average when the run ended: ${loadavg()
      .map((n) => n.toFixed(2))
      .join(', ')} (${cpus().length} cores)`,
  )
} catch (error) {
  console.error(`The run failed; the end of wrangler's output:\n${stackLog}`)
  throw error
} finally {
  await stack.stop()
  await rm(dir, { recursive: true, force: true })
}
