import { and, eq, isNull } from 'drizzle-orm'
import { conferenceTalks, users } from '../../../db/schema.ts'
import type { AppContext } from '../../context.ts'
import type { TalkSpeaker } from '../../contract/live-questions.ts'
import type { LiveRole } from '../../domain/live-questions.ts'
import { AppError, notFound } from '../../errors.ts'
import { auditStatement } from '../admin/internal.ts'
import { conferenceSnapshot } from './clock.ts'
import { talkOf } from './live.ts'

/**
 * Who speaks each talk, as an account (issue 44): the admin names it by its e-mail, and that
 * account, for its own talk only, opens the speaker view of the live questions. The programme
 * keeps the speaker's name as it is shown; the link to the account lives on the talk's row
 * (`conference_talks.speaker_user_id`) and is read only when someone asks for a role other than
 * the audience's, never on the clock's or the audience's path.
 */

type SignedIn = { id: number; type: string } | null

/** The talk's speaking account, read from the database (the clock's copy does not carry it). */
async function speakerOf(ctx: AppContext, talk: { day: number; slot: number }): Promise<number | null> {
  const [row] = await ctx.db
    .select({ userId: conferenceTalks.speakerUserId })
    .from(conferenceTalks)
    .where(and(eq(conferenceTalks.day, talk.day), eq(conferenceTalks.slot, talk.slot)))
  return row?.userId ?? null
}

/**
 * The roles `user` may take in talk `key`'s room: everyone the audience's; the organisation
 * (administrators) also moderation and the speaker's view; the talk's speaking account its speaker
 * view (not another talk's, not moderation).
 */
export async function liveRolesOf(ctx: AppContext, key: number, user: SignedIn): Promise<LiveRole[]> {
  if (user?.type === 'A') return ['viewer', 'moderator', 'speaker']
  const { talk } = await talkOf(ctx, key)
  if (user && (await speakerOf(ctx, talk)) === user.id) return ['viewer', 'speaker']
  return ['viewer']
}

/** The Worker decides the role before the upgrade: 403 for a role the person may not take. */
export async function assertLiveRole(ctx: AppContext, key: number, role: LiveRole, user: SignedIn) {
  if (role === 'viewer') return
  const roles = await liveRolesOf(ctx, key, user)
  if (roles.includes(role)) return
  throw new AppError(
    'FORBIDDEN',
    role === 'speaker'
      ? 'Só a organização e a conta de quem fala nesta palestra podem abrir a visão de palestrante.'
      : 'Só a organização do evento pode abrir a moderação.',
  )
}

/** The admin's list: every talk of the programme (the clock's keys) and the account that speaks it. */
export async function talkSpeakers(ctx: AppContext): Promise<TalkSpeaker[]> {
  const [{ programme }, rows] = await Promise.all([
    conferenceSnapshot(ctx),
    ctx.db
      .select({ day: conferenceTalks.day, slot: conferenceTalks.slot, email: users.email, name: users.name })
      .from(conferenceTalks)
      .innerJoin(users, and(eq(users.id, conferenceTalks.speakerUserId), isNull(users.deletedAt))),
  ])
  const accounts = new Map(
    rows.map((row) => [`${row.day}-${row.slot}`, { email: row.email, name: row.name }]),
  )
  return programme.talks.map((talk) => ({
    key: talk.key,
    session: [talk.day, talk.slot] as [number, number],
    title: talk.title,
    speaker: talk.speaker,
    account: accounts.get(`${talk.day}-${talk.slot}`) ?? null,
  }))
}

/**
 * PUT /api/admin/conference/talks/{key}/speaker: names (or, with null, removes) the account that
 * speaks talk `key`. An e-mail of no account (or of a deleted one): 404, nothing changed. One
 * statement writes it with its audit line.
 */
export async function nameTalkSpeaker({
  ctx,
  actor,
  key,
  email,
}: {
  ctx: AppContext
  actor: { id: number }
  key: number
  email: string | null
}): Promise<TalkSpeaker> {
  const { talk } = await talkOf(ctx, key)
  let account: { id: number; email: string; name: string } | undefined
  if (email !== null) {
    ;[account] = await ctx.db
      .select({ id: users.id, email: users.email, name: users.name })
      .from(users)
      .where(and(eq(users.email, email), isNull(users.deletedAt)))
    if (!account) throw notFound('Nenhuma conta com este e-mail. A pessoa precisa criar a conta antes.')
  }
  const where = and(eq(conferenceTalks.day, talk.day), eq(conferenceTalks.slot, talk.slot))
  await ctx.db.batch([
    ctx.db
      .update(conferenceTalks)
      .set({ speakerUserId: account?.id ?? null })
      .where(where),
    ctx.db.run(
      auditStatement(ctx, actor, {
        action: 'conference_talk.speaker',
        entity: 'conference_talk',
        entityId: `${talk.day}-${talk.slot}`,
        data: { email },
      }),
    ),
  ])
  return {
    key,
    session: [talk.day, talk.slot],
    title: talk.title,
    speaker: talk.speaker,
    account: account ? { email: account.email, name: account.name } : null,
  }
}
