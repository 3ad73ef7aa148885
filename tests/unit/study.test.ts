import { describe, expect, it } from 'vitest'
import {
  beatClaim,
  courseStanding,
  creditedMs,
  cut,
  distinctMs,
  durationText,
  type LessonFacts,
  lessonStanding,
  mergeIntervals,
  missingForCertificate,
  newRecorder,
  record,
  type StudyEvent,
  segmentsOf,
} from '../../worker/domain/study.ts'

const s = (seconds: number) => seconds * 1000

/** Distinct whole seconds a list of events credits within a lesson of `duration` seconds. */
function playedSeconds(events: StudyEvent[], duration = 600): number {
  const { intervals } = beatClaim(segmentsOf(events))
  return distinctMs(intervals, s(duration)) / 1000
}

describe('from the player’s events to the seconds played', () => {
  it('at 1×: a minute played is a minute', () => {
    const events: StudyEvent[] = [
      { type: 'play', at: s(0), position: s(0), rate: 1 },
      { type: 'pause', at: s(60), position: s(60) },
    ]
    expect(segmentsOf(events)).toEqual([{ from: 0, to: s(60), wallMs: s(60), rate: 1 }])
    expect(playedSeconds(events)).toBe(60)
  })

  it('at 2×: a minute of video in 30 s counts whole', () => {
    const events: StudyEvent[] = [
      { type: 'play', at: s(100), position: s(0), rate: 2 },
      { type: 'pause', at: s(130), position: s(60) },
    ]
    expect(playedSeconds(events)).toBe(60)
  })

  it('at 3×: capped at 2×, 20 s of wall time count 40 s of the 60 played', () => {
    const events: StudyEvent[] = [
      { type: 'play', at: s(0), position: s(0), rate: 3 },
      { type: 'pause', at: s(20), position: s(60) },
    ]
    expect(playedSeconds(events)).toBe(40)
    // The part that counts is the first 40 s: the rest of the lesson is still to be played.
    expect(beatClaim(segmentsOf(events)).intervals).toEqual([{ from: 0, to: s(40) }])
  })

  it('with a seek: the skipped part never counts, and a part played twice counts once', () => {
    const forward: StudyEvent[] = [
      { type: 'play', at: s(0), position: s(0), rate: 1 },
      { type: 'seek', at: s(10), position: s(10), target: s(50) },
      { type: 'pause', at: s(20), position: s(60) },
    ]
    expect(segmentsOf(forward)).toEqual([
      { from: 0, to: s(10), wallMs: s(10), rate: 1 },
      { from: s(50), to: s(60), wallMs: s(10), rate: 1 },
    ])
    expect(playedSeconds(forward)).toBe(20)

    const back: StudyEvent[] = [
      { type: 'play', at: s(0), position: s(0), rate: 1 },
      { type: 'seek', at: s(30), position: s(30), target: s(10) },
      { type: 'ended', at: s(70), position: s(50) },
    ]
    expect(playedSeconds(back)).toBe(50)
    // The budget counts media per wall time, so the second pass over 10–30 s is claimed again.
    expect(beatClaim(segmentsOf(back)).claimMs).toBe(s(70))
  })

  it('with the page hidden: the time it was hidden never counts, though the video went on', () => {
    const events: StudyEvent[] = [
      { type: 'play', at: s(0), position: s(0), rate: 1 },
      { type: 'hidden', at: s(10), position: s(10) },
      { type: 'visible', at: s(40), position: s(40) },
      { type: 'pause', at: s(50), position: s(50) },
    ]
    expect(playedSeconds(events)).toBe(20)
    // Played while hidden from the start: nothing until the page shows.
    const hiddenFirst: StudyEvent[] = [
      { type: 'hidden', at: s(0), position: s(0) },
      { type: 'play', at: s(1), position: s(0), rate: 1 },
      { type: 'visible', at: s(31), position: s(30) },
      { type: 'pause', at: s(41), position: s(40) },
    ]
    expect(playedSeconds(hiddenFirst)).toBe(10)
  })

  it('a rate change ends the segment: 10 s at 1× then 20 s of video in 10 s at 2×', () => {
    const events: StudyEvent[] = [
      { type: 'play', at: s(0), position: s(0), rate: 1 },
      { type: 'rate', at: s(10), position: s(10), rate: 2 },
      { type: 'pause', at: s(20), position: s(30) },
    ]
    expect(segmentsOf(events).map((segment) => segment.rate)).toEqual([1, 2])
    expect(playedSeconds(events)).toBe(30)
  })

  it('a player that says 1× while the media ran 3× counts its wall time only', () => {
    expect(creditedMs({ from: 0, to: s(30), wallMs: s(10), rate: 1 })).toBe(s(10))
    expect(creditedMs({ from: 0, to: s(30), wallMs: s(10), rate: 0 })).toBe(0)
  })

  it('a beat cuts the open segment and goes on from the same point', () => {
    let { recorder } = record(newRecorder(), { type: 'play', at: s(0), position: s(0), rate: 2 })
    const first = cut(recorder, s(15), s(30))
    expect(first.closed).toEqual([{ from: 0, to: s(30), wallMs: s(15), rate: 2 }])
    recorder = first.recorder
    const paused = record(recorder, { type: 'pause', at: s(20), position: s(40) })
    expect(paused.closed).toEqual([{ from: s(30), to: s(40), wallMs: s(5), rate: 2 }])
    expect(cut(paused.recorder, s(30), s(40)).closed).toEqual([])
  })

  it('never counts past the lesson’s end, nor before its start', () => {
    expect(distinctMs([{ from: -s(5), to: s(10) }], s(8))).toBe(s(8))
    expect(
      mergeIntervals([
        { from: s(5), to: s(9) },
        { from: 0, to: s(5) },
        { from: s(20), to: s(21) },
      ]),
    ).toEqual([
      { from: 0, to: s(9) },
      { from: s(20), to: s(21) },
    ])
  })
})

