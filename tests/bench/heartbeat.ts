// The conference heartbeat (issue 24, DESIGN 9): signed-in viewers beating while a talk plays,
// against the local stack. Two measures:
// - throughput: the viewers beating back to back, in turn, in alternating slices with GET /api/ping
//   on as many connections (ping, beats, ping, …, ping), as the spike does;
// - database writes: viewers beating once a second each (30× the page's pace) for a little over
//   a minute, then until the alarm has written the last beat; the aggregator's flushes counted —
//   the write transactions a minute, which must not follow the number of viewers (only the rows
//   inside each one do).
// In both, the viewers share at most CONNECTIONS connections (each request the next viewer's
// cookies): 3 000 connections of their own ran the local workerd out of file descriptors (20 000,
// soft and hard limit alike on this machine), after which it answered nothing, ping included.
// Behind Cloudflare's edge a Worker sees requests, not its viewers' connections.
import autocannon from 'autocannon'
import { sql } from 'drizzle-orm'
import { createDb } from '../../db/client.ts'
import { sessions, users } from '../../db/schema.ts'
import { TALK_ROWS } from '../../db/seed-data/conference.ts'
import { BEAT_BATCH_MS } from '../../worker/domain/attendance.ts'
import { hashToken, newToken } from '../../worker/services/auth/tokens.ts'
import { drain, type Phase, run, simulate, sum } from './conference.ts'

const BEAT = '/api/jornada/presenca'
const CLOCK = '/4a-jornada-multiprofissional/get/video_init'
/** Connections at most, whatever the viewers. */
const CONNECTIONS = 500

type Stats = { calls: number; beats: number; flushes: number; rowsWritten: number; pendingRows: number }
export type HeartbeatResult = {
  viewers: number
  seconds: number
  ping: Phase
  beat: Phase
}
export type WritesResult = {
  viewers: number
  seconds: number
  beats: number
  /** Calls to the attendance object: the isolates' batches of beats. */
  calls: number
  flushes: number
  rowsWritten: number
  errors: number
}

async function stats(origin: string): Promise<Stats> {
  const response = await fetch(`${origin}/api/dev/conference/attendance`, {
    signal: AbortSignal.timeout(120_000),
  })
  return (await response.json()) as Stats
}

async function flush(origin: string) {
  const response = await fetch(`${origin}/api/dev/conference/attendance/flush`, {
    method: 'POST',
    signal: AbortSignal.timeout(120_000),
  })
  if (!response.ok) throw new Error(`attendance flush: HTTP ${response.status}`)
}

/**
 * `count` signed-in viewers, made straight in the database (accounts and sessions), each with the
 * ticket cookie its page's first beat receives: the Cookie header of each.
 */
async function viewers(origin: string, databaseUrl: string, count: number, key: number): Promise<string[]> {
  const db = createDb({ url: databaseUrl })
  const tag = Date.now().toString(36)
  const tokens: string[] = []
  for (let start = 0; start < count; start += 500) {
    const batch = Array.from({ length: Math.min(500, count - start) }, (_, k) => start + k)
    const made = await db
      .insert(users)
      .values(
        batch.map((i) => ({
          name: `Espectador ${i}`,
          email: `espectador-${tag}-${i}@bench.example`,
          type: 'N' as const,
          emailVerifiedAt: new Date(),
        })),
      )
      .returning({ id: users.id })
    const rows = await Promise.all(
      made.map(async ({ id }) => {
        const token = newToken()
        tokens.push(token)
        return {
          id: await hashToken(token),
          userId: id,
          expiresAt: new Date(Date.now() + 86_400_000),
          lastSeenAt: new Date(),
        }
      }),
    )
    await db.insert(sessions).values(rows)
  }
  const [{ n } = { n: 0 }] = await db.all<{ n: number }>(sql`SELECT count(*) AS n FROM sessions`)
  process.stdout.write(`heartbeat: ${count} viewers signed in (${n} sessions in the database)\n`)
  // Each page's first beat: the one session read, which leaves the ticket.
  const cookies: string[] = new Array(count)
  for (let start = 0; start < count; start += 50) {
    await Promise.all(
      tokens.slice(start, start + 50).map(async (token, k) => {
        const session = `renalis_session=${token}`
        const response = await fetch(origin + BEAT, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: session },
          body: JSON.stringify({ key }),
        })
        await response.arrayBuffer()
        const ticket = response.headers.get('set-cookie')?.split(';')[0]
        if (!response.ok || !ticket) throw new Error(`first beat: HTTP ${response.status}`)
        cookies[start + k] = `${session}; ${ticket}`
      }),
    )
  }
  return cookies
}

/** Beats from `cookies` (the viewers, in turn) on `connections` connections. */
function beats(
  origin: string,
  cookies: string[],
  key: number,
  options: { connections: number; seconds: number; overallRate?: number },
): Promise<Phase> {
  let next = 0
  return autocannon({
    url: origin + BEAT,
    method: 'POST',
    connections: options.connections,
    duration: options.seconds,
    timeout: 60,
    ...(options.overallRate ? { overallRate: options.overallRate } : {}),
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ key }),
    requests: [
      {
        setupRequest: (request) => {
          const cookie = cookies[next++ % cookies.length]!
          request.headers = { ...request.headers, cookie }
          return request
        },
      },
    ],
  }).then((result) => ({
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    requests: result.requests.total,
  }))
}

