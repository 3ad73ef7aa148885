import { deadlineOf, withDeadline } from '../../adapters/deadline.ts'
import type { AppContext, UserCall } from '../../context.ts'
import { BEAT_BATCH_MS } from '../../domain/attendance.ts'
import { CONFERENCE_PATH, conferenceState } from '../../domain/conference.ts'
import type { AttendanceBeat, AttendanceStats } from '../../durable/stubs.ts'
import { DependencyUnavailableError } from '../../errors.ts'
import { consumeLimit } from '../limits/limits.ts'
import { signToken, unixSeconds, verifiedClaims } from '../signed-tokens.ts'
import { conferenceSnapshot } from './clock.ts'

/**
 * The conference heartbeat (issue 24, DESIGN 9). A beat costs no database read nor write: the
 * viewer is known by a short-lived ticket signed with the tickets' own key (derived from APP_SECRET;
 * one session read per viewer every
 * PRESENCE_TICKET_TTL_SECONDS), the live talk by the Worker's copy of the clock, and the seconds are
 * kept by the ConferenceAttendance Durable Object, which writes them in batches. Nor does a beat
 * wait for that object: each isolate gathers its beats and hands them over in one call a second.
 */

/**
 * How long a ticket stands for the session it was issued under. A session ended elsewhere ('sair
 * de todos') still beats from this browser until then: it can only add the watching it reports.
 */
export const PRESENCE_TICKET_TTL_SECONDS = 20 * 60
const AUDIENCE = 'renalis:presenca'

/**
 * A ticket for this viewer, bound to the session (its id is the hash of the session cookie). It
 * carries the first name the live questions show (issue 44), so a talk's room is opened without a
 * database read either.
 */
export async function presenceTicket(
  ctx: AppContext,
  userId: number,
  sessionId: string,
  firstName?: string,
): Promise<string> {
  return signToken(ctx, 'presence', {
    claims: { sid: sessionId, ...(firstName ? { fn: firstName } : {}) },
    subject: userId,
    audience: AUDIENCE,
    expires: unixSeconds(ctx.now) + PRESENCE_TICKET_TTL_SECONDS,
  })
}

/** The viewer a ticket names, when it is valid, unexpired and issued under this session; else null. */
export async function ticketViewer(
  ctx: AppContext,
  ticket: string,
  sessionId: string,
): Promise<number | null> {
  return (await ticketClaims(ctx, ticket, sessionId))?.userId ?? null
}

/** The viewer and the first name a valid ticket carries (null name: a ticket issued without it). */
export async function ticketClaims(
  ctx: AppContext,
  ticket: string,
  sessionId: string,
): Promise<{ userId: number; firstName: string | null } | null> {
  if (ticket.length > 1000) return null
  try {
    const payload = await verifiedClaims<{ sid: string; fn?: unknown }>(ctx, 'presence', ticket, AUDIENCE)
    const userId = Number(payload.sub)
    if (payload.sid !== sessionId || !Number.isSafeInteger(userId) || userId <= 0) return null
    return { userId, firstName: typeof payload.fn === 'string' ? payload.fn : null }
  } catch {
    return null
  }
}

const attendance = (ctx: AppContext) =>
  ctx.env.CONFERENCE_ATTENDANCE.get(ctx.env.CONFERENCE_ATTENDANCE.idFromName(CONFERENCE_PATH))

/** Counted per viewer, far above the page's two beats a minute: only a script meets it. */
export const limitHeartbeats = (ctx: AppContext, userId: number) =>
  consumeLimit(ctx, 'heartbeat', `user:${userId}`)

/** What an isolate keeps at most while the aggregator does not answer (the oldest beats go first). */
const MAX_BUFFERED_BEATS = 50_000

// This isolate's beats not yet handed over, and the batch on its way. An isolate evicted between
// two batches takes its buffer with it: at most BEAT_BATCH_MS of beats, each of which costs its
// viewer one interval (the next beat credits from the one before).
let buffered: AttendanceBeat[] = []
let scheduledAt: number | null = null
let sending: Promise<void> | null = null

function queueBeat(ctx: AppContext, beat: AttendanceBeat) {
  buffered.push(beat)
  // A batch is due, unless its timer belonged to a request whose context has gone.
  if (scheduledAt !== null && Date.now() - scheduledAt < BEAT_BATCH_MS + deadlineOf(ctx.env, 'attendance'))
    return
  scheduledAt = Date.now()
  ctx.waitUntil(
    new Promise((resolve) => setTimeout(resolve, BEAT_BATCH_MS))
      .then(() => sendBeats(ctx))
      .catch((error: unknown) => {
        console.error(
          JSON.stringify({ level: 'error', kind: 'conference_beats_batch_failed', error: String(error) }),
        )
      }),
  )
}

/** Hands this isolate's buffered beats to the aggregator, now; on failure they stay buffered. */
async function sendBeats(ctx: AppContext): Promise<void> {
  scheduledAt = null
  if (buffered.length === 0) return
  const batch = buffered
  buffered = []
  // Past the deadline (or on an error) the batch goes back to the buffer and leaves with the next
  // one: a beat the aggregator already has credits nothing again.
  const call = withDeadline('attendance', deadlineOf(ctx.env, 'attendance'), () =>
    attendance(ctx).beats(batch),
  )
  sending = call.then(
    () => undefined,
    () => undefined,
  )
  try {
    await call
  } catch (error) {
    buffered = [...batch, ...buffered].slice(-MAX_BUFFERED_BEATS)
    throw error
  } finally {
    sending = null
  }
}

/**
 * A viewer's beat while the talk `key` plays. Counted only when that talk is live on the
 * conference's clock; the aggregator credits the seconds since this viewer's previous beat when
 * this isolate's batch reaches it (within BEAT_BATCH_MS): the answer does not wait for it.
 */
export async function recordHeartbeat({
  ctx,
  userId,
  key,
}: UserCall<{ key: number }>): Promise<{ counted: boolean }> {
  const { programme, offsetMs } = await conferenceSnapshot(ctx)
  const now = Math.round(Date.now() + offsetMs)
  const state = conferenceState(programme.talks, now)
  if (state.status !== 'live' || state.live.key !== key) return { counted: false }
  const { day, slot, init } = state.live
  queueBeat(ctx, { userId, day, slot, talkInit: init, now })
  return { counted: true }
}

/**
 * Writes what the aggregator holds now (before the certificates are issued; tests), with this
 * isolate's buffered beats first. Other isolates' last second of beats reaches it within
 * BEAT_BATCH_MS; the certificates are issued after the programme has ended, long after.
 */
export async function flushAttendance(ctx: AppContext): Promise<{ rows: number }> {
  await sending
  await sendBeats(ctx)
  try {
    return await attendance(ctx).flush()
  } catch (error) {
    // The flush's one dependency is the database (the error's class stays in the object): a 503.
    // What it could not write waits there for the alarm's retry.
    throw new DependencyUnavailableError('database', 'unreachable', `attendance flush: ${String(error)}`)
  }
}

/** Local only: the aggregator's counts since it started (the benchmark's figures). */
export const attendanceStats = ({ ctx }: { ctx: AppContext }): Promise<AttendanceStats> =>
  attendance(ctx).stats()
