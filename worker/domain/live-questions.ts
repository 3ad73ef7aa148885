import ptWords from 'naughty-words/pt.json' with { type: 'json' }
import { labelled } from './labelled.ts'

/**
 * Live questions, votes and reactions during a talk (issue 44, DESIGN 9d): the rules the talk's
 * room (worker/durable/live-room.ts) applies to every frame. Pure: times are passed in.
 */

/** A question's length, in characters (after trimming). */
export const QUESTION_MAX_CHARS = 280
/** A person asks at most one question in this window… */
export const QUESTION_INTERVAL_MS = 30_000
/** …and at most this many in a talk. */
export const QUESTIONS_PER_TALK = 5

/** The reactions a viewer can send. */
export const { values: REACTION_KINDS, labels: REACTION_LABELS } = labelled({
  aplauso: 'Aplausos',
  coracao: 'Coração',
  boa_pergunta: 'Boa pergunta',
})
export type ReactionKind = (typeof REACTION_KINDS)[number]
/** How often the page sends its gathered reactions (one frame with a count per kind). */
export const REACTION_SEND_INTERVAL_MS = 3000
/** The most one frame may carry per kind (a person tapping fast for REACTION_SEND_INTERVAL_MS). */
export const REACTION_MAX_PER_FRAME = 30
/** Frames of reactions closer together than this break the batching rule. */
export const REACTION_MIN_GAP_MS = 1000

/** The room broadcasts vote totals and reactions at most once in this interval (by alarm). */
export const BROADCAST_INTERVAL_MS = 1000
/** What the public database receives from the room, at most once in this interval (by alarm). */
export const LIVE_FLUSH_INTERVAL_MS = 60_000

/** A socket may send at most this many frames in FRAME_WINDOW_MS (votes included). */
export const FRAMES_PER_WINDOW = 40
export const FRAME_WINDOW_MS = 10_000
/** The largest frame the room reads, in characters. */
export const FRAME_MAX_CHARS = 2000

/** What the room remembers of its broadcasts for reconnecting clients; older: a snapshot. */
export const EVENT_LOG_SIZE = 500

/** How a moderator changes a question. */
export const MODERATION_ACTIONS = ['approve', 'hide', 'answer', 'pin', 'unpin'] as const
export type ModerationAction = (typeof MODERATION_ACTIONS)[number]

export const QUESTION_STATUSES = ['pending', 'approved', 'answered', 'hidden'] as const
export type QuestionStatus = (typeof QUESTION_STATUSES)[number]
/** The statuses the audience sees (the board), and the only ones the database keeps. */
export const PUBLIC_STATUSES = ['approved', 'answered'] as const satisfies readonly QuestionStatus[]
export type PublicStatus = (typeof PUBLIC_STATUSES)[number]

export const LIVE_ROLES = ['viewer', 'moderator', 'speaker'] as const
export type LiveRole = (typeof LIVE_ROLES)[number]

/** The name under an anonymous question, for the audience (the institute still sees who asked). */
export const ANONYMOUS_NAME = 'Anônimo'

/**
 * The name under a question whose account was deleted (LGPD): the room forgets the name, as the
 * database does (the admin's list and CSV say the same).
 */
export const DELETED_ACCOUNT_NAME = 'Conta excluída'

/** How long after a talk closes its room keeps its own storage (pending and hidden questions, votes). */
export const LIVE_ROOM_RETENTION_MS = 30 * 86_400_000

/** What a viewer is told when the talk has ended (every socket, then closed). */
export const ROOM_CLOSED_MESSAGE = 'A palestra terminou: o quadro de perguntas foi encerrado.'

/** The first word of a person's name, as the audience sees it under a question. */
export function firstName(name: string): string {
  const first = name.trim().split(/\s+/)[0] ?? ''
  return first.slice(0, 40) || ANONYMOUS_NAME
}

/** A question's text as compared with others: lower case, no accents, punctuation or extra spaces. */
export function normaliseQuestion(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
}

/** Words too short to tell two questions apart ("de", "o", "que", …). */
const STOP_WORDS = new Set(
  'a o e as os de da do das dos em no na nos nas um uma uns umas por para pra com que se sobre como qual quais ou ao aos isso esse essa este esta'.split(
    ' ',
  ),
)

const meaningfulWords = (normalised: string) =>
  new Set(normalised.split(' ').filter((word) => word.length > 1 && !STOP_WORDS.has(word)))

/**
 * Whether two normalised questions say nearly the same thing: equal, or sharing at least 80 % of
 * their meaningful words (Jaccard). Such a question is flagged to the moderator, never refused.
 */
export function nearlySame(a: string, b: string): boolean {
  if (a === b) return true
  const left = meaningfulWords(a)
  const right = meaningfulWords(b)
  if (left.size < 3 || right.size < 3) return false
  let shared = 0
  for (const word of left) if (right.has(word)) shared += 1
  return shared / (left.size + right.size - shared) >= 0.8
}

