import { expect } from 'vitest'
import { TALK_ROWS } from '../../../db/seed-data/conference.ts'
import { baseURL } from './stack.ts'

// The conference's journeys: the seeded talk they watch live, and the clock's simulated "now".

/** The seeded programme's talk [1,2]: it starts at 09:20 of day 1, 80 minutes into the day's video. */
export const LIVE_TALK = TALK_ROWS.find((talk) => talk.day === 1 && talk.slot === 2)!

/** The conference's clock (local-only route): "now" is the given moment, and keeps running. */
export async function simulateClock(at: number | null) {
  const response = await fetch(`${baseURL}/api/dev/conference/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ at: at === null ? null : new Date(at).toISOString() }),
  })
  expect(response.status).toBe(200)
}
