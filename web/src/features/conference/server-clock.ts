import { useEffect, useState } from 'react'
import { addClockSample, bestClockOffset, type ClockSample } from '../../../../worker/domain/conference.ts'

/**
 * The browser's estimate of the conference's clock (the Worker's answer carries the Durable
 * Object's "now"): every poll is a sample, the one with the shortest round trip wins, so every
 * viewer is within half a round trip of the server whatever the time on their device.
 */
let samples: ClockSample[] = []
const listeners = new Set<() => void>()

export function recordClockSample(sample: ClockSample) {
  samples = addClockSample(samples, sample)
  for (const listener of listeners) listener()
}

/** Server time minus this device's time, or null before the first answer in this browser. */
export function serverOffset(): number | null {
  return bestClockOffset(samples)?.offset ?? null
}

/** The server's "now", or null before the first answer. */
export function serverNow(): number | null {
  const offset = serverOffset()
  return offset === null ? null : Date.now() + offset
}

/** Tests start from a browser that never asked. */
export function forgetClockSamples() {
  samples = []
}

/**
 * The server's "now", ticking on the server's whole seconds. Null on the server and during
 * hydration (a shared render may be minutes old), then set once this browser has asked itself.
 */
export function useServerNow(): number | null {
  const [now, setNow] = useState<number | null>(null)
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined
    const tick = () => setNow(serverNow())
    const schedule = () => {
      const current = serverNow() ?? Date.now()
      timer = setTimeout(
        () => {
          tick()
          schedule()
        },
        1000 - (current % 1000) + 5,
      )
    }
    tick()
    schedule()
    listeners.add(tick)
    return () => {
      clearTimeout(timer)
      listeners.delete(tick)
    }
  }, [])
  return now
}
