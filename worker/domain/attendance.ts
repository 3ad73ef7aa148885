import { type Talk, talkEnd } from './conference.ts'

/**
 * Conference attendance (issue 24, DESIGN 9): a signed-in viewer's page beats while a live talk
 * plays in a visible tab, and each beat credits the time since that viewer's previous one. Times
 * are milliseconds on the conference's clock, passed in: nothing here reads a clock.
 */

/** How often the page beats while a talk plays. */
export const HEARTBEAT_INTERVAL_MS = 30_000

/**
 * What one beat credits at most: a little over the interval, so a late beat counts whole and a
 * viewer back after a pause (or a closed laptop) is credited one interval, not the whole gap.
 */
export const MAX_BEAT_CREDIT_MS = 35_000

/**
 * How long a Worker isolate gathers beats before it hands them to the attendance object in one
 * call: what an isolate evicted in between loses (each of those viewers one interval).
 */
export const BEAT_BATCH_MS = 1000

/** How long the counts wait where the clock lives before they are written in one batch. */
export const ATTENDANCE_FLUSH_INTERVAL_MS = 60_000

/**
 * Whole seconds a beat at `now` credits to the live talk that began at `talkInit`: the time since
 * the viewer's previous beat, never more than MAX_BEAT_CREDIT_MS nor than the talk has been on
 * (the part of the interval before it began belonged to a break or another talk). A first beat
 * credits nothing: it starts the viewer's count.
 */
export function beatCredit(previousBeatAt: number | null, now: number, talkInit: number): number {
  if (previousBeatAt === null) return 0
  const ms = Math.min(now - previousBeatAt, now - talkInit, MAX_BEAT_CREDIT_MS)
  return ms > 0 ? Math.round(ms / 1000) : 0
}

/** The programme's talk time in seconds: each talk from its start to its end (talkEnd). */
export function programmeSeconds(talks: readonly Talk[]): number {
  return talks.reduce((total, talk) => total + Math.round((talkEnd(talks, talk) - talk.init) / 1000), 0)
}

/** Whether `seconds` watched reach `minShare` % of a programme of `totalSeconds` (whole numbers, no rounding). */
export const watchedEnough = (seconds: number, totalSeconds: number, minShare: number) =>
  totalSeconds > 0 && seconds * 100 >= minShare * totalSeconds

/** A talk's length in whole minutes (the speaker's certificate hours). */
export const talkMinutes = (talks: readonly Talk[], talk: Talk) =>
  Math.round((talkEnd(talks, talk) - talk.init) / 60_000)

/** Pending seconds of one viewer and talk (the talk by its session pair), as a flush sends them. */
export type AttendanceRow = {
  userId: number
  day: number
  slot: number
  seconds: number
  /** The last beat's moment (ms on the conference clock). */
  lastSeenAt: number
}

/** What the aggregator sends to the database at once, under an id that makes a replay add nothing. */
export type AttendanceFlush = { id: string; rows: AttendanceRow[] }
