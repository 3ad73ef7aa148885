import { asc } from 'drizzle-orm'
import { conferenceTalks } from '../../../db/schema.ts'
import { publicOrigin } from '../../config.ts'
import type { AppContext } from '../../context.ts'
import {
  type ClockAnswer,
  type ClockTalk,
  CONFERENCE_PATH,
  conferenceState,
  embedUrl,
  type Programme,
  type Talk,
} from '../../domain/conference.ts'
import type { ClockSnapshot } from '../../durable/conference-clock.ts'
import { notFound } from '../../errors.ts'
import { freshSharedCopy, shareCopy } from './shared-copy.ts'

/**
 * How long a viewer's answer may come from a copy of the Durable Object's programme. Whatever the
 * audience, each isolate asks the Durable Object at most once per TTL (concurrent misses share
 * one request) and each location's Cache API copy spares the other isolates there.
 */
export const CLOCK_CACHE_TTL_MS = 2000

/** The programme as the Durable Object last told it, with its clock relative to ours. */
type Cached = {
  programme: Programme
  /** Durable Object's clock − this isolate's clock, measured at the midpoint of the call. */
  offsetMs: number
  /** When it was read from the Durable Object (this isolate's clock). */
  fetchedAt: number
}

let memo: Cached | null = null
let inflight: Promise<Cached> | null = null
/** Bumped by a change, so a read that started before it never becomes the copy. */
let generation = 0

const clockStub = (ctx: AppContext) =>
  ctx.env.CONFERENCE_CLOCK.get(ctx.env.CONFERENCE_CLOCK.idFromName(CONFERENCE_PATH))

const cacheKey = (ctx: AppContext) => new Request(`${publicOrigin(ctx.env)}/__conference/clock/v1`)

async function programmeFromDatabase(ctx: AppContext): Promise<Talk[]> {
  const rows = await ctx.db
    .select()
    .from(conferenceTalks)
    .orderBy(asc(conferenceTalks.day), asc(conferenceTalks.slot))
  return rows.map((row, key) => ({
    key,
    day: row.day,
    slot: row.slot,
    init: row.initAt.getTime(),
    title: row.title,
    speaker: row.speaker,
    content: row.content,
    videoId: row.videoId,
    videoInit: row.videoInit,
    youtubeId: row.youtubeId,
  }))
}

function remember(snapshot: ClockSnapshot & { programme: Programme }, sentAt: number): Cached {
  const receivedAt = Date.now()
  return {
    programme: snapshot.programme,
    offsetMs: snapshot.now - (sentAt + receivedAt) / 2,
    fetchedAt: receivedAt,
  }
}

async function fromDurableObject(ctx: AppContext): Promise<Cached> {
  const stub = clockStub(ctx)
  const sentAt = Date.now()
  const snapshot = await stub.snapshot()
  if (snapshot.programme) return remember({ ...snapshot, programme: snapshot.programme }, sentAt)
  // The first read anywhere: the Durable Object takes the programme from the database.
  const talks = await programmeFromDatabase(ctx)
  const loadSentAt = Date.now()
  const loaded = await stub.load(talks)
  return remember({ ...loaded, programme: loaded.programme ?? { version: 1, talks } }, loadSentAt)
}

async function refresh(ctx: AppContext): Promise<Cached> {
  const key = cacheKey(ctx)
  const shared = await freshSharedCopy<Cached>(key, CLOCK_CACHE_TTL_MS)
  if (shared) return shared
  const fresh = await fromDurableObject(ctx)
  shareCopy(ctx, key, fresh, CLOCK_CACHE_TTL_MS)
  return fresh
}

/** Past this age a copy is not served even while the Durable Object cannot be reached. */
const STALE_LIMIT_MS = 10 * 60_000

