import { and, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm'
import type { BatchItem } from 'drizzle-orm/batch'
import { html } from 'hono/html'
import { oauthAccounts, passwordResets, sessions, users } from '../../../db/schema.ts'
import { publicOrigin } from '../../config.ts'
import type { AppContext } from '../../context.ts'
import {
  AUTH_MESSAGES,
  type LoginInput,
  type PasswordChangeInput,
  type ProfileInput,
  passwordChangeErrors,
  type RegisterInput,
} from '../../contract/auth.ts'
import { INSTITUTE } from '../../domain/institute.ts'
import { hashPassword, needsRehash, verifyPassword } from '../../domain/password.ts'
import type { SocialProvider } from '../../domain/social.ts'
import { AppError, invalidField } from '../../errors.ts'
import { deliverLater, queueEmail } from '../email/outbox.ts'
import { emailMessage, firstName } from '../email/templates.ts'
import { deleteFiles, storeUserPhoto } from '../files/files.ts'
import { consumeLimit } from '../limits/limits.ts'
import { checkCode, confirmationLinkStatements, proofStatements, requestEmailChange } from './proof.ts'
import { linkedProviders } from './providers.ts'
import { SESSION_TTL_MS, type SessionUser, sessionInsert, toUser } from './sessions.ts'
import { forgetAccountFailures, throttledLogin, throttledPasswordCheck } from './throttle.ts'
import { hashToken, newToken } from './tokens.ts'

const RESET_TTL_MS = 60 * 60 * 1000

// A fixed hash to verify against when the e-mail is unknown, so both cases cost the same time.
const DUMMY_HASH = 'scrypt$16384$8$5$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA='

type LoginResult = { user: ReturnType<typeof toUser>; sessionToken: string }

/** POST /login: the e-mail and password, under the login limits (throttle.ts). */
export function logIn(args: { ctx: AppContext; input: LoginInput; userAgent?: string | undefined }) {
  return throttledLogin(args.ctx, args.input.email, () => checkCredentials(args))
}

async function checkCredentials({
  ctx,
  input,
  userAgent,
}: {
  ctx: AppContext
  input: LoginInput
  userAgent?: string | undefined
}) {
  const [row] = await ctx.db.select().from(users).where(eq(users.email, input.email))
  const ok = await verifyPassword(input.password, row?.passwordHash ?? DUMMY_HASH)
  if (!row?.passwordHash || !ok) throw invalidField('email', AUTH_MESSAGES.wrongCredentials)

  const session = await sessionInsert(ctx, row.id, userAgent)
  if (needsRehash(row.passwordHash)) {
    const passwordHash = await hashPassword(input.password)
    await ctx.db.batch([
      session.statement,
      ctx.db.update(users).set({ passwordHash }).where(eq(users.id, row.id)),
    ])
  } else {
    await session.statement
  }
  return { user: toUser(row), sessionToken: session.token } satisfies LoginResult
}

/** A sign-up sent again this soon after the first, with the same data, signs in (see register). */
const REPEAT_SIGN_UP_MS = 15 * 60 * 1000

/**
 * POST /user/create_user: a student account, logged in at once. The account and its session are
 * one batch: an outage leaves either both or neither. When the answer is lost after the batch
 * committed (a 503 from a database that answered late), the visitor sends the same sign-up again:
 * within 15 minutes, the same name, phone and password sign in instead of "e-mail taken".
 */
export async function register({
  ctx,
  input,
  userAgent,
}: {
  ctx: AppContext
  input: RegisterInput
  userAgent?: string | undefined
}) {
  const passwordHash = await hashPassword(input.password)
  const token = newToken()
  const sessionId = await hashToken(token)
  const [inserted] = await ctx.db.batch([
    ctx.db
      .insert(users)
      .values({ name: input.name, email: input.email, phone: input.phone, passwordHash, type: 'N' })
      .onConflictDoNothing({ target: users.email })
      .returning(),
    // The session goes to the row this batch inserted: its freshly salted hash is found nowhere else.
    ctx.db.run(sql`INSERT INTO sessions (id, user_id, expires_at, user_agent)
      SELECT ${sessionId}, id, ${ctx.now.getTime() + SESSION_TTL_MS}, ${userAgent?.slice(0, 300) ?? null}
      FROM users WHERE email = ${input.email} AND password_hash = ${passwordHash}`),
  ])
  const created = inserted[0]
  if (created) {
    // The welcome carries the link that proves the address (decision 010). The account exists
    // already: a lost e-mail is sent again from Meu perfil.
    const welcome = await confirmationLinkStatements(ctx, created)
    const sent = await ctx.db.batch(welcome).then(
      ([, queued]) => queued[0],
      () => undefined,
    )
    if (sent) deliverLater(ctx, sent.id)
    return { user: toUser(created), sessionToken: token } satisfies LoginResult
  }
  // Guessing passwords here costs what it costs at /login: the same limiter counts the misses.
  return throttledLogin(ctx, input.email, () => signUpAgain(ctx, input, userAgent))
}

async function signUpAgain(ctx: AppContext, input: RegisterInput, userAgent: string | undefined) {
  const [row] = await ctx.db.select().from(users).where(eq(users.email, input.email))
  const sameRequest =
    row?.passwordHash &&
    row.name === input.name &&
    row.phone === input.phone &&
    ctx.now.getTime() - row.createdAt.getTime() < REPEAT_SIGN_UP_MS &&
    (await verifyPassword(input.password, row.passwordHash))
  if (!row || !sameRequest) throw invalidField('email', AUTH_MESSAGES.emailTaken)
  const session = await sessionInsert(ctx, row.id, userAgent)
  await session.statement
  return { user: toUser(row), sessionToken: session.token } satisfies LoginResult
}

/**
 * PUT /usuario/perfil/updateUser: name and phone change at once; a new e-mail only once the link
 * sent to it is opened (the old address is told). Limited per account: no "does this e-mail
 * exist?" oracle.
 */
export async function updateProfile({
  ctx,
  user,
  input,
}: {
  ctx: AppContext
  user: SessionUser
  input: ProfileInput
}) {
  await consumeLimit(ctx, 'profileUpdate', `user:${user.id}`)
  const changesEmail = input.email !== user.email
  if (changesEmail) {
    const [taken] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, input.email))
    if (taken) throw invalidField('email', AUTH_MESSAGES.emailTaken)
  }
  const [updated] = await ctx.db
    .update(users)
    .set({ name: input.name, phone: input.phone, updatedAt: ctx.now })
    .where(eq(users.id, user.id))
    .returning()
  const msg = changesEmail
    ? await requestEmailChange(ctx, { ...user, name: input.name }, input.email)
    : undefined
  return { user: toUser(updated!), msg }
}

