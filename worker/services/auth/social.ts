import { and, eq, isNull, sql } from 'drizzle-orm'
import { jwtVerify, SignJWT } from 'jose'
import { oauthAccounts, users } from '../../../db/schema.ts'
import { deadlineOf } from '../../adapters/deadline.ts'
import {
  newOAuthState,
  oauthClient,
  type SocialProfile,
  type SocialProvider,
  sandboxGrant,
} from '../../adapters/oauth.ts'
import { isLocalEnv, publicOrigin } from '../../config.ts'
import type { AppContext, UserCall } from '../../context.ts'
import { plainName } from '../../domain/patterns.ts'
import { AppError, dependencyFailure, notFound, unavailable } from '../../errors.ts'
import { purposeKey } from '../hash.ts'
import { proofStatements } from './proof.ts'
import { providerLinkedNotice } from './providers.ts'
import { endAllSessions, sessionInsert, toUser } from './sessions.ts'

export const OAUTH_COOKIE = 'renalis_oauth'
export const OAUTH_TTL_SECONDS = 600

export const SOCIAL_MESSAGES = {
  instagram: 'Login com Instagram não está disponível.',
  unavailable: 'Este login social não está disponível no momento.',
  failed: 'Não foi possível concluir o login. Tente novamente.',
  noEmail: 'O provedor não informou seu e-mail. Cadastre-se com e-mail e senha.',
  unverifiedEmail:
    'Este e-mail já tem conta. Entre com seu e-mail e senha e vincule esta rede social em Meu perfil.',
  linkNeedsLogin: 'Entre na sua conta para vincular uma rede social.',
  linkedElsewhere: 'Esta conta da rede social já está vinculada a outro cadastro.',
  linked: 'Rede social vinculada ao seu perfil.',
} as const

const failure = (message: string) => new AppError('BAD_REQUEST', message)

function clientFor(ctx: AppContext, provider: SocialProvider) {
  const { env } = ctx
  return oauthClient(provider, {
    origin: publicOrigin(env),
    googleClientId: env.GOOGLE_CLIENT_ID,
    googleClientSecret: env.GOOGLE_CLIENT_SECRET,
    facebookClientId: env.FACEBOOK_CLIENT_ID,
    facebookClientSecret: env.FACEBOOK_CLIENT_SECRET,
    allowSandbox: isLocalEnv(env),
    timeoutMs: deadlineOf(env, 'oauth'),
  })
}

const STATE_AUDIENCE = 'renalis:oauth-state'

function secretKey(ctx: AppContext): Promise<CryptoKey> {
  if (!ctx.env.APP_SECRET || ctx.env.APP_SECRET.length < 32)
    throw new Error('APP_SECRET ausente ou curto demais')
  return purposeKey(ctx.env.APP_SECRET, 'oauthState')
}

/**
 * Step 1: where to send the popup, and the signed, short-lived cookie that carries state and PKCE.
 * From Meu perfil (`linkUserId`: the signed-in user), the flow links the provider to that account.
 */
