import { env } from 'cloudflare:workers'
import { count, eq, inArray } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  certificates,
  conferenceAttendance,
  conferenceAttendanceFlushes,
  conferenceSettings,
  conferenceTalks,
} from '../../db/schema.ts'
import { ConferenceCertificatesResult, HeartbeatAnswer } from '../../worker/contract/conference.ts'
import { CONFERENCE_PATH } from '../../worker/domain/conference.ts'
import { recordAttendanceFlush } from '../../worker/services/conference/attendance-flush.ts'
import { adminCall, newAdmin } from '../support/worker/admin.ts'
import { simulateClock } from '../support/worker/conference.ts'
import { createUser, sessionCookie, testContext, testDb } from '../support/worker/db.ts'
import { workerFetch } from '../support/worker/http.ts'
import { databaseFault } from '../support/worker/outages.ts'

const db = testDb()
const BEAT = 'http://localhost/api/jornada/presenca'
const ISSUE = '/api/admin/conference/certificates'

// A programme of this file's own: talk [1,1] for 10 minutes, then [1,2] for its 50 (the last of
// its day): 3 600 s of talk time.
const START = Date.parse('2031-05-09T09:00:00-03:00')
const SECOND = 1000
const TALKS = [
  { day: 1, slot: 1, initAt: new Date(START), title: 'Acesso vascular', speaker: 'Dra. Ana Souza' },
  {
    day: 1,
    slot: 2,
    initAt: new Date(START + 600 * SECOND),
    title: 'Diálise peritoneal',
    speaker: 'Dr. João Lima',
  },
].map((talk) => ({ ...talk, content: 'Minicurrículo.', videoInit: 0, youtubeId: 'TesteAtt01' }))
const PROGRAMME_SECONDS = 3600
/** The talk on at `t` seconds into the programme (its key). */
const liveKey = (t: number) => (t < 600 ? 0 : 1)

const aggregator = () => env.CONFERENCE_ATTENDANCE.get(env.CONFERENCE_ATTENDANCE.idFromName(CONFERENCE_PATH))

/**
 * Writes the attendance now, as the certificates' issuing does: the Worker's batch of beats first
 * (it would leave within a second on its own), then the aggregator's flush. Its answer: the rows.
 */
async function flushNow(): Promise<{ status: number; rows?: number }> {
  const response = await workerFetch('http://localhost/api/dev/conference/attendance/flush', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  })
  const body = (await response.json()) as { rows?: number }
  return { status: response.status, rows: body.rows }
}

/** A signed-in viewer's page: its session cookie, and the ticket cookie its first beat receives. */
async function newViewer(name = 'Pessoa que Assiste') {
  const user = await createUser(db, { name })
  const session = await sessionCookie(user.id)
  let ticket: string | null = null
  return {
    user,
    session,
    ticket: () => ticket,
    async beat(body: unknown = { key: 0 }) {
      const response = await workerFetch(BEAT, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: [session, ticket].filter(Boolean).join('; ') },
        body: JSON.stringify(body),
      })
      const set = response.headers.get('set-cookie')
      if (set?.startsWith('renalis_presenca=')) ticket = set.split(';')[0]!
      const timing = response.headers.get('server-timing') ?? ''
      return {
        status: response.status,
        body: (await response.json()) as unknown,
        roundTrips: Number(/db;desc="(\d+) round trips"/.exec(timing)?.[1]),
        setCookie: set,
        retryAfter: response.headers.get('retry-after'),
      }
    },
  }
}
type Viewer = Awaited<ReturnType<typeof newViewer>>

/** Every viewer beats at `t` seconds into the programme (the clock moved there first). */
async function beatAt(t: number, viewers: Viewer[]) {
  await simulateClock(START + t * SECOND)
  const answers = await Promise.all(viewers.map((viewer) => viewer.beat({ key: liveKey(t) })))
  for (const answer of answers) expect(answer.body).toEqual({ counted: true })
  return answers
}

const secondsOf = async (userIds: number[]) =>
  db
    .select({ userId: conferenceAttendance.userId, seconds: conferenceAttendance.seconds })
    .from(conferenceAttendance)
    .where(inArray(conferenceAttendance.userId, userIds))
const flushCount = async () => (await db.select({ n: count() }).from(conferenceAttendanceFlushes))[0]!.n

