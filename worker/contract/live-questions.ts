import { z } from 'zod'
import {
  LIVE_ROLES,
  MODERATION_ACTIONS,
  PUBLIC_STATUSES,
  QUESTION_MAX_CHARS,
  QUESTION_STATUSES,
  REACTION_KINDS,
  REACTION_MAX_PER_FRAME,
} from '../domain/live-questions.ts'
import { emailAddress } from './auth.ts'

// Live questions, votes and reactions (issue 44): the frames of a talk's WebSocket, both ways, and
// the fallback snapshot. The room (worker/durable/live-room.ts) validates every frame it receives
// with ClientFrame; the page (web/src/features/conference/live) reads ServerFrame.

/** A client's own id for a question or a vote: a resend with the same id changes nothing. */
const ClientId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/)
const QuestionId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/)
const ReactionCount = z.number().int().min(0).max(REACTION_MAX_PER_FRAME)

export const ClientFrame = z.discriminatedUnion('t', [
  z
    .object({
      t: z.literal('ask'),
      cid: ClientId,
      text: z.string().max(QUESTION_MAX_CHARS * 4),
      anonymous: z.boolean(),
    })
    .strict(),
  z.object({ t: z.literal('vote'), cid: ClientId, qid: QuestionId }).strict(),
  z
    .object({
      t: z.literal('react'),
      counts: z
        .object(Object.fromEntries(REACTION_KINDS.map((kind) => [kind, ReactionCount.optional()])))
        .strict(),
    })
    .strict(),
  z
    .object({ t: z.literal('moderate'), cid: ClientId, qid: QuestionId, action: z.enum(MODERATION_ACTIONS) })
    .strict(),
])
export type ClientFrame = z.infer<typeof ClientFrame>

/** A question as the audience sees it on the board. */
export const BoardQuestion = z.object({
  id: z.string(),
  text: z.string(),
  name: z.string().meta({ description: "O primeiro nome de quem perguntou, ou 'Anônimo'." }),
  status: z.enum(PUBLIC_STATUSES),
  pinned: z.boolean(),
  votes: z.number().int(),
  asked_at: z.number().int(),
})
export type BoardQuestion = z.infer<typeof BoardQuestion>

/** A person's own question, whatever its state (the board marks the pending ones as such). */
export const OwnQuestion = BoardQuestion.extend({
  status: z.enum(QUESTION_STATUSES),
  cid: z.string(),
  voted: z.boolean().optional(),
})
export type OwnQuestion = z.infer<typeof OwnQuestion>

/** A question as moderators see it: who asked (even when anonymous to the audience) and the flags. */
export const QueueQuestion = BoardQuestion.extend({
  status: z.enum(QUESTION_STATUSES),
  author: z.string(),
  anonymous: z.boolean(),
  words: z.array(z.string()),
  similar_to: z.string().nullable(),
})
export type QueueQuestion = z.infer<typeof QueueQuestion>

const Reactions = z.record(z.string(), z.number().int())

/** What a broadcast says; each carries the room's sequence number. */
export const RoomEvent = z.discriminatedUnion('k', [
  z.object({ k: z.literal('question'), q: BoardQuestion }),
  z.object({ k: z.literal('removed'), id: z.string() }),
  z.object({
    k: z.literal('tick'),
    votes: z.array(z.tuple([z.string(), z.number().int()])),
    reactions: Reactions,
  }),
  z.object({ k: z.literal('queue'), q: QueueQuestion }),
])
export type RoomEvent = z.infer<typeof RoomEvent>

export const LiveBoard = z.object({
  seq: z.number().int().meta({ description: 'O número de sequência da sala quando o quadro foi lido.' }),
  questions: z
    .array(BoardQuestion)
    .meta({ description: 'Perguntas aprovadas e respondidas, na ordem do quadro.' }),
  reactions: Reactions.meta({ description: 'Reações da palestra até aqui, por tipo.' }),
  open: z.boolean().meta({ description: 'false: a palestra terminou e o quadro não recebe mais nada.' }),
})
export type LiveBoard = z.infer<typeof LiveBoard>

export const ServerFrame = z.discriminatedUnion('t', [
  z.object({
    t: z.literal('welcome'),
    role: z.enum(LIVE_ROLES),
    seq: z.number().int(),
    mine: z.array(OwnQuestion),
    voted: z.array(z.string()),
    /** What was missed since the client's `since`, in order; null: `board` (and `queue`) instead. */
    missed: z.array(z.object({ seq: z.number().int(), e: RoomEvent })).nullable(),
    board: LiveBoard.nullable(),
    queue: z.array(QueueQuestion).nullable(),
  }),
  z.object({ t: z.literal('event'), seq: z.number().int(), e: RoomEvent }),
  z.object({ t: z.literal('mine'), q: OwnQuestion }),
  z.object({
    t: z.literal('ack'),
    cid: z.string(),
    ok: z.boolean(),
    id: z.string().optional(),
    msg: z.string().optional(),
  }),
  z.object({ t: z.literal('error'), code: z.string(), msg: z.string() }),
  z.object({ t: z.literal('closed'), msg: z.string() }),
])
export type ServerFrame = z.infer<typeof ServerFrame>

/** The admin's list after the event (what the database keeps). */
export const KeptQuestion = z.object({
  id: z.string(),
  text: z.string(),
  author: z.string().nullable().meta({ description: 'O nome de quem perguntou (null: conta excluída).' }),
  anonymous: z.boolean(),
  status: z.enum(PUBLIC_STATUSES),
  votes: z.number().int(),
  asked_at: z.string(),
})
export type KeptQuestion = z.infer<typeof KeptQuestion>

/** A talk's kept questions and its reactions by kind (GET /api/admin/conference/talks/{key}/questions). */
export const KeptQuestions = z.object({
  questions: z.array(KeptQuestion),
  reactions: z.record(z.string(), z.number().int()),
})
export type KeptQuestions = z.infer<typeof KeptQuestions>

/** A talk and the account that speaks it (the admin's list; issue 44's speaker view). */
export const TalkSpeaker = z.object({
  key: z.number().int().meta({ description: 'Índice da palestra na programação.' }),
  session: z.tuple([z.number().int(), z.number().int()]).meta({ description: 'O par [dia, sessão].' }),
  title: z.string(),
  speaker: z.string().meta({ description: 'O nome de quem fala, como a programação o mostra.' }),
  account: z
    .object({ email: z.string(), name: z.string() })
    .nullable()
    .meta({ description: 'A conta que abre a visão de palestrante desta palestra (null: nenhuma).' }),
})
export type TalkSpeaker = z.infer<typeof TalkSpeaker>

/** The admin names the speaking account by its e-mail; null takes the link away. */
export const TalkSpeakerInput = z
  .object({
    email: emailAddress({ missing: 'Informe o e-mail da conta de quem fala.', max: 254 })
      .nullable()
      .meta({ description: 'O e-mail de uma conta existente; null: nenhuma conta.' }),
  })
  .strict()

/** The roles the signed-in person may take in a talk's room (the page shows the switch from it). */
export const LiveRoles = z.object({
  roles: z.array(z.enum(LIVE_ROLES)).meta({
    description:
      '`viewer` sempre; `moderator` e `speaker` para a organização; `speaker` para a conta de quem fala.',
  }),
})
export type LiveRoles = z.infer<typeof LiveRoles>
