/**
 * Evidence of study (issue 39, DESIGN 9a): a video lesson counts by the time actually played,
 * measured by the player and checked by the server; a lesson without video, by being opened. The
 * student's own 'Aula assistida' mark is never evidence. Times are milliseconds, passed in: wall
 * times (`at`) come from whoever calls, media positions from the player; nothing here reads a clock.
 */

/** Media time never counts faster than this multiple of wall time: at 3× a minute counts two. */
export const MAX_CREDITED_RATE = 2

/** By default a video lesson is done at 90 % of its distinct seconds (Teachable's rule). */
export const DEFAULT_WATCH_SHARE = 90

/** How often the player sends what it recorded (and at once on pause, end, a hidden page, leaving). */
export const BEAT_INTERVAL_MS = 15_000

/**
 * What a playback may claim beyond MAX_CREDITED_RATE × the wall time since it opened (server
 * clock): the opening beat and a later one travel at different speeds.
 */
export const PLAYBACK_SLACK_MS = 5_000

/**
 * A playback that has not beaten for this long is over: the next one starts its own clock. One
 * that has (another tab) hands its clock and credit on, so tabs together never pass the budget.
 */
export const STALE_PLAYBACK_MS = 2 * BEAT_INTERVAL_MS

/** The most segments one beat carries (a player sends early rather than hold more). */
export const MAX_BEAT_SEGMENTS = 50

/** The longest a lesson (and so a media position) may be: a day, as the lesson form allows. */
export const MAX_MEDIA_MS = 86_400_000

// ── From the player's events to played segments ─────────────────────────────────

/**
 * What a player reports, each with the wall time `at` and the media `position` (ms). A seek
 * carries where playing was (`position`) and where it went (`target`).
 */
export type StudyEvent =
  | { type: 'play'; at: number; position: number; rate: number }
  | { type: 'rate'; at: number; position: number; rate: number }
  | { type: 'seek'; at: number; position: number; target: number }
  | { type: 'pause' | 'ended' | 'hidden' | 'visible'; at: number; position: number }

/** A stretch of media played at one rate with the page visible: media [from, to), wall time, rate. */
export type PlayedSegment = { from: number; to: number; wallMs: number; rate: number }

/** The recorder between events: whether it plays, whether the page shows, the open segment. */
export type Recorder = {
  playing: boolean
  visible: boolean
  rate: number
  open: { from: number; at: number } | null
}

export const newRecorder = (visible = true): Recorder => ({ playing: false, visible, rate: 1, open: null })

type Step = { recorder: Recorder; closed: PlayedSegment[] }

/** The open segment ended at `position`, `at`: kept when it advanced in media and in wall time. */
function close(recorder: Recorder, at: number, position: number): Step {
  const { open } = recorder
  const closed =
    open && position > open.from && at > open.at
      ? [{ from: open.from, to: position, wallMs: at - open.at, rate: recorder.rate }]
      : []
  return { recorder: { ...recorder, open: null }, closed }
}

/** A segment opens whenever the player plays and the page shows. */
const reopen = (recorder: Recorder, at: number, position: number): Recorder =>
  recorder.playing && recorder.visible ? { ...recorder, open: { from: position, at } } : recorder

/**
 * One event: segments are recorded only while playing with the page visible; a pause, the end, a
 * hidden page, a seek or a rate change ends the segment open, and a seek's skipped part is never in one.
 */
export function record(recorder: Recorder, event: StudyEvent): Step {
  const { at, position } = event
  switch (event.type) {
    case 'play': {
      if (recorder.playing && recorder.open && event.rate === recorder.rate) return { recorder, closed: [] }
      const ended = close(recorder, at, position)
      return {
        ...ended,
        recorder: reopen({ ...ended.recorder, playing: true, rate: event.rate }, at, position),
      }
    }
    case 'rate': {
      const ended = close(recorder, at, position)
      return { ...ended, recorder: reopen({ ...ended.recorder, rate: event.rate }, at, position) }
    }
    case 'seek': {
      const ended = close(recorder, at, position)
      return { ...ended, recorder: reopen(ended.recorder, at, event.target) }
    }
    case 'pause':
    case 'ended':
      return close({ ...recorder, playing: false }, at, position)
    case 'hidden':
      return close({ ...recorder, visible: false }, at, position)
    case 'visible': {
      if (recorder.visible) return { recorder, closed: [] }
      return { recorder: reopen({ ...recorder, visible: true }, at, position), closed: [] }
    }
  }
}

