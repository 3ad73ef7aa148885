import { and, asc, desc, eq } from 'drizzle-orm'
import { conferenceTalks, liveQuestions, liveReactions } from '../../../db/schema.ts'
import { publicOrigin } from '../../config.ts'
import type { AppContext } from '../../context.ts'
import type { KeptQuestion, LiveBoard } from '../../contract/live-questions.ts'
import { conferenceState, type Talk, talkEnd } from '../../domain/conference.ts'
import { toCsv } from '../../domain/csv.ts'
import { LIVE_ROOM_RETENTION_MS } from '../../domain/live-questions.ts'
import { curitibaDateTime } from '../../domain/time-zone.ts'
import type { LiveRoomStats, LiveTalk, LiveViewer } from '../../durable/stubs.ts'
import { conflict, notFound } from '../../errors.ts'
import { conferenceSnapshot } from './clock.ts'
import { freshSharedCopy, shareCopy } from './shared-copy.ts'

/**
 * A talk's live questions (issue 44, DESIGN 9d): the Worker's side. It finds the talk on the
 * conference's clock (its cached copy: the room never reads the clock), checks who connects, and
 * hands the upgrade to the talk's room with who and which role; it serves the board's snapshot to
 * pages that cannot hold a WebSocket, from a copy of about 2 s.
 */

/** How long the board's snapshot is served from a copy (per isolate, and per location). */
const BOARD_CACHE_TTL_MS = 2000

const roomName = (talk: LiveTalk) => `talk:${talk.day}-${talk.slot}`
const liveRoom = (ctx: AppContext, talk: LiveTalk) =>
  ctx.env.LIVE_ROOMS.get(ctx.env.LIVE_ROOMS.idFromName(roomName(talk)))

/** Talk `key` on the conference's clock (its cached copy), the programme and the clock's now; else 404. */
export async function talkOf(ctx: AppContext, key: number) {
  const { programme, offsetMs } = await conferenceSnapshot(ctx)
  const talk = programme.talks.find((candidate) => candidate.key === key)
  if (!talk) throw notFound('Palestra não encontrada.')
  return { talk, talks: programme.talks, now: Math.round(Date.now() + offsetMs) }
}

/** The talk `key` when it is live on the clock, and how long until it ends; else 409. */
async function liveTalkOf(ctx: AppContext, key: number): Promise<{ talk: Talk; closesIn: number }> {
  const { talk, talks, now } = await talkOf(ctx, key)
  const state = conferenceState(talks, now)
  if (state.status !== 'live' || state.live.key !== key) {
    throw conflict('As perguntas abrem quando a palestra começa e fecham quando ela termina.')
  }
  return { talk, closesIn: talkEnd(talks, talk) - now }
}

/**
 * Hands a viewer's WebSocket upgrade to the talk's room, with who connects and as what (headers
 * the room alone reads: the request reaching it is built here, nothing of the client's passes).
 * `since`: the last sequence number the client saw, to resume from.
 */
export async function openLiveSocket({
  ctx,
  key,
  viewer,
  since,
}: {
  ctx: AppContext
  key: number
  viewer: LiveViewer
  since: number | undefined
}): Promise<Response> {
  const { talk, closesIn } = await liveTalkOf(ctx, key)
  const url = new URL('https://live-room.internal/')
  if (since !== undefined) url.searchParams.set('since', String(since))
  return liveRoom(ctx, talk).fetch(url, {
    headers: {
      upgrade: 'websocket',
      'x-live-viewer': JSON.stringify(viewer),
      'x-live-talk': JSON.stringify({ day: talk.day, slot: talk.slot, closesIn }),
    },
  })
}

type CachedBoard = { board: LiveBoard; fetchedAt: number }
const boards = new Map<number, CachedBoard>()

/**
 * The public board of a talk (approved and answered questions by votes, reactions so far), for a
 * page whose WebSocket cannot connect: from a copy of at most BOARD_CACHE_TTL_MS, this isolate's
 * or this location's, so the room sees a bounded rate of reads whatever the audience.
 */
export async function liveBoardSnapshot(ctx: AppContext, key: number): Promise<LiveBoard> {
  const held = boards.get(key)
  if (held && Date.now() - held.fetchedAt < BOARD_CACHE_TTL_MS) return held.board
  const { talk, talks, now } = await talkOf(ctx, key)
  // Open while the talk is live on the clock (a room never opened says nothing of it).
  const state = conferenceState(talks, now)
  const live = state.status === 'live' && state.live.key === key
  const cacheKey = new Request(`${publicOrigin(ctx.env)}/__live/board/${talk.day}-${talk.slot}`)
  const shared = await freshSharedCopy<CachedBoard>(cacheKey, BOARD_CACHE_TTL_MS)
  if (shared) {
    boards.set(key, shared)
    return shared.board
  }
  const board = await liveRoom(ctx, talk).board()
  const fresh: CachedBoard = { board: { ...board, open: board.open && live }, fetchedAt: Date.now() }
  boards.set(key, fresh)
  if (boards.size > 100) boards.delete(boards.keys().next().value as number)
  shareCopy(ctx, cacheKey, fresh, BOARD_CACHE_TTL_MS)
  return fresh.board
}

