import { useEffect } from 'react'
import type { HeartbeatAnswer } from '../../../../worker/contract/conference.ts'
import { HEARTBEAT_INTERVAL_MS } from '../../../../worker/domain/attendance.ts'
import { api } from '../../lib/api.ts'

export const HEARTBEAT_PATH = '/api/jornada/presenca'

/** A visible tab coming back beats at once, unless it beat this recently. */
const MIN_GAP_MS = 10_000

/**
 * The attendance heartbeat (issue 24): while a signed-in viewer plays the live talk `liveKey` in a
 * visible tab, the page tells the server every HEARTBEAT_INTERVAL_MS, and at once when playing
 * starts or the tab comes back into view. A failed beat is left alone, never shown: without a
 * session (401) the page stops beating; a limit or an outage costs one interval of the count.
 */
export function useAttendanceHeartbeat(liveKey: number | null, enabled: boolean) {
  useEffect(() => {
    if (!enabled || liveKey === null) return
    let lastSentAt = 0
    let signedOut = false
    const beat = (force: boolean) => {
      if (signedOut || document.visibilityState !== 'visible') return
      if (!force && Date.now() - lastSentAt < MIN_GAP_MS) return
      lastSentAt = Date.now()
      api<HeartbeatAnswer>(HEARTBEAT_PATH, {
        method: 'POST',
        json: { key: liveKey },
        globalErrors: false,
      }).catch((error: unknown) => {
        if ((error as { status?: number }).status === 401) signedOut = true
      })
    }
    beat(false)
    const timer = setInterval(() => beat(true), HEARTBEAT_INTERVAL_MS)
    const onVisibility = () => beat(false)
    document.addEventListener('visibilitychange', onVisibility)
    return () => {
      clearInterval(timer)
      document.removeEventListener('visibilitychange', onVisibility)
    }
  }, [liveKey, enabled])
}
