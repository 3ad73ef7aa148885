import type { PlaybackBeatInput, StudyAnswer } from '../../../../../worker/contract/study.ts'
import {
  BEAT_INTERVAL_MS,
  cut,
  MAX_BEAT_SEGMENTS,
  newRecorder,
  type PlayedSegment,
  type Recorder,
  record,
  type StudyEvent,
} from '../../../../../worker/domain/study.ts'
import { ApiError } from '../../../lib/api.ts'
import type { LessonPlayer, MediaEvent } from './port.ts'

/** A beat this soon after the previous one waits (a pause right after the opening beat). */
const MIN_GAP_MS = 2000

type Send = (body: PlaybackBeatInput, keepalive: boolean) => Promise<StudyAnswer>

const toBody = (segment: PlayedSegment) => ({
  from: segment.from,
  to: segment.to,
  wall_ms: segment.wallMs,
  rate: segment.rate,
})

/**
 * One player instance's evidence (issue 39): its events recorded into segments by the domain's
 * rules (worker/domain/study.ts), sent in beats under one playback id. The first play opens the
 * playback on the server (its clock starts); then every BEAT_INTERVAL_MS and at each pause, end or
 * hidden page what was played goes. What the server did not count (too fast, a limit, an outage)
 * goes again with the next beat; without a session or an enrollment the recorder stops.
 */
export class StudyRecorder {
  readonly playback = crypto.randomUUID()
  readonly #send: Send
  readonly #onAnswer: (answer: StudyAnswer) => void
  readonly #now: () => number
  #recorder: Recorder
  #pending: PlayedSegment[] = []
  #opened = false
  #sending = false
  #queued = false
  #stopped = false
  #lastSentAt = Number.NEGATIVE_INFINITY
  #later: ReturnType<typeof setTimeout> | undefined

  constructor({
    send,
    onAnswer,
    now = () => Date.now(),
    visible = true,
  }: { send: Send; onAnswer: (answer: StudyAnswer) => void; now?: () => number; visible?: boolean }) {
    this.#send = send
    this.#onAnswer = onAnswer
    this.#now = now
    this.#recorder = newRecorder(visible)
  }

  /** A player's (or the page's) event, stamped now. */
  hear(event: MediaEvent) {
    const step = record(this.#recorder, { ...event, at: this.#now() } as StudyEvent)
    this.#recorder = step.recorder
    this.#pending.push(...step.closed)
    if (event.type === 'play' && !this.#opened) this.flush()
    else if (event.type === 'pause' || event.type === 'ended' || event.type === 'hidden') this.flush()
  }

  /** A beat: what plays now is cut at `position` and sent (with `keepalive` as the page goes). */
  beat(position: number, keepalive = false) {
    const step = cut(this.#recorder, this.#now(), position)
    this.#recorder = step.recorder
    this.#pending.push(...step.closed)
    this.flush(keepalive)
  }

  flush(keepalive = false) {
    if (this.#stopped) return
    // Nothing to say: no segment, and the playback already open (or never played).
    if (this.#pending.length === 0 && (this.#opened || !this.#recorder.playing)) return
    if (keepalive) {
      const segments = this.#pending.splice(0, MAX_BEAT_SEGMENTS)
      void this.#send({ playback: this.playback, segments: segments.map(toBody) }, true).catch(
        () => undefined,
      )
      return
    }
    if (this.#sending) {
      this.#queued = true
      return
    }
    const wait = this.#lastSentAt + MIN_GAP_MS - this.#now()
    if (wait > 0) {
      this.#later ??= setTimeout(() => {
        this.#later = undefined
        this.flush()
      }, wait)
      return
    }
    this.#sending = true
    this.#lastSentAt = this.#now()
    const segments = this.#pending.splice(0, MAX_BEAT_SEGMENTS)
    this.#send({ playback: this.playback, segments: segments.map(toBody) }, false)
      .then(
        (answer) => {
          this.#opened = true
          this.#onAnswer(answer)
        },
        (error: unknown) => {
          const status = error instanceof ApiError ? error.status : 0
          if (status === 401 || status === 403 || status === 404) {
            this.#stopped = true
            return
          }
          this.#pending = [...segments, ...this.#pending].slice(-MAX_BEAT_SEGMENTS)
        },
      )
      .finally(() => {
        this.#sending = false
        if (this.#queued) {
          this.#queued = false
          this.flush()
        }
      })
  }

  stop() {
    this.#stopped = true
    clearTimeout(this.#later)
  }
}

/**
 * While `player` plays on this page: a beat every BEAT_INTERVAL_MS, the page hidden or shown as
 * events, and a last beat (keepalive) when the page goes. Answers the cleanup, which sends the
 * last beat too (the lesson changed).
 */
export function recordWhilePlaying(recorder: StudyRecorder, player: LessonPlayer): () => void {
  const timer = setInterval(() => recorder.beat(player.position()), BEAT_INTERVAL_MS)
  const onVisibility = () =>
    recorder.hear({
      type: document.visibilityState === 'visible' ? 'visible' : 'hidden',
      position: player.position(),
    })
  const onPageHide = () => recorder.beat(player.position(), true)
  document.addEventListener('visibilitychange', onVisibility)
  window.addEventListener('pagehide', onPageHide)
  return () => {
    clearInterval(timer)
    document.removeEventListener('visibilitychange', onVisibility)
    window.removeEventListener('pagehide', onPageHide)
    recorder.beat(player.position(), true)
    recorder.stop()
  }
}
