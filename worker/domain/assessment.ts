import { labelled } from './labelled.ts'

/**
 * A course's final assessment (issue 39, item 2; decision 022): single-choice questions drawn from
 * the course's bank, fresh and shuffled for each attempt; a score in whole percent, rounded down;
 * a few attempts, the later ones after a wait; an optional time limit. Pure: `now` and the
 * randomness are parameters.
 */

/** What a course's assessment is when the admin has not said otherwise (and the defaults). */
export const ASSESSMENT_DEFAULTS = {
  examSize: 10,
  passPercent: 70,
  maxAttempts: 3,
  waitHours: 24,
  timeLimitMinutes: null as number | null,
}

/** The bounds the admin's settings and questions are held to. */
export const ASSESSMENT_LIMITS = {
  options: { min: 2, max: 5 },
  examSize: { min: 1, max: 100 },
  passPercent: { min: 1, max: 100 },
  maxAttempts: { min: 1, max: 10 },
  waitHours: { min: 0, max: 720 },
  timeLimitMinutes: { min: 1, max: 600 },
  promptChars: 2000,
  optionChars: 500,
  explanationChars: 5000,
} as const

/** From the second failure on, each further attempt waits the course's waiting time. */
export const WAIT_AFTER_FAILURES = 2

/** An answer that left the browser in the last seconds of a timed attempt still counts. */
export const DEADLINE_GRACE_MS = 5_000

/** A question of the bank, as the draw reads it. */
export type BankQuestion = {
  id: number
  prompt: string
  options: readonly string[]
  /** The right option's position in `options`. */
  correct: number
  explanation: string | null
}

/**
 * A question as one attempt asked it: its options in the order shown, `answer` the right one's
 * position in that order. Kept with the attempt, so an edit of the bank never changes an attempt.
 */
export type AttemptQuestion = {
  id: number
  prompt: string
  options: string[]
  answer: number
  explanation: string | null
}

/** The student's choice per question (the option's position as shown), null while unanswered. */
export type AttemptAnswers = (number | null)[]

/** Fisher–Yates with the given source of randomness in [0, 1). */
export function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const copy = [...items]
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1))
    ;[copy[i], copy[j]] = [copy[j]!, copy[i]!]
  }
  return copy
}

/**
 * An attempt's questions: `size` of the bank (all of it when smaller), the ones this student has
 * not seen first, then the least seen, ties broken at random; asked in a random order, each with
 * its options in a random order.
 */
export function drawExam({
  bank,
  seen,
  size,
  random,
}: {
  bank: readonly BankQuestion[]
  /** How many of the student's earlier attempts asked each question (by id). */
  seen: ReadonlyMap<number, number>
  size: number
  random: () => number
}): AttemptQuestion[] {
  const timesSeen = (question: BankQuestion) => seen.get(question.id) ?? 0
  // Shuffled first, so that the stable sort leaves questions seen as often in a random order.
  const chosen = shuffled(bank, random)
    .sort((a, b) => timesSeen(a) - timesSeen(b))
    .slice(0, Math.max(0, size))
  return shuffled(chosen, random).map((question) => {
    const order = shuffled(
      question.options.map((_, index) => index),
      random,
    )
    return {
      id: question.id,
      prompt: question.prompt,
      options: order.map((index) => question.options[index]!),
      answer: order.indexOf(question.correct),
      explanation: question.explanation,
    }
  })
}

/** How often each question was asked in the given attempts. */
export function timesAsked(
  attempts: readonly { questions: readonly { id: number }[] }[],
): Map<number, number> {
  const counts = new Map<number, number>()
  for (const attempt of attempts) {
    for (const { id } of attempt.questions) counts.set(id, (counts.get(id) ?? 0) + 1)
  }
  return counts
}

export type Score = { correct: number; total: number; percent: number; passed: boolean }

/**
 * The score in whole percent, rounded down (6 of 9 is 66 %, never 67): a pass is never granted by
 * rounding. Unanswered questions count as wrong.
 */
export function scoreOf(
  questions: readonly { answer: number }[],
  answers: readonly (number | null)[],
  passPercent: number,
): Score {
  const total = questions.length
  const correct = questions.filter((question, index) => answers[index] === question.answer).length
  const percent = total === 0 ? 0 : Math.floor((correct * 100) / total)
  return { correct, total, percent, passed: total > 0 && percent >= passPercent }
}

/** How many questions an attempt got right, once submitted; null while it is open. */
export function correctOf(attempt: {
  submittedAt: Date | null
  questions: readonly { answer: number }[]
  answers: readonly (number | null)[]
  passPercent: number
}): number | null {
  return attempt.submittedAt === null
    ? null
    : scoreOf(attempt.questions, attempt.answers, attempt.passPercent).correct
}

