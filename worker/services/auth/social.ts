import { and, eq, sql } from 'drizzle-orm'
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
import type { AppContext } from '../../context.ts'
import { AppError, dependencyFailure, notFound, unavailable } from '../../errors.ts'
import { sessionInsert, toUser } from './sessions.ts'

export const OAUTH_COOKIE = 'renalis_oauth'
export const OAUTH_TTL_SECONDS = 600

export const SOCIAL_MESSAGES = {
  instagram: 'Login com Instagram não está disponível.',
  unavailable: 'Este login social não está disponível no momento.',
  failed: 'Não foi possível concluir o login. Tente novamente.',
  noEmail: 'O provedor não informou seu e-mail. Cadastre-se com e-mail e senha.',
  unverifiedEmail: 'Este e-mail já tem conta. Entre com e-mail e senha.',
} as const

const failure = (message: string) => new AppError('BAD_REQUEST', message)

function clientFor(ctx: AppContext, provider: SocialProvider) {
  const { env } = ctx
  return oauthClient(provider, {
    origin: env.PUBLIC_ORIGIN.replace(/\/$/, ''),
    googleClientId: env.GOOGLE_CLIENT_ID,
    googleClientSecret: env.GOOGLE_CLIENT_SECRET,
    facebookClientId: env.FACEBOOK_CLIENT_ID,
    facebookClientSecret: env.FACEBOOK_CLIENT_SECRET,
    allowSandbox: env.APP_ENV !== 'production',
    timeoutMs: deadlineOf(env, 'oauth'),
  })
}

function secretKey(ctx: AppContext): Uint8Array {
  if (!ctx.env.APP_SECRET || ctx.env.APP_SECRET.length < 32)
    throw new Error('APP_SECRET ausente ou curto demais')
  return new TextEncoder().encode(ctx.env.APP_SECRET)
}

/** Step 1: where to send the popup, and the signed, short-lived cookie that carries state and PKCE. */
export async function startSocialLogin({ ctx, provider }: { ctx: AppContext; provider: SocialProvider }) {
  const client = clientFor(ctx, provider)
  if (!client) throw failure(SOCIAL_MESSAGES.unavailable)
  const { state, codeVerifier } = newOAuthState()
  const cookie = await new SignJWT({ state, codeVerifier, provider })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt()
    .setExpirationTime(`${OAUTH_TTL_SECONDS}s`)
    .sign(secretKey(ctx))
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
}: {
  ctx: AppContext
  provider: SocialProvider
  code: string
  state: string
  cookie: string | undefined
  userAgent?: string | undefined
}) {
  if (!cookie) throw failure(SOCIAL_MESSAGES.failed)
  const claims = await jwtVerify<{ state: string; codeVerifier: string; provider: string }>(
    cookie,
    secretKey(ctx),
  ).then(
    (result) => result.payload,
    () => null,
  )
  if (!claims || claims.provider !== provider || claims.state !== state) throw failure(SOCIAL_MESSAGES.failed)
  const client = clientFor(ctx, provider)
  if (!client) throw failure(SOCIAL_MESSAGES.unavailable)
  const profile = await client.exchange(code, claims.codeVerifier).catch((error: unknown) => {
    throw dependencyFailure(error) ? unavailable() : failure(SOCIAL_MESSAGES.failed)
  })
  return logInWithProfile({ ctx, profile, userAgent })
}

/** Finds the account by provider id, else links by verified e-mail, else creates a student. */
export async function logInWithProfile({
  ctx,
  profile,
  userAgent,
}: {
  ctx: AppContext
  profile: SocialProfile
  userAgent?: string | undefined
}) {
  const { db } = ctx
  const [linked] = await db
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

  if (!user) {
    if (!profile.email) throw failure(SOCIAL_MESSAGES.noEmail)
    const [byEmail] = await db.select().from(users).where(eq(users.email, profile.email))
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
          .values({ name: profile.name.slice(0, 120), email: profile.email, type: 'N', isNewUser: true })
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
  await session.statement
  return { user: toUser(user), sessionToken: session.token, newUser: created || user.isNewUser }
}

/** The sandbox provider's consent step (local only): a one-time code for the typed identity. */
export function grantSandboxConsent({
  ctx,
  name,
  email,
  codeChallenge,
}: {
  ctx: AppContext
  name: string
  email: string
  codeChallenge: string
}) {
  if (ctx.env.APP_ENV === 'production') throw notFound('Endereço não encontrado.')
  return sandboxGrant({ name, email, codeChallenge })
}