/**
 * An account was deleted (LGPD): every talk room that may still hold its name — the talks that
 * have started and whose room's retention has not run out — forgets it now (their storage is
 * otherwise wiped only LIVE_ROOM_RETENTION_MS after the talk). Rooms of talks not yet started are
 * not created for this. A room that cannot be reached is logged; its wipe still removes the name.
 */
export async function forgetInLiveRooms(
  ctx: AppContext,
  userId: number,
): Promise<{ rooms: number; failed: number }> {
  const { programme, offsetMs } = await conferenceSnapshot(ctx)
  const now = Date.now() + offsetMs
  const talks = programme.talks.filter(
    (talk) => talk.init <= now && talkEnd(programme.talks, talk) + LIVE_ROOM_RETENTION_MS >= now,
  )
  const results = await Promise.allSettled(talks.map((talk) => liveRoom(ctx, talk).forget(userId)))
  const failed = results.filter((result) => result.status === 'rejected')
  for (const failure of failed) {
    console.error(
      JSON.stringify({ level: 'error', kind: 'live_room_forget_failed', error: String(failure.reason) }),
    )
  }
  return { rooms: talks.length, failed: failed.length }
}

/** Local only: the room's counts (tests, the benchmark). */
export async function liveRoomStats(ctx: AppContext, key: number): Promise<LiveRoomStats> {
  const { talk } = await talkOf(ctx, key)
  return liveRoom(ctx, talk).stats()
}

/** Local only: the room writes what is pending to the database now. */
export async function flushLiveRoom(ctx: AppContext, key: number) {
  const { talk } = await talkOf(ctx, key)
  return liveRoom(ctx, talk).flush()
}

/** What the database kept of a talk's questions (the admin's list after the event), by votes. */
export async function keptQuestions(ctx: AppContext, key: number): Promise<KeptQuestion[]> {
  const { talk } = await talkOf(ctx, key)
  return questionsKept(ctx, talk)
}

async function questionsKept(ctx: AppContext, talk: LiveTalk): Promise<KeptQuestion[]> {
  const rows = await ctx.db
    .select({ question: liveQuestions })
    .from(liveQuestions)
    .innerJoin(conferenceTalks, eq(conferenceTalks.id, liveQuestions.talkId))
    .where(and(eq(conferenceTalks.day, talk.day), eq(conferenceTalks.slot, talk.slot)))
    .orderBy(desc(liveQuestions.votes), asc(liveQuestions.askedAt))
  return rows.map(({ question }) => ({
    id: question.id,
    text: question.text,
    author: question.authorName,
    anonymous: question.anonymous,
    status: question.status,
    votes: question.votes,
    asked_at: question.askedAt.toISOString(),
  }))
}

/** The same list as CSV for a spreadsheet. */
export async function keptQuestionsCsv(ctx: AppContext, key: number) {
  const { talk } = await talkOf(ctx, key)
  const questions = await questionsKept(ctx, talk)
  const csv = toCsv(
    ['Pergunta', 'Quem perguntou', 'Anônima para o público', 'Situação', 'Votos', 'Enviada em'],
    questions.map((q) => [
      q.text,
      q.author ?? 'Conta excluída',
      q.anonymous ? 'sim' : 'não',
      q.status === 'answered' ? 'respondida' : 'aprovada',
      q.votes,
      curitibaDateTime(new Date(q.asked_at)),
    ]),
  )
  return { csv, filename: `perguntas-dia${talk.day}-sessao${talk.slot}.csv` }
}

/** Reactions kept per minute for a talk (the admin's list). */
export async function keptReactions(ctx: AppContext, key: number) {
  const { talk } = await talkOf(ctx, key)
  const rows = await ctx.db
    .select({ kind: liveReactions.kind, count: liveReactions.count })
    .from(liveReactions)
    .innerJoin(conferenceTalks, eq(conferenceTalks.id, liveReactions.talkId))
    .where(and(eq(conferenceTalks.day, talk.day), eq(conferenceTalks.slot, talk.slot)))
  const totals = new Map<string, number>()
  for (const row of rows) totals.set(row.kind, (totals.get(row.kind) ?? 0) + row.count)
  return Object.fromEntries(totals)
}
