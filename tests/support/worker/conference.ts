import { expect } from 'vitest'
import type { ClockAnswer } from '../../../worker/domain/conference.ts'
import { workerFetch } from './http.ts'

/**
 * Makes `at` the conference's "now" (local-only route; null: the real time again); the Worker's
 * copies of the clock are dropped. Its answer: the clock at that moment.
 */
export async function simulateClock(at: number | null): Promise<ClockAnswer> {
  const response = await workerFetch('http://localhost/api/dev/conference/clock', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ at: at === null ? null : new Date(at).toISOString() }),
  })
  expect(response.status).toBe(200)
  return (await response.json()) as ClockAnswer
}