const video = (id: number, seconds: number | null): LessonFacts => ({
  id,
  title: `Aula ${id}`,
  hasVideo: true,
  durationSeconds: seconds,
})
const reading: LessonFacts = { id: 9, title: 'Leitura', hasVideo: false, durationSeconds: null }

describe('a lesson done, a course earned', () => {
  it('a video is done at the course’s share of its distinct seconds, to the millisecond', () => {
    // 90 % of 24 s is 21.6 s.
    expect(lessonStanding(video(1, 24), [{ from: 0, to: 21_600 }], false, 90)).toMatchObject({
      playedSeconds: 21,
      playedPercent: 90,
      done: true,
    })
    expect(lessonStanding(video(1, 24), [{ from: 0, to: 21_599 }], false, 90).done).toBe(false)
    // Opening a video lesson is no evidence; a video without a length cannot be measured.
    expect(lessonStanding(video(1, 24), [], true, 90).done).toBe(false)
    expect(lessonStanding(video(1, null), [{ from: 0, to: s(60) }], true, 90).done).toBe(false)
    expect(lessonStanding(reading, [], true, 90).done).toBe(true)
    expect(lessonStanding(reading, [], false, 90).done).toBe(false)
  })

  it('a course’s standing: lessons done against its certificate share, and the share of video played', () => {
    const lessons = [video(1, 24), video(2, 24), video(3, 24), reading]
    const standing = courseStanding({
      lessons,
      segments: [
        { lessonId: 1, from: 0, to: s(24) },
        { lessonId: 2, from: 0, to: s(12) },
      ],
      opened: [9],
      watchShare: 90,
      certificateShare: 100,
    })
    expect(standing).toMatchObject({ lessonsDone: 2, lessonsTotal: 4, percent: 50, watchedPercent: 50 })
    expect(standing.eligible).toBe(false)
    expect(
      courseStanding({ ...standing, lessons, segments: [], opened: [9], certificateShare: 25 }).eligible,
    ).toBe(true)
    expect(missingForCertificate(standing)).toBe(
      'Para emitir o certificado, conclua 100% das aulas (você concluiu 2 de 4). Aulas por concluir: ' +
        '"Aula 2" (assistido 12 s de 24 s, 50%; o curso pede 90% de cada vídeo); ' +
        '"Aula 3" (assistido 0 s de 24 s, 0%; o curso pede 90% de cada vídeo). ' +
        'Marcar uma aula como assistida não conta: vale o tempo de vídeo reproduzido.',
    )
    expect(
      courseStanding({
        lessons: [reading],
        segments: [],
        opened: [],
        watchShare: 90,
        certificateShare: 100,
      }).watchedPercent,
    ).toBeNull()
  })

  it('says lengths in words', () => {
    expect([0, 45, 200, 2400, 3600, 3900].map(durationText)).toEqual([
      '0 s',
      '45 s',
      '3 min 20 s',
      '40 min',
      '1 h',
      '1 h 5 min',
    ])
  })
})