/** At a beat: the open segment ends here and goes, and a new one goes on from the same point. */
export function cut(recorder: Recorder, at: number, position: number): Step {
  if (!recorder.open) return { recorder, closed: [] }
  const ended = close(recorder, at, position)
  return { ...ended, recorder: reopen(ended.recorder, at, position) }
}

/** The segments a list of events records (the open one, if any, is left out: it has no end yet). */
export function segmentsOf(events: readonly StudyEvent[], start: Recorder = newRecorder()): PlayedSegment[] {
  let recorder = start
  const segments: PlayedSegment[] = []
  for (const event of events) {
    const step = record(recorder, event)
    recorder = step.recorder
    segments.push(...step.closed)
  }
  return segments
}

// ── What a segment credits, and distinct media time ──────────────────────────────

/** Media [from, to) in ms. */
export type Interval = { from: number; to: number }

/** The media time a segment counts: never more than its wall time × its rate, capped at 2×. */
export function creditedMs(segment: PlayedSegment): number {
  const rate = Math.min(Math.max(segment.rate, 0), MAX_CREDITED_RATE)
  return Math.max(0, Math.min(segment.to - segment.from, Math.floor(segment.wallMs * rate)))
}

/** The part of the segment that counts: from its start, as much as it credits. */
export function creditedInterval(segment: PlayedSegment): Interval | null {
  const ms = creditedMs(segment)
  return ms > 0 ? { from: segment.from, to: segment.from + ms } : null
}

/** Overlapping or touching intervals joined, in order. */
export function mergeIntervals(intervals: readonly Interval[]): Interval[] {
  const sorted = intervals.filter((interval) => interval.to > interval.from).sort((a, b) => a.from - b.from)
  const merged: Interval[] = []
  for (const interval of sorted) {
    const last = merged.at(-1)
    if (last && interval.from <= last.to) last.to = Math.max(last.to, interval.to)
    else merged.push({ ...interval })
  }
  return merged
}

/** Distinct media milliseconds played within a lesson of `durationMs`. */
export function distinctMs(intervals: readonly Interval[], durationMs: number): number {
  return mergeIntervals(
    intervals.map(({ from, to }) => ({ from: Math.max(0, from), to: Math.min(durationMs, to) })),
  ).reduce((total, { from, to }) => total + (to - from), 0)
}

/**
 * What a beat claims and what it would store: the media time its segments credit, each counted
 * (the playback's budget is media per wall time), and their credited parts joined.
 */
export function beatClaim(segments: readonly PlayedSegment[]): { claimMs: number; intervals: Interval[] } {
  const credited = segments.map(creditedInterval).filter((interval) => interval !== null)
  return {
    claimMs: credited.reduce((total, { from, to }) => total + (to - from), 0),
    intervals: mergeIntervals(credited),
  }
}

// ── A lesson done, a course's standing ──────────────────────────────────────────

export type LessonFacts = {
  id: number
  title: string
  /** A video lesson (played), or a reading (opened). */
  hasVideo: boolean
  /** The video's length; a video without one cannot be measured, so it is never done. */
  durationSeconds: number | null
}

export type LessonStanding = {
  id: number
  title: string
  hasVideo: boolean
  durationSeconds: number | null
  /** Distinct seconds of the video played (whole seconds, rounded down). */
  playedSeconds: number
  /** Of the video's length, rounded down (0–100). */
  playedPercent: number
  opened: boolean
  done: boolean
}

export function lessonStanding(
  lesson: LessonFacts,
  intervals: readonly Interval[],
  opened: boolean,
  watchShare: number,
): LessonStanding {
  const durationMs = (lesson.durationSeconds ?? 0) * 1000
  const played = lesson.hasVideo && durationMs > 0 ? distinctMs(intervals, durationMs) : 0
  return {
    id: lesson.id,
    title: lesson.title,
    hasVideo: lesson.hasVideo,
    durationSeconds: lesson.durationSeconds,
    playedSeconds: Math.floor(played / 1000),
    playedPercent: durationMs > 0 ? Math.floor((played * 100) / durationMs) : 0,
    opened,
    done: lesson.hasVideo ? durationMs > 0 && played * 100 >= watchShare * durationMs : opened,
  }
}

