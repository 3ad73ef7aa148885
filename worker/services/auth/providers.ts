import { and, count, eq, ne } from 'drizzle-orm'
import { html } from 'hono/html'
import { oauthAccounts, sessions, users } from '../../../db/schema.ts'
import { publicOrigin } from '../../config.ts'
import type { AppContext } from '../../context.ts'
import { ACCOUNT_MESSAGES, type AccountSecurity, type LinkedProvider } from '../../contract/account.ts'
import { INSTITUTE } from '../../domain/institute.ts'
import { verifyPassword } from '../../domain/password.ts'
import { PROVIDER_LABELS, SOCIAL_PROVIDERS, type SocialProvider } from '../../domain/social.ts'
import { invalidField } from '../../errors.ts'
import { deliverLater, queueEmail } from '../email/outbox.ts'
import { emailMessage, firstName } from '../email/templates.ts'
import { consumeLimit } from '../limits/limits.ts'
import { pendingEmailQuery } from './proof.ts'
import { endAllSessions, RECENT_LOGIN_MS, type SessionUser } from './sessions.ts'
import { throttledPasswordCheck } from './throttle.ts'

const isLinkable = (provider: string): provider is SocialProvider =>
  (SOCIAL_PROVIDERS as readonly string[]).includes(provider)

const linkedRows = (ctx: AppContext, userId: number) =>
  ctx.db.select().from(oauthAccounts).where(eq(oauthAccounts.userId, userId)).orderBy(oauthAccounts.createdAt)

const toLinked = (rows: (typeof oauthAccounts.$inferSelect)[]): LinkedProvider[] =>
  rows.flatMap((row) =>
    isLinkable(row.provider)
      ? [{ provider: row.provider, email: row.email, linked_at: row.createdAt.toISOString() }]
      : [],
  )

/** The providers linked to an account, as Meu perfil and the reset page list them. */
export async function linkedProviders(ctx: AppContext, userId: number): Promise<LinkedProvider[]> {
  return toLinked(await linkedRows(ctx, userId))
}

/** GET /api/usuario/conta: what Meu perfil shows about the account's security. */
export async function accountSecurity(ctx: AppContext, user: SessionUser): Promise<AccountSecurity> {
  // One round trip for the four reads.
  const [[row], [others], providerRows, [pending]] = await ctx.db.batch([
    ctx.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, user.id)),
    ctx.db
      .select({ n: count() })
      .from(sessions)
      .where(and(eq(sessions.userId, user.id), ne(sessions.id, user.sessionId))),
    linkedRows(ctx, user.id),
    pendingEmailQuery(ctx, user.id),
  ])
  const hasPassword = Boolean(row?.passwordHash)
  return {
    email_verified: user.email_verified,
    pending_email: pending?.email ?? null,
    has_password: hasPassword,
    recent_login: !hasPassword || isRecentLogin(ctx, user),
    providers: toLinked(providerRows),
    other_sessions: others?.n ?? 0,
  }
}

const isRecentLogin = (ctx: AppContext, user: SessionUser) =>
  ctx.now.getTime() - user.sessionCreatedAt.getTime() < RECENT_LOGIN_MS

/**
 * POST /api/usuario/conta/vincular: linking a provider to a signed-in account asks for the
 * password, unless the login is a few minutes old (or the account has none). The answer is the
 * start of the provider's flow, with a ticket only this account can use.
 */
export async function authorizeLink(ctx: AppContext, user: SessionUser, password: string | undefined) {
  await consumeLimit(ctx, 'providerLink', `user:${user.id}`)
  const [row] = await ctx.db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, user.id))
  const stored = row?.passwordHash
  if (stored && !isRecentLogin(ctx, user)) {
    if (!password) throw invalidField('senha', ACCOUNT_MESSAGES.providerPasswordRequired)
    await throttledPasswordCheck(ctx, user.email, async () => {
      if (!(await verifyPassword(password, stored))) {
        throw invalidField('senha', ACCOUNT_MESSAGES.providerPasswordWrong)
      }
    })
  }
}

/** The owner hears of every provider linked to the account. */
export async function providerLinkedNotice(ctx: AppContext, userId: number, provider: SocialProvider) {
  const [row] = await ctx.db
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, userId))
  if (!row) return
  const label = PROVIDER_LABELS[provider]
  const first = firstName(row.name)
  const profile = `${publicOrigin(ctx.env)}/usuario/perfil`
  const message = await emailMessage({
    to: row.email,
    subject: `${label} vinculado à sua conta — ${INSTITUTE.name}`,
    text: `Olá, ${first}!\n\nUma conta ${label} foi vinculada à sua conta: com ela também se entra no site.\n\nSe não foi você, desvincule-a em Meu perfil (${profile}), saia de todos os dispositivos e troque sua senha.\n\n${INSTITUTE.fullName}`,
    body: html`<p>Olá, ${first}!</p>
<p>Uma conta ${label} foi vinculada à sua conta: com ela também se entra no site.</p>
<p>Se não foi você, desvincule-a em <a href="${profile}">Meu perfil</a>, saia de todos os dispositivos e troque sua senha.</p>`,
  })
  const [queued] = await queueEmail(ctx, message)
  deliverLater(ctx, queued!.id)
}

/** DELETE /api/usuario/conta/vinculos/{provider}: never the only way into the account. */
export async function unlinkProvider(ctx: AppContext, user: SessionUser, provider: SocialProvider) {
  const [[row], providers] = await Promise.all([
    ctx.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, user.id)),
    linkedProviders(ctx, user.id),
  ])
  if (!providers.some((linked) => linked.provider === provider)) {
    throw invalidField('provider', ACCOUNT_MESSAGES.providerNotLinked)
  }
  if (!row?.passwordHash && providers.length === 1) {
    throw invalidField('provider', ACCOUNT_MESSAGES.providerLastWayIn)
  }
  await ctx.db
    .delete(oauthAccounts)
    .where(and(eq(oauthAccounts.userId, user.id), eq(oauthAccounts.provider, provider)))
  return { msg: ACCOUNT_MESSAGES.providerUnlinked, data: await accountSecurity(ctx, user) }
}

/** POST /api/usuario/conta/sair-de-todos: every session of the account ends, this one too. */
export async function signOutEverywhere(ctx: AppContext, user: SessionUser) {
  await endAllSessions(ctx, user.id)
  return ACCOUNT_MESSAGES.signedOutEverywhere
}
