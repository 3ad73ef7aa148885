import { eq, inArray, sql } from 'drizzle-orm'
import {
  certificates,
  conferenceAttendance,
  conferenceSettings,
  conferenceTalks,
  users,
} from '../../../db/schema.ts'
import type { AppContext } from '../../context.ts'
import { programmeSeconds, talkMinutes, watchedEnough } from '../../domain/attendance.ts'
import { certificateNameProblem } from '../../domain/certificate-text.ts'
import { DEFAULT_CONFERENCE_SHARE } from '../../domain/certificates.ts'
import { conferenceState, type Talk, talkEnd } from '../../domain/conference.ts'
import { CONFERENCE_TITLE } from '../../domain/institute.ts'
import { curitibaDay } from '../../domain/time-zone.ts'
import { conflict } from '../../errors.ts'
import { type IssueInput, issueCertificate, subjectOf } from '../certificates/issue.ts'
import { flushAttendance } from './attendance.ts'
import { conferenceSnapshot } from './clock.ts'

/**
 * Certificates issued per call: each is a few database round trips, and a request has a bounded
 * number of them; the admin's button calls again while some remain (nothing is issued twice).
 */
export const CERTIFICATES_PER_CALL = 60
/** Issued side by side within a call. */
const AT_ONCE = 6

export const CONFERENCE_CERTIFICATE_MESSAGES = {
  notEnded: 'A Jornada ainda não terminou: os certificados são emitidos depois da última palestra.',
} as const

const day = (ms: number) => curitibaDay(new Date(ms))

/**
 * 'Emitir certificados da jornada' (issue 24), once the programme has ended: an attendance
 * certificate for every viewer who watched at least the share of the programme's talk time the
 * conference's settings ask (hours = the time watched), and a speaker's certificate for every
 * talk. The counts still held by the attendance aggregator are written first. Repeatable: a
 * subject that has its certificate is skipped, so a second call issues only what the first left.
 */
export async function issueConferenceCertificates({ ctx }: { ctx: AppContext }) {
  const { programme, offsetMs } = await conferenceSnapshot(ctx)
  const talks = programme.talks
  const now = Math.round(Date.now() + offsetMs)
  if (talks.length === 0 || conferenceState(talks, now).status !== 'after') {
    throw conflict(CONFERENCE_CERTIFICATE_MESSAGES.notEnded)
  }
  await flushAttendance(ctx)

  const totalSeconds = programmeSeconds(talks)
  const [settings] = await ctx.db.select().from(conferenceSettings).where(eq(conferenceSettings.id, 1))
  const minShare = settings?.minShare ?? DEFAULT_CONFERENCE_SHARE
  const signatory =
    settings?.signatoryName && settings.signatoryRole
      ? { name: settings.signatoryName, role: settings.signatoryRole, signatureKey: settings.signatureKey }
      : null
  const first = Math.min(...talks.map((talk) => talk.init))
  const last = Math.max(...talks.map((talk) => talkEnd(talks, talk)))

  const [watched, talkRows, issued] = await Promise.all([
    ctx.db
      .select({
        userId: conferenceAttendance.userId,
        name: users.name,
        seconds: sql<number>`sum(${conferenceAttendance.seconds})`.mapWith(Number),
      })
      .from(conferenceAttendance)
      .innerJoin(users, eq(users.id, conferenceAttendance.userId))
      .groupBy(conferenceAttendance.userId, users.name),
    ctx.db.select().from(conferenceTalks),
    ctx.db
      .select({ subject: certificates.subject })
      .from(certificates)
      .where(inArray(certificates.kind, ['conference', 'speaker'])),
  ])
  const done = new Set(issued.map((row) => row.subject))

  const viewers: IssueInput[] = watched
    .filter((viewer) => watchedEnough(viewer.seconds, totalSeconds, minShare))
    .map((viewer) => ({
      kind: 'conference',
      userId: viewer.userId,
      holderName: viewer.name,
      title: CONFERENCE_TITLE,
      minutes: Math.floor(viewer.seconds / 60),
      startedOn: day(first),
      completedOn: day(last),
      template: '',
      signatory,
      evidence: { attendedMinutes: Math.floor(viewer.seconds / 60) },
    }))
  const speakers: IssueInput[] = talkRows.map((row) => {
    // The programme as the clock holds it (shifts included) is the authority for when it ran.
    const talk: Talk | undefined = talks.find((t) => t.day === row.day && t.slot === row.slot)
    const init = talk?.init ?? row.initAt.getTime()
    return {
      kind: 'speaker',
      talkId: row.id,
      userId: null,
      holderName: row.speaker,
      title: row.title,
      minutes: talk ? talkMinutes(talks, talk) : 0,
      startedOn: null,
      completedOn: day(init),
      template: '',
      signatory,
      evidence: null,
    }
  })
  // A name the certificate cannot print (a profile's, a speaker's) is held back and told, every call.
  const heldBack: Array<{ name: string; reason: string }> = []
  const todo = [...viewers, ...speakers].filter((input) => {
    if (done.has(subjectOf(input))) return false
    const reason = certificateNameProblem(input.holderName)
    if (reason) heldBack.push({ name: input.holderName, reason })
    return reason === null
  })
  const batch = todo.slice(0, CERTIFICATES_PER_CALL)
  let created = 0
  for (let start = 0; start < batch.length; start += AT_ONCE) {
    const results = await Promise.all(
      batch.slice(start, start + AT_ONCE).map((input) => issueCertificate(ctx, input)),
    )
    created += results.filter((result) => result.created).length
  }
  return {
    issued: created,
    remaining: todo.length - batch.length,
    eligible_viewers: viewers.length,
    viewers: watched.length,
    talks: speakers.length,
    min_share: minShare,
    programme_minutes: Math.round(totalSeconds / 60),
    held_back: heldBack,
  }
}
