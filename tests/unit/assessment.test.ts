import { describe, expect, it } from 'vitest'
import {
  type AttemptRecord,
  type BankQuestion,
  DEADLINE_GRACE_MS,
  deadlineOf,
  drawExam,
  endOf,
  ranOut,
  scoreOf,
  shuffled,
  standingOf,
  takesAnswers,
  timesAsked,
} from '../../worker/domain/assessment.ts'
import { seeded } from '../support/seeded.ts'

const bank: BankQuestion[] = Array.from({ length: 8 }, (_, index) => ({
  id: index + 1,
  prompt: `Questão ${index + 1}`,
  options: ['A', 'B', 'C', 'D'].slice(0, 2 + (index % 3)).map((letter) => `${letter}${index + 1}`),
  correct: index % 2,
  explanation: index % 2 ? `Porque ${index + 1}` : null,
}))

describe('drawExam: fresh questions per attempt, unseen first, options shuffled', () => {
  it('draws the size asked, each question once, with its right answer following its option', () => {
    for (let seed = 1; seed <= 50; seed += 1) {
      const exam = drawExam({ bank, seen: new Map(), size: 5, random: seeded(seed) })
      expect(exam).toHaveLength(5)
      expect(new Set(exam.map((question) => question.id)).size).toBe(5)
      for (const question of exam) {
        const source = bank.find((item) => item.id === question.id)!
        expect([...question.options].sort()).toEqual([...source.options].sort())
        expect(question.options[question.answer]).toBe(source.options[source.correct])
        expect(question.explanation).toBe(source.explanation)
      }
    }
  })

  it.each([
    ['nothing seen: any five', new Map<number, number>(), [] as number[]],
    [
      '1–5 seen once: 6, 7, 8 come first, then two of the seen',
      new Map([1, 2, 3, 4, 5].map((id) => [id, 1])),
      [6, 7, 8],
    ],
    [
      'every one seen, 1–3 twice: the five seen once',
      new Map([...[1, 2, 3].map((id) => [id, 2] as const), ...[4, 5, 6, 7, 8].map((id) => [id, 1] as const)]),
      [4, 5, 6, 7, 8],
    ],
  ])('%s', (_, seen, mustHave) => {
    for (let seed = 1; seed <= 30; seed += 1) {
      const ids = drawExam({ bank, seen, size: 5, random: seeded(seed) }).map((question) => question.id)
      for (const id of mustHave) expect(ids).toContain(id)
    }
  })

  it('a bank smaller than the exam gives the whole bank; the order and the options change between attempts', () => {
    expect(drawExam({ bank: bank.slice(0, 3), seen: new Map(), size: 10, random: seeded(7) })).toHaveLength(3)
    const orders = new Set<string>()
    const optionOrders = new Set<string>()
    for (let seed = 1; seed <= 40; seed += 1) {
      const exam = drawExam({ bank, seen: new Map(), size: 8, random: seeded(seed) })
      orders.add(exam.map((question) => question.id).join(','))
      optionOrders.add(exam.find((question) => question.id === 3)!.options.join(','))
      expect(exam.map((question) => question.id).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8])
    }
    expect(orders.size).toBeGreaterThan(30)
    // Question 3 has four options: 24 orders; forty attempts see several of them.
    expect(optionOrders.size).toBeGreaterThan(8)
  })

  it('a right answer is spread over the positions, not kept where the bank has it', () => {
    const positions = new Map<number, number>()
    for (let seed = 1; seed <= 400; seed += 1) {
      const [question] = drawExam({ bank: [bank[2]!], seen: new Map(), size: 1, random: seeded(seed) })
      positions.set(question!.answer, (positions.get(question!.answer) ?? 0) + 1)
    }
    expect([...positions.keys()].sort()).toEqual([0, 1, 2, 3])
    for (const times of positions.values()) expect(times).toBeGreaterThan(60)
  })

  it('shuffled keeps every item and leaves the input alone', () => {
    const items = [1, 2, 3, 4, 5]
    expect(shuffled(items, seeded(3)).sort()).toEqual([1, 2, 3, 4, 5])
    expect(items).toEqual([1, 2, 3, 4, 5])
  })

  it('timesAsked counts each question over the attempts', () => {
    const counts = timesAsked([{ questions: [{ id: 1 }, { id: 2 }] }, { questions: [{ id: 2 }, { id: 3 }] }])
    expect(Object.fromEntries(counts)).toEqual({ 1: 1, 2: 2, 3: 1 })
  })
})

describe('scoreOf: whole percent rounded down, pass at the mark or above', () => {
  const questions = (n: number) => Array.from({ length: n }, () => ({ answer: 1 }))
  const answers = (right: number, n: number) =>
    Array.from({ length: n }, (_, index) => (index < right ? 1 : index % 2 ? 0 : null))
  it.each([
    // right, of, pass mark → percent, passed
    [7, 10, 70, 70, true],
    [6, 10, 70, 60, false],
    [6, 9, 67, 66, false], // 66.67 % is 66: rounding never grants a pass
    [6, 9, 66, 66, true],
    [2, 3, 67, 66, false],
    [1, 3, 33, 33, true],
    [0, 5, 1, 0, false],
    [5, 5, 100, 100, true],
    [14, 20, 70, 70, true],
    [13, 20, 70, 65, false],
  ])('%i of %i with a %i %% mark: %i %%', (right, total, mark, percent, passed) => {
    expect(scoreOf(questions(total), answers(right, total), mark)).toEqual({
      correct: right,
      total,
      percent,
      passed,
    })
  })

  it('unanswered questions are wrong; an exam of no question fails', () => {
    expect(scoreOf(questions(4), [null, null, null, 1], 25)).toMatchObject({
      correct: 1,
      percent: 25,
      passed: true,
    })
    expect(scoreOf([], [], 1)).toEqual({ correct: 0, total: 0, percent: 0, passed: false })
  })
})

