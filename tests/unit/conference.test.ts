import { describe, expect, it } from 'vitest'
import {
  addClockSample,
  bestClockOffset,
  clockOffset,
  conferenceState,
  embedUrl,
  shiftProgramme,
  type Talk,
  talkEnd,
  videoPosition,
} from '../../worker/domain/conference.ts'

const at = (time: string, day = '2027-10-22') => Date.parse(`${day}T${time}:00-03:00`)
const talk = (key: number, day: number, slot: number, init: number, videoInit: number): Talk => ({
  key,
  day,
  slot,
  init,
  title: `Palestra ${key}`,
  speaker: 'Quem fala',
  content: '',
  videoId: `dia-${day}`,
  videoInit,
  youtubeId: `Dia0${day}`,
})

// Day 1 as seeded: a stream from 08:00, talks at 08:30, 09:20 and 11:20; day 2 at 08:30.
const TALKS = [
  talk(0, 1, 1, at('08:30'), 1800),
  talk(1, 1, 2, at('09:20'), 4800),
  talk(2, 1, 3, at('11:20'), 12000),
  talk(3, 2, 1, at('08:30', '2027-10-23'), 1800),
]

describe('conferenceState', () => {
  it.each([
    ['a day before', at('08:30', '2027-10-21'), 'before', null, 0],
    ['the first second of the first talk', at('08:30'), 'live', 0, 1],
    ['09:19:59 (talk 0 until the next starts)', at('09:20') - 1000, 'live', 0, 1],
    ['09:20 (talk 1 begins)', at('09:20'), 'live', 1, 2],
    ['10:10, talk 1 past its 50 minutes', at('10:10'), 'break', null, 2],
    ['the night between the days', at('22:00'), 'break', null, 3],
    ['after the last talk', at('12:00', '2027-10-23'), 'after', null, null],
  ] as const)('%s', (_label, now, status, live, next) => {
    const state = conferenceState(TALKS, now)
    expect(state.status).toBe(status)
    expect(state.live?.key ?? null).toBe(live)
    expect(state.next?.key ?? null).toBe(next)
  })

  it('an empty programme is not yet published: before, with nothing next', () => {
    expect(conferenceState([], at('08:00'))).toMatchObject({ status: 'before', live: null, next: null })
  })

  it('the live position is the talk’s place in the video plus the time since it began', () => {
    const state = conferenceState(TALKS, at('09:30') + 12_345)
    expect(state.status).toBe('live')
    expect(state.position).toBe(4800 + 600 + 12)
    expect(videoPosition(TALKS[1]!, at('09:20') - 5000)).toBe(4800)
  })

  it('a talk ends at the next one of its day or after 50 minutes', () => {
    expect(talkEnd(TALKS, TALKS[0]!)).toBe(at('09:20'))
    expect(talkEnd(TALKS, TALKS[1]!)).toBe(at('10:10'))
    expect(talkEnd(TALKS, TALKS[2]!)).toBe(at('12:10'))
  })
})

describe('shiftProgramme', () => {
  it('moves the talk and the rest of its day, not the other day; the version moves forward', () => {
    const shifted = shiftProgramme({ version: 4, talks: TALKS }, { day: 1, fromSlot: 2, minutes: 15 })!
    expect(shifted.version).toBe(5)
    expect(shifted.talks.map((t) => t.init - TALKS[t.key]!.init)).toEqual([0, 900_000, 900_000, 0])
    expect(shifted.talks.map((t) => t.videoInit)).toEqual(TALKS.map((t) => t.videoInit))
  })

  it('answers null when no talk matches', () => {
    expect(shiftProgramme({ version: 1, talks: TALKS }, { day: 3, fromSlot: 1, minutes: 5 })).toBeNull()
    expect(shiftProgramme({ version: 1, talks: TALKS }, { day: 1, fromSlot: 9, minutes: 5 })).toBeNull()
  })
})

describe('the viewer’s clock', () => {
  it('takes the midpoint of the round trip, within half of it', () => {
    // The browser is 3 minutes behind; the request took 200 ms.
    const server = 1_000_000_000
    const sample = { sentAt: server - 180_000 - 100, receivedAt: server - 180_000 + 100, serverNow: server }
    expect(clockOffset(sample)).toEqual({ offset: 180_000, uncertainty: 100 })
  })

  it('trusts the sample with the shortest round trip', () => {
    const best = bestClockOffset([
      { sentAt: 0, receivedAt: 2000, serverNow: 5000 },
      { sentAt: 10_000, receivedAt: 10_040, serverNow: 14_020 },
    ])
    expect(best).toEqual({ offset: 4000, uncertainty: 20 })
    expect(bestClockOffset([])).toBeNull()
  })

  it('starts over when the server’s clock moved (a simulated clock), and keeps the last samples', () => {
    let samples = [{ sentAt: 0, receivedAt: 100, serverNow: 50 }]
    samples = addClockSample(samples, { sentAt: 1000, receivedAt: 1100, serverNow: 1060 })
    expect(samples).toHaveLength(2)
    samples = addClockSample(samples, { sentAt: 2000, receivedAt: 2100, serverNow: 9_000_000 })
    expect(samples).toEqual([{ sentAt: 2000, receivedAt: 2100, serverNow: 9_000_000 }])
    for (let i = 0; i < 20; i++) {
      samples = addClockSample(samples, { sentAt: i, receivedAt: i + 10, serverNow: 8_997_905 + i })
    }
    expect(samples).toHaveLength(8)
  })
})

describe('embedUrl', () => {
  it('is the cookieless host, starting where the viewer must be', () => {
    expect(embedUrl('RnlsJ4Dia01', 612.9)).toBe(
      'https://www.youtube-nocookie.com/embed/RnlsJ4Dia01?start=612&autoplay=1&rel=0',
    )
    expect(embedUrl('RnlsJ4Dia01', -3)).toContain('start=0&')
  })
})
