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

/** What the aggregator has seen since it started (the benchmark's and the tests' figures). */
export type AttendanceStats = { beats: number; flushes: number; rowsWritten: number; pendingRows: number }

/** What the Worker calls on the conference's attendance aggregator (durable/conference-attendance.ts). */
export interface ConferenceAttendanceStub extends Rpc.DurableObjectBranded {
  beat(beat: AttendanceBeat): Promise<{ seconds: number }>
  flush(): Promise<{ rows: number }>
  stats(): Promise<AttendanceStats>
}