export async function startSocialLogin({
  ctx,
  provider,
  linkUserId = null,
}: {
  ctx: AppContext
  provider: SocialProvider
  linkUserId?: number | null
}) {
  const client = clientFor(ctx, provider)
  if (!client) throw failure(SOCIAL_MESSAGES.unavailable)
  const { state, codeVerifier } = newOAuthState()
  const cookie = await new SignJWT({ state, codeVerifier, provider, linkUserId })
    .setProtectedHeader({ alg: 'HS256' })
    .setAudience(STATE_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${OAUTH_TTL_SECONDS}s`)
    .sign(await secretKey(ctx))
  return { url: client.authorizationUrl(state, codeVerifier).toString(), cookie }
}

/** Step 2: the provider's callback. State must match the cookie; the code is spent at the provider. */
export async function finishSocialLogin({
  ctx,
  provider,
  code,
  state,
  cookie,
  userAgent,
  currentUserId = null,
}: {
  ctx: AppContext
  provider: SocialProvider
  code: string
  state: string
  cookie: string | undefined
  userAgent?: string | undefined
  /** The signed-in user of the callback request, if any (linking needs the same one). */
  currentUserId?: number | null
}) {
  if (!cookie) throw failure(SOCIAL_MESSAGES.failed)
  const claims = await jwtVerify<{
    state: string
    codeVerifier: string
    provider: string
    linkUserId?: number | null
  }>(cookie, await secretKey(ctx), { audience: STATE_AUDIENCE, algorithms: ['HS256'] }).then(
    (result) => result.payload,
    () => null,
  )
  if (!claims || claims.provider !== provider || claims.state !== state) throw failure(SOCIAL_MESSAGES.failed)
  const client = clientFor(ctx, provider)
  if (!client) throw failure(SOCIAL_MESSAGES.unavailable)
  const linkUserId = claims.linkUserId ?? null
  if (linkUserId !== null && linkUserId !== currentUserId) throw failure(SOCIAL_MESSAGES.linkNeedsLogin)
  const profile = await client.exchange(code, claims.codeVerifier).catch((error: unknown) => {
    throw dependencyFailure(error) ? unavailable() : failure(SOCIAL_MESSAGES.failed)
  })
  if (linkUserId !== null) return linkProfile({ ctx, userId: linkUserId, profile })
  return logInWithProfile({ ctx, profile, userAgent })
}

/**
 * Links a provider's account to the signed-in user (Meu perfil): the way to add Facebook to an
 * account whose e-mail Facebook cannot vouch for. An identity already linked elsewhere is refused.
 */
export async function linkProfile({
  ctx,
  userId,
  profile,
}: UserCall<{ profile: SocialProfile }>): Promise<{ linked: true; sessionToken: null; newUser: false }> {
  const [existing] = await ctx.db
    .select({ userId: oauthAccounts.userId })
    .from(oauthAccounts)
    .where(
      and(
        eq(oauthAccounts.provider, profile.provider),
        eq(oauthAccounts.providerUserId, profile.providerUserId),
      ),
    )
  if (existing && existing.userId !== userId) throw failure(SOCIAL_MESSAGES.linkedElsewhere)
  if (!existing) {
    const [owner] = await ctx.db.select().from(users).where(eq(users.id, userId))
    // A provider that verified the account's own address proves it (decision 010).
    const proves = Boolean(owner && profile.emailVerified && profile.email === owner.email)
    await ctx.db.batch([
      ctx.db
        .insert(oauthAccounts)
        .values({
          userId,
          provider: profile.provider,
          providerUserId: profile.providerUserId,
          email: profile.email,
        })
        .onConflictDoNothing(),
      ...(proves && owner ? proofStatements(ctx, userId, owner.email) : []),
    ])
    await providerLinkedNotice(ctx, userId, profile.provider)
  }
  return { linked: true, sessionToken: null, newUser: false }
}

/**
 * Finds the account by provider id, else links by an e-mail the provider asserts is verified
 * (Google's email_verified; never Facebook's), else creates a student. An unverified e-mail that
 * already has an account is refused: signing in there would take the account over.
 */
export async function logInWithProfile({
  ctx,
  profile,
  userAgent,
}: {
  ctx: AppContext
  profile: SocialProfile
  userAgent?: string | undefined
}) {
  const [linked] = await ctx.db
    .select({ user: users })
    .from(oauthAccounts)
    .innerJoin(users, eq(users.id, oauthAccounts.userId))
    .where(
      and(
        eq(oauthAccounts.provider, profile.provider),
        eq(oauthAccounts.providerUserId, profile.providerUserId),
      ),
    )
  let user = linked?.user
  let created = false
  const { db } = ctx

  if (!user) {
    if (!profile.email) throw failure(SOCIAL_MESSAGES.noEmail)
    const [byEmail] = await db.select().from(users).where(eq(users.email, profile.email))
    // Facebook's e-mails are never verified: they never open an existing account.
    if (byEmail && !profile.emailVerified) throw failure(SOCIAL_MESSAGES.unverifiedEmail)
    const link = {
      provider: profile.provider,
      providerUserId: profile.providerUserId,
      email: profile.email,
    }
    if (byEmail) {
      await db.insert(oauthAccounts).values({ ...link, userId: byEmail.id })
      user = byEmail
    } else {
      // One batch: the user and the link to the provider exist together or not at all.
      const [inserted] = await db.batch([
        db
          .insert(users)
          .values({
            name: plainName(profile.name).slice(0, 120),
            email: profile.email,
            type: 'N',
            isNewUser: true,
            emailVerifiedAt: profile.emailVerified ? ctx.now : null,
          })
          .returning(),
        db
          .insert(oauthAccounts)
          .values({ ...link, userId: sql`(SELECT id FROM users WHERE email = ${profile.email})` }),
      ])
      user = inserted[0]!
      created = true
    }
  }

  const session = await sessionInsert(ctx, user.id, userAgent)
  if (!user.emailVerifiedAt && profile.emailVerified && profile.email === user.email) {
    // A verified provider login wins over an unproved password (decision 010): whoever set that
    // password never proved the address, so it and every other session end, and the owner sets a
    // new password (the proof is made: no code asked).
    await db.batch([
      db
        .update(users)
        .set({ passwordHash: null, isNewUser: true, updatedAt: ctx.now })
        .where(and(eq(users.id, user.id), isNull(users.emailVerifiedAt))),
      ...proofStatements(ctx, user.id, user.email),
      endAllSessions(ctx, user.id),
      session.statement,
    ])
    const [fresh] = await db.select().from(users).where(eq(users.id, user.id))
    user = fresh ?? user
  } else {
    await session.statement
  }
  return { user: toUser(user), sessionToken: session.token, newUser: created || user.isNewUser }
}

/** The sandbox provider's consent step (local only): a one-time code for the typed identity. */
export function grantSandboxConsent({
  ctx,
  provider,
  name,
  email,
  codeChallenge,
}: {
  ctx: AppContext
  provider: SocialProvider
  name: string
  email: string
  codeChallenge: string
}) {
  if (!isLocalEnv(ctx.env)) throw notFound('Endereço não encontrado.')
  return sandboxGrant({ provider, name, email, codeChallenge })
}