export async function heartbeatScenario(
  origin: string,
  databaseUrl: string,
  {
    viewers: throughputViewers,
    writeViewers,
    seconds,
    slices = 3,
  }: { viewers: number; writeViewers: number[]; seconds: number; slices?: number },
): Promise<{ throughput: HeartbeatResult; writes: WritesResult[] }> {
  // A live moment: talk [1,2] has been on for ten minutes.
  const live = TALK_ROWS.find((talk) => talk.day === 1 && talk.slot === 2)!
  await simulate(origin, live.initAt.getTime() + 10 * 60_000)
  try {
    const { live: on } = (await (await fetch(origin + CLOCK)).json()) as { live: { key: number } | null }
    if (!on) throw new Error('the simulated moment has no live talk')
    const most = Math.max(throughputViewers, ...writeViewers)
    const cookies = await viewers(origin, databaseUrl, most, on.key)

    // Throughput: beats and ping in alternating slices.
    const slice = seconds / slices
    const connections = Math.min(throughputViewers, CONNECTIONS)
    const pings: Phase[] = []
    const beatPhases: Phase[] = []
    const ping = async () => {
      await drain(origin)
      process.stdout.write(`heartbeat: ${connections} connections on GET /api/ping for ${slice} s…\n`)
      pings.push(await run(origin, '/api/ping', connections, slice))
    }
    for (let i = 0; i < slices; i++) {
      await ping()
      await drain(origin)
      process.stdout.write(
        `heartbeat: ${throughputViewers} viewers beating back to back on ${connections} connections for ${slice} s…\n`,
      )
      beatPhases.push(
        await beats(origin, cookies.slice(0, throughputViewers), on.key, {
          connections,
          seconds: slice,
        }),
      )
    }
    await ping()
    await drain(origin)
    const throughput = { viewers: throughputViewers, seconds, ping: sum(pings), beat: sum(beatPhases) }
    printHeartbeat(throughput, [])

    // Database writes: a beat a second per viewer for a little over a minute, flushes counted.
    const writes: WritesResult[] = []
    for (const count of writeViewers) {
      await flush(origin)
      await drain(origin)
      const before = await stats(origin)
      const started = Date.now()
      const beatSeconds = 65
      process.stdout.write(`heartbeat: ${count} viewers beating once a second for ${beatSeconds} s…\n`)
      const phase = await beats(origin, cookies.slice(0, count), on.key, {
        connections: Math.min(count, CONNECTIONS),
        seconds: beatSeconds,
        overallRate: count,
      })
      // Until the alarm has written the last of it (after the isolate's last batch has reached
      // the object): every flush of the phase is counted, from its first beat to its last write.
      await new Promise((resolve) => setTimeout(resolve, 2 * BEAT_BATCH_MS))
      let after = await stats(origin)
      while (after.pendingRows > 0 && Date.now() - started < (beatSeconds + 150) * 1000) {
        await new Promise((resolve) => setTimeout(resolve, 2000))
        after = await stats(origin)
      }
      if (after.calls < before.calls) {
        // Its counts start again at zero: the phase's figures are not comparable.
        process.stdout.write(`heartbeat: the attendance object restarted during the ${count}-viewer phase\n`)
      }
      writes.push({
        viewers: count,
        seconds: Math.round((Date.now() - started) / 1000),
        beats: after.beats - before.beats,
        calls: after.calls - before.calls,
        flushes: after.flushes - before.flushes,
        rowsWritten: after.rowsWritten - before.rowsWritten,
        errors: phase.errors,
      })
      printHeartbeat(null, writes.slice(-1))
    }
    return { throughput, writes }
  } finally {
    await simulate(origin, null)
  }
}

export function printHeartbeat(throughput: HeartbeatResult | null, writes: WritesResult[]) {
  if (throughput) {
    const r = throughput
    console.log(
      `\nConference heartbeat (issue 24): the viewers beating back to back in turn on ${Math.min(r.viewers, CONNECTIONS)} connections (POST /api/jornada/presenca, signed in, a live talk); the ping baseline on as many, in alternating slices`,
    )
    console.table([
      {
        viewers: r.viewers,
        'ping req/s': Math.round(r.ping.rps),
        'ping p99 ms': r.ping.p99,
        'beat req/s': Math.round(r.beat.rps),
        'beat p99 ms': r.beat.p99,
        'beat ÷ ping': (r.beat.rps / r.ping.rps).toFixed(2),
        errors: r.beat.errors + r.ping.errors,
      },
    ])
  }
  if (writes.length) {
    console.log(
      `\nConference heartbeat, database writes: each viewer beats once a second (30× the page’s pace), on ${CONNECTIONS} connections at most; a flush is one write transaction (flush id, one multi-row upsert, pruning)`,
    )
    console.table(
      writes.map((w) => ({
        viewers: w.viewers,
        beats: w.beats,
        'calls to the object': w.calls,
        'seconds (to the last write)': w.seconds,
        'DB writes (transactions)': w.flushes,
        'DB writes/min': ((w.flushes * 60) / w.seconds).toFixed(2),
        'rows written': w.rowsWritten,
        errors: w.errors,
      })),
    )
  }
}