beforeEach(async () => {
  // conference.test.ts uses the table too: each test starts from this file's programme.
  await db.delete(conferenceTalks)
  await db.insert(conferenceTalks).values(TALKS)
  expect((await flushNow()).status).toBe(200)
})
afterEach(() => databaseFault('none'))

describe('POST /api/jornada/presenca', () => {
  it('counts beats where the clock lives and writes them in one batch: no database read or write per beat, one call to the aggregator per batch', async () => {
    const viewers = await Promise.all(Array.from({ length: 20 }, () => newViewer()))
    const flushesBefore = await flushCount()
    const statsBefore = await aggregator().stats()
    // The pages open before the first talk: a beat counts nothing yet, but the first one reads the
    // session once and leaves a ticket; from then on no beat touches the database.
    await simulateClock(START - 60 * SECOND)
    const opened = await Promise.all(viewers.map((viewer) => viewer.beat({ key: 0 })))
    for (const answer of opened) expect(answer).toMatchObject({ status: 200, body: { counted: false } })
    expect(opened.every((answer) => answer.setCookie?.includes('HttpOnly'))).toBe(true)
    const later = [
      ...(await beatAt(0, viewers)),
      ...(await beatAt(30, viewers)),
      ...(await beatAt(60, viewers)),
      ...(await beatAt(85, viewers)),
    ]
    expect(later.map((answer) => answer.roundTrips)).toEqual(later.map(() => 0))
    expect(later.every((answer) => answer.setCookie === null)).toBe(true)

    const ids = viewers.map((viewer) => viewer.user.id)
    expect(await secondsOf(ids)).toEqual([])
    expect(await flushCount()).toBe(flushesBefore)

    expect(await flushNow()).toEqual({ status: 200, rows: 20 })
    // The 80 counted beats reached the aggregator together: the answers did not wait for it.
    const stats = await aggregator().stats()
    expect(stats.beats - statsBefore.beats).toBe(80)
    expect(stats.calls - statsBefore.calls).toBeLessThanOrEqual(2)
    const rows = await secondsOf(ids)
    expect(rows).toHaveLength(20)
    // 30 + 30 + 25 seconds each: a beat credits the time since the viewer's previous one.
    expect(rows.map((row) => row.seconds)).toEqual(rows.map(() => 85))
    expect(await flushCount()).toBe(flushesBefore + 1)
  })

  it('beats of an account deleted before the flush are not written (the deletion took its attendance)', async () => {
    const [kept, leaving] = [await newViewer(), await newViewer()]
    await beatAt(0, [kept, leaving])
    await beatAt(30, [kept, leaving])
    const deleted = await workerFetch('http://localhost/api/usuario/privacidade/excluir', {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: leaving.session },
      body: JSON.stringify({ confirmar: true }),
    })
    expect(deleted.status).toBe(200)
    expect(await flushNow()).toMatchObject({ status: 200 })
    expect(await secondsOf([kept.user.id, leaving.user.id])).toEqual([{ userId: kept.user.id, seconds: 30 }])
  })

  it('credits at most 35 s a beat, only the live talk, and nothing of the break before it', async () => {
    const viewer = await newViewer()
    await beatAt(0, [viewer])
    await beatAt(300, [viewer]) // back after a pause: one interval, not five minutes
    await beatAt(590, [viewer])
    await beatAt(615, [viewer]) // talk [1,2] began 15 s ago: 15 s of it, none to [1,1]
    // The talk the page names must be the live one.
    await simulateClock(START + 640 * SECOND)
    expect((await viewer.beat({ key: 0 })).body).toEqual({ counted: false })
    // After the programme nothing is live.
    await simulateClock(START + 4000 * SECOND)
    expect((await viewer.beat({ key: 1 })).body).toEqual({ counted: false })

    await flushNow()
    const [talk1, talk2] = await db.select().from(conferenceTalks).orderBy(conferenceTalks.slot)
    const rows = await db
      .select()
      .from(conferenceAttendance)
      .where(eq(conferenceAttendance.userId, viewer.user.id))
    const byTalk = new Map(rows.map((row) => [row.talkId, row.seconds]))
    expect(byTalk.get(talk1!.id)).toBe(35 + 35)
    expect(byTalk.get(talk2!.id)).toBe(15)
  })

  it('a flush sent again adds nothing; a failed flush keeps its counts for the next one', async () => {
    const viewer = await newViewer()
    const [talk] = await db.select().from(conferenceTalks).where(eq(conferenceTalks.slot, 1))
    const replay = {
      id: crypto.randomUUID(),
      rows: [{ userId: viewer.user.id, day: 1, slot: 1, seconds: 40, lastSeenAt: START }],
    }
    expect(await recordAttendanceFlush(testContext(), replay)).toBe('applied')
    expect(await recordAttendanceFlush(testContext(), replay)).toBe('already')
    expect(await secondsOf([viewer.user.id])).toEqual([{ userId: viewer.user.id, seconds: 40 }])

    await beatAt(100, [viewer])
    await beatAt(130, [viewer])
    await databaseFault('refuse')
    expect((await flushNow()).status).toBe(503)
    // The database is away; the beats still count (they never needed it).
    const during = await viewer.beat({ key: 0 })
    expect(during).toMatchObject({ status: 200, body: { counted: true } })
    await databaseFault('none')
    await beatAt(160, [viewer])
    await flushNow()
    expect(await secondsOf([viewer.user.id])).toEqual([{ userId: viewer.user.id, seconds: 40 + 30 + 30 }])
    expect(talk).toBeDefined()
  })

  it('answers 401 without a session and 422 to bad input, with pt-BR messages', async () => {
    await simulateClock(START + 10 * SECOND)
    const anonymous = await workerFetch(BEAT, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ key: 0 }),
    })
    expect(anonymous.status).toBe(401)
    // A ticket is bound to the session it was issued under: alone it is a 401, and beside another
    // session it is ignored (that session is read, and gets a ticket of its own).
    const viewer = await newViewer()
    await viewer.beat({ key: 0 })
    const send = (cookie: string) =>
      workerFetch(BEAT, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ key: 0 }),
      })
    expect((await send(viewer.ticket()!)).status).toBe(401)
    const other = await newViewer()
    const borrowed = await send(`${other.session}; ${viewer.ticket()}`)
    expect(borrowed.status).toBe(200)
    expect(borrowed.headers.get('set-cookie')).toMatch(/^renalis_presenca=/)
    expect(borrowed.headers.get('server-timing')).toContain('db;desc="1 round trips"')

    for (const body of [{}, { key: -1 }, { key: 1.5 }, { key: '0' }, { key: 0, user_id: 1 }, { key: 1000 }]) {
      const answer = await viewer.beat(body)
      expect(answer.status, JSON.stringify(body)).toBe(422)
      expect(JSON.stringify(answer.body)).toMatch(/palestra|chave|reconhecid|inválid/i)
    }
    const malformed = await workerFetch(BEAT, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: viewer.session },
      body: '{"key":',
    })
    expect(malformed.status).toBe(400)
  })

  it('a session that ended is a 401 once its ticket is gone', async () => {
    await simulateClock(START + 10 * SECOND)
    const viewer = await newViewer()
    expect((await viewer.beat()).status).toBe(200)
    const logout = await workerFetch('http://localhost/logout', {
      method: 'POST',
      headers: { cookie: viewer.session },
    })
    expect(logout.status).toBeLessThan(400)
    // Without the ticket (a new tab after it expired), the session is read again: it ended.
    const response = await workerFetch(BEAT, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: viewer.session },
      body: JSON.stringify({ key: 0 }),
    })
    expect(response.status).toBe(401)
    expect(HeartbeatAnswer.safeParse(await response.json()).success).toBe(false)
  })
  it('a script beating back to back is refused past 120 beats a minute (429 in pt-BR with Retry-After); other viewers beat on', async () => {
    await simulateClock(START + 10 * SECOND)
    const [script, person] = [await newViewer(), await newViewer()]
    let allowed = 0
    let refused: Awaited<ReturnType<Viewer['beat']>> | null = null
    // Fixed one-minute windows: within 241 beats one window holds a 121st, wherever its boundary falls.
    for (let i = 0; i < 241 && !refused; i++) {
      const answer = await script.beat({ key: 0 })
      if (answer.status === 200) allowed += 1
      else refused = answer
    }
    expect(refused?.status).toBe(429)
    expect(allowed).toBeGreaterThanOrEqual(120)
    expect(JSON.stringify(refused?.body)).toMatch(/Muitas solicitações seguidas/)
    expect(Number(refused?.retryAfter)).toBeGreaterThanOrEqual(1)
    expect(Number(refused?.retryAfter)).toBeLessThanOrEqual(60)
    expect(await person.beat({ key: 0 })).toMatchObject({ status: 200, body: { counted: true } })
  })
})