/**
 * Words of the list (LDNOOBW's Portuguese list, the `naughty-words` package) that a nephrology
 * conference uses in their plain sense, or that are no offence at all: never flagged.
 */
const NOT_OFFENSIVE = [
  'aborto',
  'amador',
  'anus',
  'aranha',
  'ariano',
  'bissexual',
  'burro',
  'camisinha',
  'cerveja',
  'clitoris',
  'cocaina',
  'coito',
  'comer',
  'fecal',
  'heroina',
  'heterosexual',
  'homem gay',
  'homoerotico',
  'homosexual',
  'inferno',
  'lesbica',
  'mama',
  'penis',
  'saco',
  'torneira',
  'frango assado',
  'consolo',
  'chupar',
  'gozar',
  'transar',
  'pinto',
  'pau',
]

/**
 * The list, normalised as the questions are (multi-word entries matched as phrases): made at the
 * first question, not when the Worker starts.
 */
let listed: readonly string[] | null = null
function flaggedTerms(): readonly string[] {
  if (!listed) {
    const allowed = new Set(NOT_OFFENSIVE.map(normaliseQuestion))
    listed = (ptWords as string[]).map(normaliseQuestion).filter((term) => term && !allowed.has(term))
  }
  return listed
}

/**
 * The listed words a question contains (whole words or phrases, accents and case ignored). A
 * question with any is flagged to the moderator — never dropped: the list cannot know context.
 */
export function flaggedWords(text: string): string[] {
  const padded = ` ${normaliseQuestion(text)} `
  return flaggedTerms().filter((term) => padded.includes(` ${term} `))
}

/** Why a question cannot be asked now, or null. */
export type AskRefusal = 'too_long' | 'empty' | 'too_soon' | 'too_many' | 'repeated'

/** The limits on asking: at most one question in QUESTION_INTERVAL_MS and QUESTIONS_PER_TALK a talk. */
export function askRefusal(
  text: string,
  previous: readonly { normalised: string; askedAt: number }[],
  now: number,
): AskRefusal | null {
  const trimmed = text.trim()
  if (!trimmed) return 'empty'
  if ([...trimmed].length > QUESTION_MAX_CHARS) return 'too_long'
  const normalised = normaliseQuestion(trimmed)
  if (previous.some((question) => question.normalised === normalised)) return 'repeated'
  if (previous.length >= QUESTIONS_PER_TALK) return 'too_many'
  const last = Math.max(0, ...previous.map((question) => question.askedAt))
  if (now - last < QUESTION_INTERVAL_MS) return 'too_soon'
  return null
}

/** What the person is told; `too_soon` and `too_many` from a client that checks them are a script's. */
export const ASK_REFUSAL_MESSAGES: Record<AskRefusal, string> = {
  empty: 'Escreva sua pergunta.',
  too_long: `A pergunta pode ter até ${QUESTION_MAX_CHARS} caracteres.`,
  repeated: 'Você já enviou essa pergunta.',
  too_soon: 'Aguarde 30 segundos entre uma pergunta e outra.',
  too_many: `Cada pessoa pode enviar até ${QUESTIONS_PER_TALK} perguntas por palestra.`,
}

/** Refusals that break the room's limits (the client checks them first): told, then disconnected. */
export const LIMIT_BREAKING: ReadonlySet<AskRefusal> = new Set(['too_soon', 'too_many'])

/** The status a moderation action leads to, or null when it does not apply to the question. */
export function moderate(
  question: { status: QuestionStatus; pinned: boolean },
  action: ModerationAction,
): { status: QuestionStatus; pinned: boolean } | null {
  switch (action) {
    case 'approve':
      return question.status === 'pending' || question.status === 'hidden'
        ? { status: 'approved', pinned: question.pinned }
        : null
    case 'hide':
      return question.status === 'hidden' ? null : { status: 'hidden', pinned: false }
    case 'answer':
      return question.status === 'approved' ? { status: 'answered', pinned: false } : null
    case 'pin':
      return question.status === 'approved' && !question.pinned ? { status: 'approved', pinned: true } : null
    case 'unpin':
      return question.pinned ? { status: question.status, pinned: false } : null
  }
}

/** Whether the audience sees a question (the board). */
export const isPublic = (status: QuestionStatus): status is PublicStatus =>
  (PUBLIC_STATUSES as readonly QuestionStatus[]).includes(status)

/** The board's order: pinned first, then open questions by votes (older first), answered last. */
export function boardOrder<
  T extends { status: QuestionStatus; pinned: boolean; votes: number; askedAt: number },
>(a: T, b: T): number {
  return (
    Number(b.pinned) - Number(a.pinned) ||
    Number(a.status === 'answered') - Number(b.status === 'answered') ||
    b.votes - a.votes ||
    a.askedAt - b.askedAt
  )
}

/** The start of the minute `at` falls in (reactions are kept per minute). */
export const minuteOf = (at: number) => at - (at % 60_000)
