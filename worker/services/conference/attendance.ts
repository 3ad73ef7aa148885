import { jwtVerify, SignJWT } from 'jose'
import type { AppContext } from '../../context.ts'
import { CONFERENCE_PATH, conferenceState } from '../../domain/conference.ts'
import type { AttendanceStats } from '../../durable/stubs.ts'
import { consumeLimit } from '../limits/limits.ts'
import { conferenceSnapshot } from './clock.ts'

/**
 * The conference heartbeat (issue 24, DESIGN 9). A beat costs no database read nor write: the
 * viewer is known by a short-lived ticket signed with APP_SECRET (one session read per viewer every
 * PRESENCE_TICKET_TTL_SECONDS), the live talk by the Worker's copy of the clock, and the seconds are
 * kept by the ConferenceAttendance Durable Object, which writes them in batches.
 */

/**
 * How long a ticket stands for the session it was issued under. A session ended elsewhere ('sair
 * de todos') still beats from this browser until then: it can only add the watching it reports.
 */
export const PRESENCE_TICKET_TTL_SECONDS = 20 * 60
const AUDIENCE = 'renalis:presenca'

const secretKey = (ctx: AppContext) => new TextEncoder().encode(ctx.env.APP_SECRET)
const seconds = (date: Date) => Math.floor(date.getTime() / 1000)

/** A ticket for this viewer, bound to the session (its id is the hash of the session cookie). */
export function presenceTicket(ctx: AppContext, userId: number, sessionId: string): Promise<string> {
  return new SignJWT({ sid: sessionId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(userId))
    .setAudience(AUDIENCE)
    .setIssuedAt(seconds(ctx.now))
    .setExpirationTime(seconds(ctx.now) + PRESENCE_TICKET_TTL_SECONDS)
    .sign(secretKey(ctx))
}

/** The viewer a ticket names, when it is valid, unexpired and issued under this session; else null. */
export async function ticketViewer(
  ctx: AppContext,
  ticket: string,
  sessionId: string,
): Promise<number | null> {
  if (ticket.length > 1000) return null
  try {
    const { payload } = await jwtVerify<{ sid: string }>(ticket, secretKey(ctx), {
      audience: AUDIENCE,
      algorithms: ['HS256'],
      currentDate: ctx.now,
    })
    const userId = Number(payload.sub)
    return payload.sid === sessionId && Number.isSafeInteger(userId) && userId > 0 ? userId : null
  } catch {
    return null
  }
}

const attendance = (ctx: AppContext) =>
  ctx.env.CONFERENCE_ATTENDANCE.get(ctx.env.CONFERENCE_ATTENDANCE.idFromName(CONFERENCE_PATH))

/** Counted per viewer, far above the page's two beats a minute: only a script meets it. */
export const limitHeartbeats = (ctx: AppContext, userId: number) =>
  consumeLimit(ctx, 'heartbeat', `user:${userId}`)

/**
 * A viewer's beat while the talk `key` plays. Counted only when that talk is live on the
 * conference's clock; the aggregator credits the seconds since this viewer's previous beat.
 */
export async function recordHeartbeat({
  ctx,
  userId,
  key,
}: {
  ctx: AppContext
  userId: number
  key: number
}): Promise<{ counted: boolean }> {
  const { programme, offsetMs } = await conferenceSnapshot(ctx)
  const now = Math.round(Date.now() + offsetMs)
  const state = conferenceState(programme.talks, now)
  if (state.status !== 'live' || state.live.key !== key) return { counted: false }
  const { day, slot, init } = state.live
  await attendance(ctx).beat({ userId, day, slot, talkInit: init, now })
  return { counted: true }
}

/** Writes what the aggregator holds now (before the certificates are issued; tests). */
export const flushAttendance = (ctx: AppContext) => attendance(ctx).flush()

/** Local only: the aggregator's counts since it started (the benchmark's figures). */
export const attendanceStats = ({ ctx }: { ctx: AppContext }): Promise<AttendanceStats> =>
  attendance(ctx).stats()
