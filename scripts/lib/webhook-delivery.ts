// What both stand-ins (the Pagar.me sandbox, the Focus NFe stand-in) do alike when they call the
// store back: timers the server's close stops, and a delivery retried on a schedule until the
// receiver answers 2xx. What each one sends (body, signature, credentials) stays in its api.ts.

/** Timers that `clear` stops at once (the stand-in's stop, when its server closes). */
export function createTimers() {
  const timers = new Set<ReturnType<typeof setTimeout>>()
  return {
    /** Runs `run` after `ms` (at once for 0 or less), unless cleared first. */
    later(ms: number, run: () => void) {
      const timer = setTimeout(
        () => {
          timers.delete(timer)
          run()
        },
        Math.max(0, ms),
      )
      timers.add(timer)
    },
    clear() {
      for (const timer of timers) clearTimeout(timer)
      timers.clear()
    },
  }
}

/** A delivery's standing, as each stand-in's page shows it. */
export type DeliveryStanding = {
  status: 'pending' | 'delivered' | 'failed'
  attempts: number
  lastStatus: number | null
}

export type DeliverySchedule = {
  /** The wait before each attempt (the first from now, each next from the failure before). */
  delays: readonly number[]
  later: (ms: number, run: () => void) => void
  /** The state changed (saved by the server). */
  changed: () => void
}

/**
 * POSTs what `request` builds (anew at each attempt: a signature may change between them) with a
 * 10 s timeout, until a 2xx ('delivered') or the schedule runs out ('failed').
 */
export function deliverWithRetries(
  delivery: DeliveryStanding,
  schedule: DeliverySchedule,
  request: () => Promise<{ url: string; headers: Record<string, string>; body: string }>,
  attempt = 0,
): void {
  const delay = schedule.delays[attempt]
  if (delay === undefined) {
    delivery.status = 'failed'
    schedule.changed()
    return
  }
  schedule.later(delay, async () => {
    delivery.attempts += 1
    try {
      const { url, headers, body } = await request()
      const response = await fetch(url, {
        method: 'POST',
        headers,
        body,
        signal: AbortSignal.timeout(10_000),
      })
      delivery.lastStatus = response.status
      await response.body?.cancel()
      if (response.ok) {
        delivery.status = 'delivered'
        schedule.changed()
        return
      }
    } catch {
      delivery.lastStatus = null
    }
    schedule.changed()
    deliverWithRetries(delivery, schedule, request, attempt + 1)
  })
}