/** POST /api/usuario/foto: the photo goes to R2 (checked there), then onto the profile. */
export async function changePhoto({
  ctx,
  user,
  file,
}: {
  ctx: AppContext
  user: SessionUser
  file: unknown
}) {
  const photoKey = await storeUserPhoto({ ctx, userId: user.id, file })
  // The photo it replaces, read in the same round trip, before the change.
  const [[before], [updated]] = await ctx.db.batch([
    ctx.db.select({ photoKey: users.photoKey }).from(users).where(eq(users.id, user.id)),
    ctx.db.update(users).set({ photoKey, updatedAt: ctx.now }).where(eq(users.id, user.id)).returning(),
  ])
  // The replaced photo goes (it was public, and cached as immutable under its own key).
  if (before?.photoKey && before.photoKey !== photoKey) await deleteFiles(ctx, [before.photoKey])
  return toUser(updated!)
}

/**
 * POST /usuario/perfil/updatePassword/: the SPEC's messages, accumulated. A first password needs
 * the proof of the e-mail (the code sent to it) unless the account proved it already; every
 * session ends and this browser gets a new one.
 */
export async function changePassword({
  ctx,
  user,
  input,
  userAgent,
}: {
  ctx: AppContext
  user: SessionUser
  input: PasswordChangeInput
  userAgent?: string | undefined
}) {
  const errors = passwordChangeErrors(input, user.new_user)
  if (errors.length) throw new AppError('VALIDATION', errors.join('\n'), { senha: errors })

  const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id))
  if (!row) throw new AppError('UNAUTHENTICATED', 'Unauthenticated.')
  const proof: BatchItem<'sqlite'>[] = []
  if (row.passwordHash) {
    const current = row.passwordHash
    await throttledPasswordCheck(ctx, row.email, async () => {
      if (!(await verifyPassword(input.senha_atual ?? '', current))) {
        throw invalidField('senha_atual', AUTH_MESSAGES.currentPasswordWrong)
      }
    })
  } else if (!row.emailVerifiedAt) {
    await consumeLimit(ctx, 'passwordChange', `user:${user.id}`)
    const code = await checkCode(ctx, user, input.codigo)
    proof.push(code.spend, ...proofStatements(ctx, user.id, row.email))
  }
  const passwordHash = await hashPassword(input.senha_nova!)
  const session = await sessionInsert(ctx, user.id, userAgent)
  await ctx.db.batch([
    ctx.db
      .update(users)
      .set({ passwordHash, isNewUser: false, updatedAt: ctx.now })
      .where(eq(users.id, user.id)),
    ...proof,
    ctx.db.delete(sessions).where(eq(sessions.userId, user.id)),
    session.statement,
  ])
  return { msg: AUTH_MESSAGES.passwordUpdated, sessionToken: session.token }
}

