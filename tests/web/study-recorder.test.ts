import { describe, expect, it, vi } from 'vitest'
import { StudyRecorder } from '../../web/src/features/student/player/study-recorder.ts'
import { ApiError } from '../../web/src/lib/api.ts'
import type { PlaybackBeatInput, StudyAnswer } from '../../worker/contract/study.ts'

// The player's side of the evidence (issue 39): the opening beat, the beats, and what happens to a
// beat the server did not count.

const answer = { lesson_id: 1, credited_ms: 0, study: {} } as unknown as StudyAnswer

function recorderWith(replies: (() => Promise<StudyAnswer>)[]) {
  let clock = 0
  const sent: PlaybackBeatInput[] = []
  const send = vi.fn((body: PlaybackBeatInput) => {
    sent.push(body)
    return (replies.shift() ?? (() => Promise.resolve(answer)))()
  })
  const recorder = new StudyRecorder({ send, onAnswer: () => {}, now: () => clock })
  return { recorder, sent, send, tick: (ms: number) => (clock += ms) }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('the study recorder', () => {
  it('opens the playback at the first play, then sends what played; a beat not counted goes again with the next', async () => {
    const tooFast = () => Promise.reject(new ApiError(409, { msg: 'rápido demais' }))
    const { recorder, sent, tick } = recorderWith([() => Promise.resolve(answer), tooFast])
    recorder.hear({ type: 'play', position: 0, rate: 1 })
    await settle()
    expect(sent).toEqual([{ playback: recorder.playback, segments: [] }])
    tick(15_000)
    recorder.beat(15_000)
    await settle()
    tick(15_000)
    recorder.beat(30_000)
    await settle()
    expect(sent.map((beat) => beat.segments)).toEqual([
      [],
      [{ from: 0, to: 15_000, wall_ms: 15_000, rate: 1 }],
      [
        { from: 0, to: 15_000, wall_ms: 15_000, rate: 1 },
        { from: 15_000, to: 30_000, wall_ms: 15_000, rate: 1 },
      ],
    ])
  })

  it('stops without a session or an enrollment, and sends a last beat as the page goes', async () => {
    const { recorder, sent, tick } = recorderWith([
      () => Promise.reject(new ApiError(403, { msg: 'sem matrícula' })),
    ])
    recorder.hear({ type: 'play', position: 0, rate: 2 })
    await settle()
    tick(5_000)
    recorder.hear({ type: 'pause', position: 10_000 })
    await settle()
    expect(sent).toHaveLength(1)

    const other = recorderWith([])
    other.recorder.hear({ type: 'play', position: 0, rate: 1 })
    other.tick(4_000)
    other.recorder.beat(4_000, true)
    expect(other.send).toHaveBeenLastCalledWith(
      { playback: other.recorder.playback, segments: [{ from: 0, to: 4_000, wall_ms: 4_000, rate: 1 }] },
      true,
    )
  })
})