export type CourseStanding = {
  lessons: LessonStanding[]
  lessonsDone: number
  lessonsTotal: number
  /** Lessons done of the total, rounded down. */
  percent: number
  /** Distinct seconds played over the videos' length, rounded down; null without videos. */
  watchedPercent: number | null
  watchShare: number
  certificateShare: number
  /** Enough lessons done for the certificate (the course's share of them). */
  eligible: boolean
}

/**
 * A course's standing from its lessons (in order), the intervals played (each with its lesson),
 * and the readings opened: lessons done against the course's `certificateShare` of them.
 */
export function courseStanding({
  lessons,
  segments,
  opened: openedIds,
  watchShare,
  certificateShare,
}: {
  lessons: readonly LessonFacts[]
  segments: readonly (Interval & { lessonId: number })[]
  opened: readonly number[]
  watchShare: number
  certificateShare: number
}): CourseStanding {
  const played = new Map<number, Interval[]>()
  for (const { lessonId, from, to } of segments)
    played.set(lessonId, [...(played.get(lessonId) ?? []), { from, to }])
  const opened = new Set(openedIds)
  const standings = lessons.map((lesson) =>
    lessonStanding(lesson, played.get(lesson.id) ?? [], opened.has(lesson.id), watchShare),
  )
  const done = standings.filter((lesson) => lesson.done).length
  const videos = standings.filter((lesson) => lesson.hasVideo && lesson.durationSeconds)
  const videoMs = videos.reduce((total, lesson) => total + (lesson.durationSeconds ?? 0) * 1000, 0)
  const playedMs = videos.reduce(
    (total, lesson) => total + distinctMs(played.get(lesson.id) ?? [], (lesson.durationSeconds ?? 0) * 1000),
    0,
  )
  return {
    lessons: standings,
    lessonsDone: done,
    lessonsTotal: standings.length,
    percent: standings.length === 0 ? 0 : Math.floor((done * 100) / standings.length),
    watchedPercent: videoMs === 0 ? null : Math.floor((playedMs * 100) / videoMs),
    watchShare,
    certificateShare,
    eligible: standings.length > 0 && done * 100 >= certificateShare * standings.length,
  }
}

/** A length in words: '45 s', '3 min 20 s', '1 h 5 min'. */
export function durationText(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds))
  const hours = Math.floor(whole / 3600)
  const minutes = Math.floor((whole % 3600) / 60)
  const rest = whole % 60
  if (hours > 0) return minutes > 0 ? `${hours} h ${minutes} min` : `${hours} h`
  if (minutes > 0) return rest > 0 ? `${minutes} min ${rest} s` : `${minutes} min`
  return `${rest} s`
}

/** How far one unfinished lesson is, in words (the certificate's 409 and the pages). */
export function lessonShortfall(lesson: LessonStanding, watchShare: number): string {
  if (!lesson.hasVideo) return 'abra o texto da aula'
  if (!lesson.durationSeconds) return 'vídeo sem duração cadastrada: fale com o Centro de Ensino'
  return `assistido ${durationText(lesson.playedSeconds)} de ${durationText(lesson.durationSeconds)}, ${lesson.playedPercent}%; o curso pede ${watchShare}% de cada vídeo`
}

/** The most unfinished lessons a refusal names one by one. */
const NAMED_AT_MOST = 8

/** Why a course's certificate is not yet earned: the share asked, and the lessons not done. */
export function missingForCertificate(standing: CourseStanding): string {
  const missing = standing.lessons.filter((lesson) => !lesson.done)
  const named = missing
    .slice(0, NAMED_AT_MOST)
    .map((lesson) => `"${lesson.title}" (${lessonShortfall(lesson, standing.watchShare)})`)
  const more = missing.length - named.length
  return [
    `Para emitir o certificado, conclua ${standing.certificateShare}% das aulas (você concluiu ${standing.lessonsDone} de ${standing.lessonsTotal}).`,
    named.length > 0 ? `Aulas por concluir: ${named.join('; ')}${more > 0 ? `; e mais ${more}` : ''}.` : '',
    'Marcar uma aula como assistida não conta: vale o tempo de vídeo reproduzido.',
  ]
    .filter(Boolean)
    .join(' ')
}