function refreshInto(ctx: AppContext): Promise<Cached> {
  if (inflight) return inflight
  const started = generation
  const promise: Promise<Cached> = refresh(ctx)
    .then((fresh) => {
      if (started === generation) memo = fresh
      return fresh
    })
    .finally(() => {
      if (inflight === promise) inflight = null
    })
  inflight = promise
  return promise
}

/**
 * The programme and the clock, from this isolate's copy. A copy older than the TTL is still
 * answered while one request refreshes it in the background (stale-while-revalidate): no viewer
 * waits on another viewer's call to the Durable Object, and at most one call is in flight. Only a
 * cold isolate (no copy) waits for the first read.
 */
export async function conferenceSnapshot(ctx: AppContext): Promise<Cached> {
  const age = memo ? Date.now() - memo.fetchedAt : Number.POSITIVE_INFINITY
  if (memo && age < CLOCK_CACHE_TTL_MS) return memo
  if (memo && age < STALE_LIMIT_MS) {
    if (!inflight) ctx.waitUntil(refreshInto(ctx).catch(() => undefined))
    return memo
  }
  return refreshInto(ctx)
}

/** After a change: this isolate and this location read the Durable Object again at once. */
export async function forgetConferenceSnapshot(ctx: AppContext) {
  memo = null
  inflight = null
  generation += 1
  await caches.default.delete(cacheKey(ctx))
}

const toClockTalk = (talk: Talk): ClockTalk => ({
  key: talk.key,
  session: [talk.day, talk.slot],
  init: talk.init,
  title: talk.title,
  speaker: talk.speaker,
  content: talk.content,
  video_id: talk.videoId,
  video_init: talk.videoInit,
  youtube_id: talk.youtubeId,
})

/**
 * GET /4a-jornada-multiprofissional/get/video_init: the programme, the server's "now" at this
 * very moment (the Durable Object's clock, carried by the cached offset), what is on, and the
 * video: the live talk's at the position every viewer shares, or with `key` that talk's own.
 */
export async function conferenceClock({ ctx, key }: { ctx: AppContext; key?: number | undefined }) {
  const { programme, offsetMs } = await conferenceSnapshot(ctx)
  const now = Math.round(Date.now() + offsetMs)
  const state = conferenceState(programme.talks, now)
  let url: string | null = null
  if (key !== undefined) {
    const talk = programme.talks.find((candidate) => candidate.key === key)
    if (!talk) throw notFound('Palestra não encontrada.')
    url = talk.youtubeId ? embedUrl(talk.youtubeId, talk.videoInit) : null
  } else if (state.status === 'live' && state.live.youtubeId) {
    url = embedUrl(state.live.youtubeId, state.position)
  }
  return {
    inits: programme.talks.map(toClockTalk),
    now,
    status: state.status,
    url,
    version: programme.version,
    live: state.status === 'live' ? { key: state.live.key, position: state.position } : null,
    next: state.next ? { key: state.next.key, init: state.next.init } : null,
  } satisfies ClockAnswer
}

/** An admin's shift of the live programme; every viewer follows within the cache's seconds. */
export async function shiftConferenceProgramme({
  ctx,
  shift,
}: {
  ctx: AppContext
  shift: { day: number; fromSlot: number; minutes: number }
}) {
  await conferenceSnapshot(ctx) // a programme never read yet is loaded first
  const shifted = await clockStub(ctx).shift(shift)
  if (!shifted) throw notFound('Nenhuma palestra nesse dia a partir dessa sessão.')
  await forgetConferenceSnapshot(ctx)
  return conferenceClock({ ctx })
}

/** Local only: a simulated moment of the conference (e2e, the benchmark, a demo). */
export async function simulateConferenceClock({ ctx, at }: { ctx: AppContext; at: number | null }) {
  await clockStub(ctx).simulate(at)
  await forgetConferenceSnapshot(ctx)
  return conferenceClock({ ctx })
}

/** Local only: how many requests reached the Durable Object (the benchmark's figure). */
export function conferenceClockStats({ ctx }: { ctx: AppContext }) {
  return clockStub(ctx).stats()
}
