import type { LiveRole } from '../domain/live-questions.ts'
import type { ShortLinkConfig } from '../domain/short-links.ts'

/**
 * What the Worker calls on a short link's counter (durable/link-clicks.ts implements it). Declared
 * apart from the class: the class reads the bindings (env.ts), so the bindings' type names this
 * interface, not the class, and the two modules do not import each other.
 */
export interface LinkClicksStub extends Rpc.DurableObjectBranded {
  follow(code: string, day: string): Promise<string | null>
  configure(link: ShortLinkConfig): Promise<void>
  flush(): Promise<void>
}

/** One viewer's beat as the Worker passes it on: the live talk per the clock, at the clock's `now`. */
export type AttendanceBeat = { userId: number; day: number; slot: number; talkInit: number; now: number }

/**
 * What the aggregator has seen since it started (the benchmark's and the tests' figures): `calls`
 * are the Worker's batches of beats.
 */
export type AttendanceStats = {
  calls: number
  beats: number
  flushes: number
  rowsWritten: number
  pendingRows: number
}

/** What the Worker calls on the conference's attendance aggregator (durable/conference-attendance.ts). */
export interface ConferenceAttendanceStub extends Rpc.DurableObjectBranded {
  /** An isolate's beats of the last second, in the order they came. */
  beats(beats: AttendanceBeat[]): Promise<void>
  flush(): Promise<{ rows: number }>
  stats(): Promise<AttendanceStats>
}

/** Who opens a socket on a talk's room, as the Worker found them before the upgrade. */
export type LiveViewer = {
  userId: number
  role: LiveRole
  /** The first name shown under their questions (unless they ask as 'Anônimo'). */
  name: string
}

/** The talk a room belongs to, by its session pair. */
export type LiveTalk = { day: number; slot: number }

export type LiveRoomStats = {
  sockets: number
  seq: number
  flushes: number
  broadcasts: number
  ticks: number
  due: Record<string, number>
}

/** What the Worker calls on a talk's live room (durable/live-room.ts), besides the upgrade (fetch). */
export interface LiveRoomStub extends Rpc.DurableObjectBranded {
  board(): Promise<import('../contract/live-questions.ts').LiveBoard>
  flush(): Promise<{ questions: number; reactions: number }>
  stats(): Promise<LiveRoomStats>
  forget(userId: number): Promise<{ questions: number }>
}
