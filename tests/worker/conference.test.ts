import { beforeEach, describe, expect, it } from 'vitest'
import { conferenceTalks } from '../../db/schema.ts'
import type { ClockAnswer } from '../../worker/domain/conference.ts'
import { adminCookie } from '../support/worker/admin.ts'
import { simulateClock } from '../support/worker/conference.ts'
import { createUser, sessionCookie, testDb } from '../support/worker/db.ts'
import { workerFetch } from '../support/worker/http.ts'

const db = testDb()
const CLOCK = 'http://localhost/4a-jornada-multiprofissional/get/video_init'

// A programme of this test's own, far from the seeded one: two days, three talks each.
const DAY_1 = Date.parse('2031-03-14T08:00:00-03:00')
const DAY_2 = Date.parse('2031-03-15T08:00:00-03:00')
const minutes = (n: number) => n * 60_000
const TALKS = [
  { day: 1, slot: 1, initAt: new Date(DAY_1 + minutes(30)), videoInit: 30 * 60 },
  { day: 1, slot: 2, initAt: new Date(DAY_1 + minutes(80)), videoInit: 80 * 60 },
  { day: 1, slot: 3, initAt: new Date(DAY_1 + minutes(150)), videoInit: 150 * 60 },
  { day: 2, slot: 1, initAt: new Date(DAY_2 + minutes(30)), videoInit: 30 * 60 },
  { day: 2, slot: 2, initAt: new Date(DAY_2 + minutes(80)), videoInit: 80 * 60 },
  { day: 2, slot: 3, initAt: new Date(DAY_2 + minutes(150)), videoInit: 150 * 60 },
].map((talk) => ({
  ...talk,
  title: `Palestra ${talk.day}.${talk.slot}`,
  speaker: `Palestrante ${talk.day}.${talk.slot}`,
  content: 'Minicurrículo.',
  videoId: `teste-dia-${talk.day}`,
  youtubeId: `TesteDia0${talk.day}`,
}))

async function clock(query = ''): Promise<ClockAnswer> {
  const response = await workerFetch(CLOCK + query)
  expect(response.status).toBe(200)
  expect(response.headers.get('cache-control')).toBe('no-store')
  return (await response.json()) as ClockAnswer
}

async function served(): Promise<number> {
  const response = await workerFetch('http://localhost/api/dev/conference/stats')
  return ((await response.json()) as { served: number }).served
}

const startOf = (answer: ClockAnswer) => Number(new URL(answer.url!).searchParams.get('start'))

beforeEach(async () => {
  // Only this file uses the table: each test starts from its own programme.
  await db.delete(conferenceTalks)
  await db.insert(conferenceTalks).values(TALKS)
})