/** When a timed attempt ends: `timeLimitMinutes` after it started; null when untimed. */
export function deadlineOf(startedAt: Date, timeLimitMinutes: number | null): Date | null {
  return timeLimitMinutes === null ? null : new Date(startedAt.getTime() + timeLimitMinutes * 60_000)
}

type Timed = { submittedAt: Date | null; deadlineAt: Date | null }

/** Answers may still be saved: not submitted, and its time (with the grace) not over. */
export function takesAnswers(attempt: Timed, now: Date): boolean {
  if (attempt.submittedAt) return false
  return attempt.deadlineAt === null || now.getTime() <= attempt.deadlineAt.getTime() + DEADLINE_GRACE_MS
}

/** A timed attempt nobody submitted before its time ran out: it is to be scored as saved. */
export function ranOut(attempt: Timed, now: Date): boolean {
  return attempt.submittedAt === null && !takesAnswers(attempt, now)
}

/** When an attempt is recorded as ended: now, or its deadline when the time ran out before. */
export function endOf(attempt: { deadlineAt: Date | null }, now: Date): Date {
  return attempt.deadlineAt && attempt.deadlineAt < now ? attempt.deadlineAt : now
}

/** Where the student stands with a course's assessment, and what they may do next. */
export const ASSESSMENT_STATE = labelled({
  disabled: 'sem avaliação final',
  locked: 'aulas por assistir',
  available: 'pode começar',
  open: 'em andamento',
  waiting: 'aguardando para tentar de novo',
  exhausted: 'sem tentativas',
  passed: 'aprovado',
})
export const ASSESSMENT_STATES = ASSESSMENT_STATE.values
export type AssessmentState = (typeof ASSESSMENT_STATES)[number]

/** An attempt as the rules read it. */
export type AttemptRecord = Timed & {
  number: number
  startedAt: Date
  scorePercent: number | null
  passed: boolean | null
}

export type Standing = {
  state: AssessmentState
  /** When the next attempt may start ('waiting'). */
  availableAt: Date | null
  attemptsUsed: number
  attemptsAllowed: number
  attemptsLeft: number
  bestPercent: number | null
  passedAttempt: AttemptRecord | null
  openAttempt: AttemptRecord | null
  /** The number the next attempt takes. */
  nextNumber: number
}

/**
 * The standing: passed (any attempt passed; no more attempts), an attempt open, no attempts left
 * (the allowed ones, plus those the admin granted, all used), the lessons still to watch, a wait
 * (from the second failure on, the waiting time after the last failure), or free to start.
 */
export function standingOf({
  enabled,
  studied,
  attempts,
  maxAttempts,
  extraAttempts,
  waitHours,
  now,
}: {
  enabled: boolean
  studied: boolean
  attempts: readonly AttemptRecord[]
  maxAttempts: number
  extraAttempts: number
  waitHours: number
  now: Date
}): Standing {
  const attemptsUsed = attempts.length
  const attemptsAllowed = maxAttempts + extraAttempts
  const scored = attempts.filter((attempt) => attempt.scorePercent !== null)
  const bestPercent = scored.length ? Math.max(...scored.map((attempt) => attempt.scorePercent!)) : null
  const passedAttempt = attempts.find((attempt) => attempt.passed) ?? null
  const openAttempt = attempts.find((attempt) => takesAnswers(attempt, now)) ?? null
  const failures = attempts
    .filter((attempt) => !attempt.passed && !takesAnswers(attempt, now))
    .map((attempt) => attempt.submittedAt ?? endOf(attempt, now))
    .sort((a, b) => a.getTime() - b.getTime())
  const lastFailure = failures.at(-1)
  const waitUntil =
    failures.length >= WAIT_AFTER_FAILURES && lastFailure && waitHours > 0
      ? new Date(lastFailure.getTime() + waitHours * 3_600_000)
      : null
  const state: AssessmentState = !enabled
    ? 'disabled'
    : passedAttempt
      ? 'passed'
      : openAttempt
        ? 'open'
        : attemptsUsed >= attemptsAllowed
          ? 'exhausted'
          : !studied
            ? 'locked'
            : waitUntil && now < waitUntil
              ? 'waiting'
              : 'available'
  return {
    state,
    availableAt: state === 'waiting' ? waitUntil : null,
    attemptsUsed,
    attemptsAllowed,
    attemptsLeft: Math.max(0, attemptsAllowed - attemptsUsed),
    bestPercent,
    passedAttempt,
    openAttempt,
    nextNumber: Math.max(0, ...attempts.map((attempt) => attempt.number)) + 1,
  }
}
