import type { StudyEvent } from '../../../../../worker/domain/study.ts'

// The lesson player is a port (issue 39, DESIGN 8): one interface, two adapters. YouTube's IFrame
// API plays the lessons in production (youtube-player.ts); a stand-in over a short local video
// plays them in the tests and under `npm start` (local-player.ts). The Worker says which.

/** What a player reports, without the wall time: the recorder stamps it when it hears it. */
export type MediaEvent = StudyEvent extends infer E ? (E extends StudyEvent ? Omit<E, 'at'> : never) : never

/** A playing video, whichever adapter plays it. */
export type LessonPlayer = {
  /** The media position now, in ms. */
  position(): number
  /** Stops the video and removes the player. */
  destroy(): void
}

export type MountOptions = {
  /** The lesson's title: the player's accessible name. */
  title: string
  onEvent: (event: MediaEvent) => void
  /** The player could not start or play (the host unreachable, the video gone), in pt-BR. */
  onFailure: (message: string) => void
}

/** Starts a player inside `container`: called once the student pressed play, never before. */
export type MountPlayer = (container: HTMLElement, options: MountOptions) => LessonPlayer
