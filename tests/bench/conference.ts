// The conference spike (DESIGN 9): thousands of viewers polling the clock of a live talk while
// others open the page, against the local stack. Printed beside GET /api/ping measured the same
// way in the same run, with the number of requests that reached the ConferenceClock Durable
// Object (counted by the object itself, read through a local-only route).
import autocannon from 'autocannon'
import { TALK_ROWS } from '../../db/seed-data/conference.ts'

const CLOCK = '/4a-jornada-multiprofissional/get/video_init'
const PAGE = '/4a-jornada-multiprofissional'

export type Phase = { rps: number; p50: number; p99: number; errors: number; requests: number }
export type ConferenceResult = {
  viewers: number
  seconds: number
  ping: Phase
  clock: Phase
  page: Phase
  pageDuringPing: Phase
  durableObjectRequests: number
  durableObjectRequestsDuringPing: number
  clockErrorMs: number
  clockUncertaintyMs: number
}

export function run(origin: string, path: string, connections: number, seconds: number, page = false) {
  return autocannon({
    url: origin + path,
    connections,
    duration: seconds,
    // A viewer waits for its answer however long the queue on this 2-core machine makes it.
    timeout: 60,
    headers: page ? { accept: 'text/html', 'sec-fetch-mode': 'navigate' } : { accept: 'application/json' },
  }).then(
    (result): Phase => ({
      rps: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      errors: result.errors + result.timeouts + result.non2xx,
      requests: result.requests.total,
    }),
  )
}

async function servedByDurableObject(origin: string): Promise<number> {
  const response = await fetch(`${origin}/api/dev/conference/stats`, { signal: AbortSignal.timeout(120_000) })
  return ((await response.json()) as { served: number }).served
}

/**
 * A browser's view of the server's clock during the spike: it polls once a second and keeps the
 * answer with the shortest round trip (web/src/features/conference/server-clock.ts). Client and
 * server share this machine's clock, so the true offset is the simulated one, measured idle.
 */
async function probeClock(origin: string, trueOffset: number, until: number) {
  let best = { error: Number.POSITIVE_INFINITY, uncertainty: Number.POSITIVE_INFINITY }
  while (Date.now() < until) {
    const sentAt = Date.now()
    const answer = (await fetch(origin + CLOCK, { signal: AbortSignal.timeout(60_000) })
      .then((response) => response.json())
      .catch(() => null)) as { now: number } | null
    const receivedAt = Date.now()
    const uncertainty = (receivedAt - sentAt) / 2
    if (answer && uncertainty < best.uncertainty) {
      best = { uncertainty, error: Math.abs(answer.now - (sentAt + uncertainty) - trueOffset) }
    }
    await new Promise((resolve) => setTimeout(resolve, 1000))
  }
  return best
}