describe('GET /4a-jornada-multiprofissional/get/video_init', () => {
  it('a live talk: the server clock, the talk, and the video at the position every viewer shares', async () => {
    const at = TALKS[1]!.initAt.getTime() + minutes(10) + 5000
    await simulateClock(at)
    const answer = await clock()
    expect(answer.inits).toHaveLength(6)
    expect(answer.inits[1]).toMatchObject({
      key: 1,
      session: [1, 2],
      title: 'Palestra 1.2',
      init: TALKS[1]!.initAt.getTime(),
      video_init: 80 * 60,
      youtube_id: 'TesteDia01',
    })
    expect(Math.abs(answer.now - at)).toBeLessThan(1500)
    expect(answer.status).toBe('live')
    expect(answer.live?.key).toBe(1)
    // now − init, into the talk's place in the video.
    const expected = 80 * 60 + Math.floor((answer.now - TALKS[1]!.initAt.getTime()) / 1000)
    expect(answer.live?.position).toBe(expected)
    expect(answer.url).toMatch(
      /^https:\/\/www\.youtube-nocookie\.com\/embed\/TesteDia01\?start=\d+&autoplay=1/,
    )
    expect(startOf(answer)).toBe(expected)
    expect(answer.next).toEqual({ key: 2, init: TALKS[2]!.initAt.getTime() })
  })

  it('before, between and after the talks: status, next talk, no live video', async () => {
    await simulateClock(DAY_1 - minutes(60 * 24))
    const before = await clock()
    expect(before).toMatchObject({ status: 'before', live: null, url: null, next: { key: 0 } })

    // Talk 1.2 ran its 50 minutes; 1.3 starts 20 minutes later.
    await simulateClock(TALKS[1]!.initAt.getTime() + minutes(55))
    expect(await clock()).toMatchObject({ status: 'break', live: null, url: null, next: { key: 2 } })

    await simulateClock(DAY_2 + minutes(60 * 10))
    expect(await clock()).toMatchObject({ status: 'after', live: null, url: null, next: null })
  })

  it('?key gives that talk its own video (a replay from its start); unknown keys are 404, bad ones 422', async () => {
    await simulateClock(DAY_2 + minutes(60 * 10))
    const replay = await clock('?key=4')
    expect(replay.url).toBe('https://www.youtube-nocookie.com/embed/TesteDia02?start=4800&autoplay=1&rel=0')
    expect((await workerFetch(`${CLOCK}?key=40`)).status).toBe(404)
    expect((await workerFetch(`${CLOCK}?key=abc`)).status).toBe(422)
    expect((await workerFetch(`${CLOCK}?chave=1`)).status).toBe(422)
  })

  it('answers a crowd from its copy: the Durable Object sees a bounded number of requests', async () => {
    await simulateClock(TALKS[0]!.initAt.getTime() + minutes(5))
    await clock() // the copy is filled
    const before = await served()
    const answers = await Promise.all(Array.from({ length: 200 }, () => clock()))
    expect(answers.every((answer) => answer.status === 'live')).toBe(true)
    expect((await served()) - before).toBeLessThanOrEqual(1)
  })

  it('"now" is the moment of each answer, even from the copy', async () => {
    await simulateClock(TALKS[0]!.initAt.getTime())
    const first = await clock()
    const count = await served()
    await new Promise((resolve) => setTimeout(resolve, 1200))
    const second = await clock()
    expect(second.now - first.now).toBeGreaterThanOrEqual(1100)
    expect(second.now - first.now).toBeLessThan(1600)
    expect(second.live!.position - first.live!.position).toBeGreaterThanOrEqual(1)
    expect(await served()).toBe(count)
  })

  it('the programme is loaded from the database on the first read only', async () => {
    await simulateClock(null)
    const first = await clock()
    expect(first.inits.map((talk) => talk.title)).toEqual(TALKS.map((talk) => talk.title))
    // A change in the database does not reach viewers: the Durable Object is the authority.
    await db.delete(conferenceTalks)
    await simulateClock(null)
    expect((await clock()).inits).toHaveLength(6)
  })
})

describe('POST /api/admin/conference/shift', () => {
  const shift = (body: unknown, cookie?: string) =>
    workerFetch('http://localhost/api/admin/conference/shift', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    })

  it('a talk runs late: it and the rest of its day move, and viewers see it on their next poll', async () => {
    const at = TALKS[1]!.initAt.getTime() + minutes(2)
    await simulateClock(at)
    expect((await clock()).status).toBe('live')
    const admin = await adminCookie()

    const response = await shift({ day: 1, from_slot: 2, minutes: 15 }, admin)
    expect(response.status).toBe(200)
    const shifted = (await response.json()) as ClockAnswer
    expect(shifted.version).toBeGreaterThan(1)
    expect(shifted.inits[0]!.init).toBe(TALKS[0]!.initAt.getTime())
    expect(shifted.inits[1]!.init).toBe(TALKS[1]!.initAt.getTime() + minutes(15))
    expect(shifted.inits[2]!.init).toBe(TALKS[2]!.initAt.getTime() + minutes(15))
    expect(shifted.inits[3]!.init).toBe(TALKS[3]!.initAt.getTime())

    // Talk 1.1's 50 minutes are over and 1.2 now starts 13 minutes from now: a break.
    const viewer = await clock()
    expect(viewer).toMatchObject({ status: 'break', version: shifted.version, next: { key: 1 } })
  })

  it('is for administrators: 401 anonymous, 403 student, 404 no such talk, 422 bad input', async () => {
    await simulateClock(null)
    const student = await sessionCookie((await createUser(db, { type: 'N' })).id)
    const admin = await adminCookie()
    expect((await shift({ day: 1, from_slot: 1, minutes: 5 })).status).toBe(401)
    expect((await shift({ day: 1, from_slot: 1, minutes: 5 }, student)).status).toBe(403)
    expect((await shift({ day: 3, from_slot: 1, minutes: 5 }, admin)).status).toBe(404)
    expect((await shift({ day: 1, from_slot: 1, minutes: 0 }, admin)).status).toBe(422)
    expect((await shift({ day: 1, from_slot: 1, minutes: 999 }, admin)).status).toBe(422)
  })
})