describe('the time limit', () => {
  const start = new Date('2027-03-10T13:00:00.000Z')
  const deadline = deadlineOf(start, 30)!
  const at = (ms: number) => new Date(deadline.getTime() + ms)
  it.each([
    ['untimed, any time later', { submittedAt: null, deadlineAt: null }, at(10 * 86_400_000), true, false],
    ['before the deadline', { submittedAt: null, deadlineAt: deadline }, at(-1000), true, false],
    [
      'in the grace after it',
      { submittedAt: null, deadlineAt: deadline },
      at(DEADLINE_GRACE_MS),
      true,
      false,
    ],
    ['past the grace', { submittedAt: null, deadlineAt: deadline }, at(DEADLINE_GRACE_MS + 1), false, true],
    ['submitted', { submittedAt: start, deadlineAt: deadline }, at(-60_000), false, false],
  ])('%s', (_, attempt, now, takes, out) => {
    expect(deadline.toISOString()).toBe('2027-03-10T13:30:00.000Z')
    expect(takesAnswers(attempt, now)).toBe(takes)
    expect(ranOut(attempt, now)).toBe(out)
  })

  it('an attempt whose time ran out ends at its deadline; otherwise now', () => {
    expect(endOf({ deadlineAt: deadline }, at(3_600_000))).toEqual(deadline)
    expect(endOf({ deadlineAt: deadline }, at(-5000))).toEqual(at(-5000))
    expect(endOf({ deadlineAt: null }, at(5000))).toEqual(at(5000))
    expect(deadlineOf(start, null)).toBeNull()
  })
})

describe('standingOf: when the next attempt may start', () => {
  const now = new Date('2027-03-10T12:00:00.000Z')
  const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000)
  const failed = (number: number, hours: number): AttemptRecord => ({
    number,
    startedAt: hoursAgo(hours + 1),
    deadlineAt: null,
    submittedAt: hoursAgo(hours),
    scorePercent: 40 + number,
    passed: false,
  })
  const passed = (number: number, hours: number): AttemptRecord => ({
    ...failed(number, hours),
    scorePercent: 90,
    passed: true,
  })
  const open = (number: number): AttemptRecord => ({
    number,
    startedAt: hoursAgo(0.2),
    deadlineAt: null,
    submittedAt: null,
    scorePercent: null,
    passed: null,
  })
  const base = { enabled: true, studied: true, maxAttempts: 3, extraAttempts: 0, waitHours: 24, now }

  it.each([
    ['switched off', { enabled: false }, [], 'disabled', null, 3],
    ['lessons still to watch', { studied: false }, [], 'locked', null, 3],
    ['nothing yet', {}, [], 'available', null, 3],
    ['one open', {}, [open(1)], 'open', null, 2],
    ['one failure: again at once', {}, [failed(1, 0.1)], 'available', null, 2],
    [
      'two failures, the last 2 h ago: 22 h to wait',
      {},
      [failed(1, 3), failed(2, 2)],
      'waiting',
      hoursAgo(-22),
      1,
    ],
    ['two failures, the last 25 h ago: free', {}, [failed(1, 30), failed(2, 25)], 'available', null, 1],
    [
      'two failures, no waiting time set',
      { waitHours: 0 },
      [failed(1, 3), failed(2, 2)],
      'available',
      null,
      1,
    ],
    ['three failures of three', {}, [failed(1, 80), failed(2, 50), failed(3, 1)], 'exhausted', null, 0],
    [
      'three failures, one more granted, the last 1 h ago',
      { extraAttempts: 1 },
      [failed(1, 80), failed(2, 50), failed(3, 1)],
      'waiting',
      hoursAgo(-23),
      1,
    ],
    [
      'three failures, one more granted, the last 30 h ago',
      { extraAttempts: 1 },
      [failed(1, 80), failed(2, 50), failed(3, 30)],
      'available',
      null,
      1,
    ],
    ['passed on the second', {}, [failed(1, 5), passed(2, 1)], 'passed', null, 1],
    ['passed, lessons unwatched since', { studied: false }, [passed(1, 1)], 'passed', null, 2],
    ['the last attempt open', {}, [failed(1, 80), failed(2, 50), open(3)], 'open', null, 0],
    ['one attempt only, failed', { maxAttempts: 1 }, [failed(1, 1)], 'exhausted', null, 0],
    [
      'waiting, lessons unwatched: the lessons first',
      { studied: false },
      [failed(1, 3), failed(2, 2)],
      'locked',
      null,
      1,
    ],
  ] as const)('%s → %s', (_, facts, attempts, state, availableAt, left) => {
    const standing = standingOf({ ...base, ...facts, attempts: [...attempts] })
    expect(standing.state).toBe(state)
    expect(standing.availableAt).toEqual(availableAt)
    expect(standing.attemptsLeft).toBe(left)
    expect(standing.nextNumber).toBe(attempts.length + 1)
  })

  it('a timed attempt nobody sent counts as a failure at its deadline, and the best score is the highest', () => {
    const ranOutAttempt: AttemptRecord = {
      ...open(2),
      startedAt: hoursAgo(3),
      deadlineAt: hoursAgo(2.5),
    }
    const standing = standingOf({ ...base, attempts: [failed(1, 5), ranOutAttempt] })
    expect(standing.state).toBe('waiting')
    expect(standing.availableAt).toEqual(new Date(hoursAgo(2.5).getTime() + 24 * 3_600_000))
    expect(standing.bestPercent).toBe(41)
    expect(standingOf({ ...base, attempts: [failed(1, 50), passed(2, 1)] }).bestPercent).toBe(90)
  })
})
