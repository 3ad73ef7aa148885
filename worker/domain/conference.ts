/**
 * The live conference (SPEC sections 2, 4 and 7; DESIGN 9): which talk is on at a given moment,
 * and where in its video every viewer must be. Times are milliseconds since the epoch on the
 * server's clock, passed in: nothing here reads a clock.
 */

export const CONFERENCE_PATH = '/4a-jornada-multiprofissional'

/** A talk of the programme. `key` is its index in the programme (the SPEC's `?key={index}`). */
export type Talk = {
  key: number
  /** The SPEC's session pair [day, slot]. */
  day: number
  slot: number
  /** Scheduled start (ms since the epoch); an admin's shift moves it. */
  init: number
  title: string
  speaker: string
  /** The speaker's bio. */
  content: string
  videoId: string | null
  /** Seconds into the video at which the talk starts. */
  videoInit: number
  youtubeId: string | null
}

export type Programme = { version: number; talks: Talk[] }

/** A talk as GET /4a-jornada-multiprofissional/get/video_init lists it (`inits`). */
export type ClockTalk = {
  key: number
  session: [number, number]
  init: number
  title: string
  speaker: string
  content: string
  video_id: string | null
  video_init: number
  youtube_id: string | null
}

/** The clock route's answer: `now` is the server's clock at the moment it answered. */
export type ClockAnswer = {
  inits: ClockTalk[]
  now: number
  status: ConferenceStatus
  url: string | null
  version: number
  live: { key: number; position: number } | null
  next: { key: number; init: number } | null
}

/** A talk runs until the next one starts, and at most this long (breaks and lunch are not talks). */
export const TALK_MAX_MINUTES = 50

export const CONFERENCE_STATUSES = ['before', 'live', 'break', 'after'] as const
export type ConferenceStatus = (typeof CONFERENCE_STATUSES)[number]

export type ConferenceState =
  | {
      status: 'live'
      live: Talk
      next: Talk | null /** Seconds into the live talk's video. */
      position: number
    }
  | { status: 'before' | 'break'; live: null; next: Talk | null; position: null }
  | { status: 'after'; live: null; next: null; position: null }

const byInit = (a: Talk, b: Talk) => a.init - b.init || a.day - b.day || a.slot - b.slot

/** When a talk ends: the next talk's start on the same day, or TALK_MAX_MINUTES after its own. */
export function talkEnd(talks: readonly Talk[], talk: Talk): number {
  const cap = talk.init + TALK_MAX_MINUTES * 60_000
  const next = [...talks].sort(byInit).find((other) => other.day === talk.day && other.init > talk.init)
  return next ? Math.min(cap, next.init) : cap
}

/** Where in its video a live talk is at `now`: the talk's start in the video plus the time since it began. */
export const videoPosition = (talk: Talk, now: number) =>
  talk.videoInit + Math.max(0, Math.floor((now - talk.init) / 1000))

/** What the programme says at `now`: the live talk and its position, or what comes next. */
export function conferenceState(talks: readonly Talk[], now: number): ConferenceState {
  const sorted = [...talks].sort(byInit)
  const live = sorted.find((talk) => talk.init <= now && now < talkEnd(sorted, talk))
  const next = sorted.find((talk) => talk.init > now) ?? null
  if (live) return { status: 'live', live, next, position: videoPosition(live, now) }
  if (next) {
    const started = sorted.some((talk) => talk.init <= now)
    return { status: started ? 'break' : 'before', live: null, next, position: null }
  }
  if (sorted.length === 0) return { status: 'before', live: null, next: null, position: null }
  return { status: 'after', live: null, next: null, position: null }
}

/**
 * The privacy-enhanced embed (no cookies until the viewer plays). The page builds the iframe only
 * after the viewer presses play, so nothing is fetched from the video host before that.
 */
export function embedUrl(youtubeId: string, startSeconds: number): string {
  const start = Math.max(0, Math.floor(startSeconds))
  return `https://www.youtube-nocookie.com/embed/${encodeURIComponent(youtubeId)}?start=${start}&autoplay=1&rel=0`
}

/** A talk runs late: it and every later talk of its day start `minutes` later (earlier if negative). */
export function shiftProgramme(
  programme: Programme,
  shift: { day: number; fromSlot: number; minutes: number },
): Programme | null {
  const moved = programme.talks.some((talk) => talk.day === shift.day && talk.slot >= shift.fromSlot)
  if (!moved) return null
  return {
    version: programme.version + 1,
    talks: programme.talks.map((talk) =>
      talk.day === shift.day && talk.slot >= shift.fromSlot
        ? { ...talk, init: talk.init + shift.minutes * 60_000 }
        : talk,
    ),
  }
}

/**
 * The browser's estimate of the server's clock (NTP's formula): the server read its clock
 * somewhere between sending and receiving, so the midpoint is the best guess, off by at most
 * half the round trip. Among samples, the one with the shortest round trip is the most exact.
 */
export type ClockSample = { sentAt: number; receivedAt: number; serverNow: number }

export function clockOffset(sample: ClockSample): { offset: number; uncertainty: number } {
  const roundTrip = Math.max(0, sample.receivedAt - sample.sentAt)
  return { offset: sample.serverNow - (sample.sentAt + roundTrip / 2), uncertainty: roundTrip / 2 }
}

export function bestClockOffset(
  samples: readonly ClockSample[],
): { offset: number; uncertainty: number } | null {
  let best: { offset: number; uncertainty: number } | null = null
  for (const sample of samples) {
    const estimate = clockOffset(sample)
    if (!best || estimate.uncertainty < best.uncertainty) best = estimate
  }
  return best
}

/**
 * Keeps the last samples consistent with each other: when a new one disagrees with the best by
 * more than both uncertainties allow, the server's clock moved (a simulated clock locally), and
 * the older samples describe a clock that no longer exists.
 */
export function addClockSample(
  samples: readonly ClockSample[],
  sample: ClockSample,
  keep = 8,
): ClockSample[] {
  const best = bestClockOffset(samples)
  const estimate = clockOffset(sample)
  if (best && Math.abs(estimate.offset - best.offset) > best.uncertainty + estimate.uncertainty + 500) {
    return [sample]
  }
  return [...samples, sample].slice(-keep)
}