describe('POST /api/admin/conference/certificates', () => {
  it('after the programme: one attendance certificate for 80 % watched (not 60 %), one per speaker, never twice', async () => {
    const admin = await newAdmin()
    const eighty = await newViewer('Maria Oitenta')
    const sixty = await newViewer('Pedro Sessenta')
    await db.update(conferenceSettings).set({ minShare: 75 }).where(eq(conferenceSettings.id, 1))
    // Both from the start, a beat every 30 s, handed to the aggregator in one batch as the
    // heartbeat route hands them on (the route's own checks and its real-time limit are the tests
    // above): 80 % and 60 % of the 3 600 s, the boundary beat at 600 s crediting nothing of [1,1]'s end.
    const beats = []
    for (let t = 0; t <= 2910; t += 30) {
      const talk = TALKS[liveKey(t)]!
      for (const viewer of t <= 2190 ? [eighty, sixty] : [eighty]) {
        beats.push({
          userId: viewer.user.id,
          day: talk.day,
          slot: talk.slot,
          talkInit: talk.initAt.getTime(),
          now: START + t * SECOND,
        })
      }
    }
    await aggregator().beats(beats)
    await simulateClock(START + 3000 * SECOND)

    // Not before the programme has ended.
    const early = await adminCall(admin.cookie, 'POST', ISSUE)
    expect(early.status).toBe(409)
    expect(early.body.msg).toContain('ainda não terminou')

    await simulateClock(START + (PROGRAMME_SECONDS + 60) * SECOND)
    const student = await adminCall(eighty.session, 'POST', ISSUE)
    expect(student.status).toBe(403)
    const first = await adminCall(admin.cookie, 'POST', ISSUE)
    expect(first.status).toBe(200)
    const result = ConferenceCertificatesResult.parse(first.body)
    expect(result).toMatchObject({ min_share: 75, programme_minutes: 60, talks: 2, remaining: 0 })

    const watched = new Map<number, number>()
    for (const row of await secondsOf([eighty.user.id, sixty.user.id])) {
      watched.set(row.userId, (watched.get(row.userId) ?? 0) + row.seconds)
    }
    expect(watched.get(eighty.user.id)).toBe(2880)
    expect(watched.get(sixty.user.id)).toBe(2160)

    const ofViewers = await db
      .select()
      .from(certificates)
      .where(inArray(certificates.userId, [eighty.user.id, sixty.user.id]))
    expect(ofViewers).toHaveLength(1)
    expect(ofViewers[0]).toMatchObject({
      kind: 'conference',
      userId: eighty.user.id,
      holderName: 'Maria Oitenta',
      title: '4ª Jornada Multiprofissional em Nefrologia',
      minutes: 48,
      startedOn: '2031-05-09',
      completedOn: '2031-05-09',
    })
    const talkIds = (await db.select({ id: conferenceTalks.id }).from(conferenceTalks)).map((talk) => talk.id)
    const speakers = await db.select().from(certificates).where(inArray(certificates.talkId, talkIds))
    expect(
      speakers.map((row) => [row.kind, row.holderName, row.title, row.minutes, row.userId]).sort(),
    ).toEqual([
      ['speaker', 'Dr. João Lima', 'Diálise peritoneal', 50, null],
      ['speaker', 'Dra. Ana Souza', 'Acesso vascular', 10, null],
    ])

    // Again: nothing new, the same codes.
    const again = ConferenceCertificatesResult.parse((await adminCall(admin.cookie, 'POST', ISSUE)).body)
    expect(again).toMatchObject({ issued: 0, remaining: 0 })
    const after = await db
      .select({ code: certificates.code })
      .from(certificates)
      .where(inArray(certificates.userId, [eighty.user.id, sixty.user.id]))
    expect(after.map((row) => row.code)).toEqual([ofViewers[0]!.code])
    expect(
      (
        await db
          .select({ id: certificates.id })
          .from(certificates)
          .where(inArray(certificates.talkId, talkIds))
      ).length,
    ).toBe(2)
  }, 60_000)
})