export async function simulate(origin: string, at: number | null) {
  const response = await fetch(`${origin}/api/dev/conference/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ at: at === null ? null : new Date(at).toISOString() }),
  })
  if (!response.ok) throw new Error(`simulated clock: HTTP ${response.status}`)
}

/** The offset of the conference's clock from this machine's, measured with no load. */
async function idleOffset(origin: string): Promise<number> {
  let best = { offset: 0, roundTrip: Number.POSITIVE_INFINITY }
  for (let i = 0; i < 10; i++) {
    const sentAt = Date.now()
    const { now } = (await (await fetch(origin + CLOCK)).json()) as { now: number }
    const roundTrip = Date.now() - sentAt
    if (roundTrip < best.roundTrip) best = { offset: now - (sentAt + roundTrip / 2), roundTrip }
  }
  return best.offset
}

/**
 * Until the machine has answered every request a phase left queued (autocannon stops sending,
 * the local runtime still holds them): the next phase must not start behind another's backlog,
 * and thousands of half-closed sockets would exhaust the runtime's file descriptors.
 */
export async function drain(origin: string) {
  const deadline = Date.now() + 120_000
  while (Date.now() < deadline) {
    const sentAt = Date.now()
    const ok = await fetch(`${origin}/api/ping`, { signal: AbortSignal.timeout(60_000) }).then(
      (response) => response.ok,
      () => false,
    )
    if (ok && Date.now() - sentAt < 200) return
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
}

export const sum = (phases: Phase[]): Phase => {
  const requests = phases.reduce((total, phase) => total + phase.requests, 0)
  return {
    // Slices last the same time: the mean of their rates is the rate over all of them.
    rps: phases.reduce((total, phase) => total + phase.rps, 0) / phases.length,
    p50: Math.max(...phases.map((phase) => phase.p50)),
    p99: Math.max(...phases.map((phase) => phase.p99)),
    errors: phases.reduce((total, phase) => total + phase.errors, 0),
    requests,
  }
}

export async function conferenceScenario(
  origin: string,
  { viewerCounts, seconds, slices = 3 }: { viewerCounts: number[]; seconds: number; slices?: number },
): Promise<ConferenceResult[]> {
  // A live moment: talk [1,2] has been on for ten minutes.
  const live = TALK_ROWS.find((talk) => talk.day === 1 && talk.slot === 2)!
  await simulate(origin, live.initAt.getTime() + 10 * 60_000)
  const trueOffset = await idleOffset(origin)
  const results: ConferenceResult[] = []
  // The machine is shared and its other work comes and goes: the clock and the baseline run in
  // alternating slices (ping, clock, ping, …, ping), so a drift weighs on both alike.
  const slice = seconds / slices
  try {
    for (const viewers of viewerCounts) {
      // Some viewers arrive while the rest poll: 1 in 100 keeps opening the page.
      const openers = Math.max(5, Math.round(viewers / 100))
      const pings: Phase[] = []
      const clocks: Phase[] = []
      const pages: Phase[] = []
      const pagesDuringPing: Phase[] = []
      let durableObjectRequests = 0
      let durableObjectRequestsDuringPing = 0
      let probe = { error: Number.POSITIVE_INFINITY, uncertainty: Number.POSITIVE_INFINITY }

      const pingSlice = async () => {
        await drain(origin)
        process.stdout.write(`conference: ${viewers} connections on GET /api/ping for ${slice} s…\n`)
        const before = await servedByDurableObject(origin)
        const [ping, page] = await Promise.all([
          run(origin, '/api/ping', viewers, slice),
          run(origin, PAGE, openers, slice, true),
        ])
        pings.push(ping)
        pagesDuringPing.push(page)
        durableObjectRequestsDuringPing += (await servedByDurableObject(origin)) - before
      }
      for (let i = 0; i < slices; i++) {
        await pingSlice()
        await drain(origin)
        process.stdout.write(`conference: ${viewers} viewers polling the clock for ${slice} s…\n`)
        const before = await servedByDurableObject(origin)
        const [clock, page, sliceProbe] = await Promise.all([
          run(origin, CLOCK, viewers, slice),
          run(origin, PAGE, openers, slice, true),
          probeClock(origin, trueOffset, Date.now() + slice * 1000),
        ])
        durableObjectRequests += (await servedByDurableObject(origin)) - before
        clocks.push(clock)
        pages.push(page)
        if (sliceProbe.uncertainty < probe.uncertainty) probe = sliceProbe
      }
      await pingSlice()
      await drain(origin)

      const result: ConferenceResult = {
        viewers,
        seconds,
        ping: sum(pings),
        clock: sum(clocks),
        page: sum(pages),
        pageDuringPing: sum(pagesDuringPing),
        durableObjectRequests,
        durableObjectRequestsDuringPing,
        clockErrorMs: probe.error,
        clockUncertaintyMs: probe.uncertainty,
      }
      results.push(result)
      // Each count as soon as it is measured: a later, larger one may exhaust the machine.
      printConference([result])
    }
  } finally {
    await simulate(origin, null)
  }
  return results
}

export function printConference(results: ConferenceResult[]) {
  console.log(
    '\nConference spike (DESIGN 9): every viewer is one autocannon connection polling back to back; the clock and the ping baseline in alternating slices (ping, clock, ping, clock, ping, clock, ping)',
  )
  console.table(
    results.map((r) => ({
      viewers: r.viewers,
      'ping req/s': Math.round(r.ping.rps),
      'ping p99 ms': r.ping.p99,
      'clock req/s': Math.round(r.clock.rps),
      'clock p99 ms': r.clock.p99,
      'clock ÷ ping': (r.clock.rps / r.ping.rps).toFixed(2),
      'page loads/s': Math.round(r.page.rps),
      errors: r.clock.errors + r.ping.errors + r.page.errors + r.pageDuringPing.errors,
      'DO requests': r.durableObjectRequests,
      'DO req/s': (r.durableObjectRequests / r.seconds).toFixed(2),
    })),
  )
  for (const r of results) {
    console.log(
      `${r.viewers} viewers: ${r.clock.requests} clock answers and ${r.page.requests} page loads in ${r.seconds} s reached the Durable Object ${r.durableObjectRequests} times (${r.durableObjectRequestsDuringPing} during the ping phases); errors: clock ${r.clock.errors}, ping ${r.ping.errors}, page ${r.page.errors + r.pageDuringPing.errors}; a browser polling once a second under that load knew the server's clock to ${Math.round(r.clockErrorMs)} ms (half its shortest round trip: ${Math.round(r.clockUncertaintyMs)} ms)`,
    )
  }
}