/** POST /password/email: a single-use link valid for an hour, sent through the outbox. */
export async function requestPasswordReset({ ctx, email }: { ctx: AppContext; email: string }) {
  // Per e-mail as well as per IP: nobody can fill a person's inbox with links, from anywhere.
  await consumeLimit(ctx, 'passwordResetPerAccount', email)
  const [row] = await ctx.db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(eq(users.email, email))
  if (!row) throw invalidField('email', AUTH_MESSAGES.resetNotFound)

  const token = newToken()
  // In the fragment: never sent to a server, so never in a request log or a Referer header.
  const link = `${publicOrigin(ctx.env)}/senha/redefinir#token=${token}`
  const message = await resetEmail(row.name, email, link)
  const expiresAt = new Date(ctx.now.getTime() + RESET_TTL_MS)
  // A new link does not void the earlier ones (several valid at once, each used once): whoever
  // asks for links cannot keep the owner from using the one in their mailbox. Using one voids the rest.
  const [, queued] = await ctx.db.batch([
    ctx.db.insert(passwordResets).values({ tokenHash: await hashToken(token), userId: row.id, expiresAt }),
    queueEmail(ctx, message, { expiresAt }),
  ])
  deliverLater(ctx, queued[0]!.id)
  return AUTH_MESSAGES.resetSent
}

/**
 * Sets a new password from an e-mailed link (a reset, or a buyer's first password): once, before it
 * expires. The link proves the address (the account claims the orders made with it), every session
 * ends, the other links die, and the providers the person chose are unlinked.
 */
export async function resetPassword({
  ctx,
  token,
  password,
  unlink = [],
}: {
  ctx: AppContext
  token: string
  password: string
  unlink?: SocialProvider[] | undefined
}) {
  const tokenHash = await hashToken(token)
  const passwordHash = await hashPassword(password)
  const usable = and(
    eq(passwordResets.tokenHash, tokenHash),
    isNull(passwordResets.usedAt),
    gt(passwordResets.expiresAt, ctx.now),
  )
  const owner = ctx.db.select({ userId: passwordResets.userId }).from(passwordResets).where(usable)
  const ownerId = sql`(${owner})`
  const ownerEmail = sql`(SELECT email FROM users WHERE id = ${ownerId})`
  // One transaction: the password changes only if the link is still unused, and the link is spent.
  const [[owned], changed] = await ctx.db.batch([
    // Whose account it is, read before the link is spent (a lock on it is lifted below).
    ctx.db.select({ email: users.email }).from(users).where(eq(users.id, owner)),
    ctx.db
      .update(users)
      .set({ passwordHash, isNewUser: false, updatedAt: ctx.now })
      .where(eq(users.id, owner)),
    ...proofStatements(ctx, ownerId, ownerEmail),
    ...(unlink.length
      ? [
          ctx.db
            .delete(oauthAccounts)
            .where(and(eq(oauthAccounts.userId, ownerId), inArray(oauthAccounts.provider, unlink))),
        ]
      : []),
    ctx.db.delete(sessions).where(eq(sessions.userId, owner)),
    ctx.db
      .delete(passwordResets)
      .where(and(eq(passwordResets.userId, ownerId), ne(passwordResets.tokenHash, tokenHash))),
    ctx.db.update(passwordResets).set({ usedAt: ctx.now }).where(usable),
  ])
  if (changed.rowsAffected !== 1) throw invalidField('token', AUTH_MESSAGES.resetInvalid)
  // The owner is back in: a lock that someone's guessing put on the account ends with the reset.
  if (owned) await forgetAccountFailures(ctx, owned.email).catch(() => undefined)
  return AUTH_MESSAGES.resetDone
}

/** POST /api/auth/reset-password/conta: the reset page shows the account's linked providers. */
export async function resetAccount({ ctx, token }: { ctx: AppContext; token: string }) {
  const tokenHash = await hashToken(token)
  const [row] = await ctx.db
    .select({ userId: passwordResets.userId, email: users.email })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(
      and(
        eq(passwordResets.tokenHash, tokenHash),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, ctx.now),
      ),
    )
  if (!row) throw invalidField('token', AUTH_MESSAGES.resetInvalid)
  return { email: row.email, providers: await linkedProviders(ctx, row.userId) }
}

function resetEmail(name: string, to: string, link: string) {
  const first = firstName(name)
  return emailMessage({
    to,
    subject: `Redefinição de senha — ${INSTITUTE.name}`,
    secret: true,
    text: `Olá, ${first}!\n\nPara criar uma nova senha, abra o link abaixo (válido por 1 hora, uma única vez):\n${link}\n\nSe você não pediu a redefinição, ignore este e-mail.\n\n${INSTITUTE.fullName}`,
    body: html`<p>Olá, ${first}!</p>
<p>Para criar uma nova senha, clique no link abaixo. Ele vale por 1 hora e pode ser usado uma única vez.</p>
<p><a href="${link}">Redefinir minha senha</a></p>
<p>Se você não pediu a redefinição, ignore este e-mail.</p>`,
  })
}
