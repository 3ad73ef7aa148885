import { and, eq, gt, isNull, type SQL, sql } from 'drizzle-orm'
import { html } from 'hono/html'
import { emailTokens, users } from '../../../db/schema.ts'
import { publicOrigin } from '../../config.ts'
import type { AppContext } from '../../context.ts'
import { ACCOUNT_MESSAGES } from '../../contract/account.ts'
import { INSTITUTE } from '../../domain/institute.ts'
import { ACCESS_STATES } from '../../domain/orders.ts'
import { AppError, invalidField } from '../../errors.ts'
import { deliverLater, queueEmail } from '../email/outbox.ts'
import { emailMessage, firstName } from '../email/templates.ts'
import { consumeLimit } from '../limits/limits.ts'
import { enrollStatement } from '../student/access.ts'
import { endAllSessions, endOtherSessions, type SessionUser, toUser } from './sessions.ts'
import { hashToken, newToken } from './tokens.ts'

/**
 * Proof of the e-mail (decision 010). An account proves its address by a link or a code sent to
 * it, or by a provider login that verified it. Until then it holds only what its own sessions did:
 * a guest's order made with its address waits unclaimed (`orders.claim_email`), and the account
 * that proves the address claims it then, with the enrollments a paid order gives.
 */

const LINK_TTL_MS = 3 * 24 * 3600 * 1000
const CODE_TTL_MS = 15 * 60 * 1000
const CODE_MAX_ATTEMPTS = 5

/**
 * The statements that record a proof of `email` for the account `userId` (values or subqueries
 * of the caller's batch): the account is proved, the guests' orders made with the address are
 * claimed, and so are the gifts sent to it that waited for the proof, with the enrollments of
 * those that are paid. Batch them with the caller's own writes.
 */
export function proofStatements(ctx: AppContext, userId: number | SQL, email: string | SQL) {
  const { db } = ctx
  const claimable = sql`o.claim_email = ${email} AND o.user_id IS NULL`
  // The address is still the account's when the batch runs (a change may have moved it).
  const owned = sql`EXISTS (SELECT 1 FROM users u WHERE u.id = ${userId} AND u.email = ${email})`
  return [
    db
      .update(users)
      .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${ctx.now.getTime()})` })
      .where(and(eq(users.id, userId), eq(users.email, email))),
    db.run(enrollStatement(userId, sql`${claimable} AND o.status IN ${ACCESS_STATES} AND ${owned}`)),
    db.run(
      sql`UPDATE orders AS o SET user_id = ${userId}, claim_email = NULL WHERE ${claimable} AND ${owned}`,
    ),
    // Gifts to the address: this account becomes their recipient, then holds what the paid ones give.
    db.run(
      sql`UPDATE orders AS o SET recipient_user_id = ${userId} WHERE o.gift_claim_email = ${email} AND ${owned}`,
    ),
    db.run(
      enrollStatement(
        userId,
        sql`o.gift_claim_email = ${email} AND o.recipient_user_id = ${userId} AND o.status IN ${ACCESS_STATES} AND ${owned}`,
      ),
    ),
    db.run(
      sql`UPDATE orders AS o SET gift_claim_email = NULL WHERE o.gift_claim_email = ${email} AND o.recipient_user_id = ${userId}`,
    ),
  ] as const
}

type TokenPurpose = (typeof emailTokens.$inferSelect)['purpose']

/** The row of a new token (its hash only); a statement for the caller's batch. */
function tokenRow(
  ctx: AppContext,
  input: { userId: number; purpose: TokenPurpose; email: string; ttlMs: number; tokenHash: string },
) {
  return ctx.db.insert(emailTokens).values({
    tokenHash: input.tokenHash,
    userId: input.userId,
    purpose: input.purpose,
    email: input.email,
    expiresAt: new Date(ctx.now.getTime() + input.ttlMs),
  })
}

/** A usable token of this purpose, by its hash. */
const usableToken = (ctx: AppContext, tokenHash: string, purpose: TokenPurpose) =>
  and(
    eq(emailTokens.tokenHash, tokenHash),
    eq(emailTokens.purpose, purpose),
    isNull(emailTokens.usedAt),
    gt(emailTokens.expiresAt, ctx.now),
  )

const link = (ctx: AppContext, path: string, token: string) =>
  // In the fragment: never sent to a server, so never in a request log or a Referer header.
  `${publicOrigin(ctx.env)}${path}#token=${token}`

async function send(ctx: AppContext, statements: Parameters<AppContext['db']['batch']>[0]) {
  const results = await ctx.db.batch(statements)
  const queued = results.at(-1) as { id: number }[]
  deliverLater(ctx, queued[0]!.id)
}

/** The sign-up welcome: a link that proves the address when opened signed in to the account. */
export async function confirmationLinkStatements(
  ctx: AppContext,
  user: { id: number; name: string; email: string },
) {
  const token = newToken()
  const first = firstName(user.name)
  const href = link(ctx, '/conta/confirmar-email', token)
  const message = await emailMessage({
    to: user.email,
    subject: `Confirme seu e-mail — ${INSTITUTE.name}`,
    secret: true,
    text: `Olá, ${first}!\n\nSua conta no ${INSTITUTE.name} foi criada. Para confirmar este e-mail, abra o link abaixo no navegador em que você entrou na conta (vale por 3 dias, uma única vez):\n${href}\n\nCom o e-mail confirmado, as compras feitas com ele em outros navegadores aparecem na sua conta.\n\nSe você não criou esta conta, ignore este e-mail: sem a confirmação, ninguém vê as compras feitas com o seu e-mail.\n\n${INSTITUTE.fullName}`,
    body: html`<p>Olá, ${first}!</p>
<p>Sua conta no ${INSTITUTE.name} foi criada. Para confirmar este e-mail, abra o link abaixo no navegador em que você entrou na conta. Ele vale por 3 dias e pode ser usado uma única vez.</p>
<p><a href="${href}">Confirmar meu e-mail</a></p>
<p>Com o e-mail confirmado, as compras feitas com ele em outros navegadores aparecem na sua conta.</p>
<p>Se você não criou esta conta, ignore este e-mail: sem a confirmação, ninguém vê as compras feitas com o seu e-mail.</p>`,
  })
  return [
    tokenRow(ctx, {
      userId: user.id,
      purpose: 'confirm',
      email: user.email,
      ttlMs: LINK_TTL_MS,
      tokenHash: await hashToken(token),
    }),
    queueEmail(ctx, message, { expiresAt: new Date(ctx.now.getTime() + LINK_TTL_MS) }),
  ] as const
}

/** POST /api/usuario/conta/confirmacao: the sign-up confirmation link, sent again. */
export async function resendConfirmation(ctx: AppContext, user: SessionUser) {
  if (user.email_verified) throw invalidField('email', ACCOUNT_MESSAGES.alreadyConfirmed)
  await consumeLimit(ctx, 'emailLink', `user:${user.id}`)
  await send(ctx, await confirmationLinkStatements(ctx, user))
  return ACCOUNT_MESSAGES.confirmSent(user.email)
}

/** POST /api/usuario/conta/codigo: a 6-digit code for the new-user password modal. */
export async function sendCode(ctx: AppContext, user: SessionUser) {
  if (user.email_verified) throw invalidField('codigo', ACCOUNT_MESSAGES.alreadyConfirmed)
  await consumeLimit(ctx, 'emailCode', `user:${user.id}`)
  const code = String(crypto.getRandomValues(new Uint32Array(1))[0]! % 1_000_000).padStart(6, '0')
  const first = firstName(user.name)
  const message = await emailMessage({
    to: user.email,
    subject: `Seu código: ${code} — ${INSTITUTE.name}`,
    secret: true,
    text: `Olá, ${first}!\n\nSeu código para criar a senha da sua conta é ${code}. Ele vale por 15 minutos.\n\nSe você não pediu este código, ignore este e-mail: sem ele, ninguém cria uma senha para a sua conta.\n\n${INSTITUTE.fullName}`,
    body: html`<p>Olá, ${first}!</p>
<p>Seu código para criar a senha da sua conta é:</p>
<p style="font-size:24px;letter-spacing:4px"><strong>${code}</strong></p>
<p>Ele vale por 15 minutos. Se você não pediu este código, ignore este e-mail: sem ele, ninguém cria uma senha para a sua conta.</p>`,
  })
  await send(ctx, [
    // A new code replaces the earlier ones (only the last e-mail is the one to type).
    ctx.db.delete(emailTokens).where(and(eq(emailTokens.userId, user.id), eq(emailTokens.purpose, 'code'))),
    tokenRow(ctx, {
      userId: user.id,
      purpose: 'code',
      email: user.email,
      ttlMs: CODE_TTL_MS,
      tokenHash: await hashToken(`${user.id}:${code}`),
    }),
    queueEmail(ctx, message, { expiresAt: new Date(ctx.now.getTime() + CODE_TTL_MS) }),
  ])
  return ACCOUNT_MESSAGES.codeSent(user.email)
}

/**
 * Checks a typed code; a wrong one counts against the code (it dies after a few). Returns the
 * statement that spends it, to batch with the proof.
 */
export async function checkCode(ctx: AppContext, user: SessionUser, code: string | undefined) {
  const typed = code?.replace(/\s+/g, '') ?? ''
  if (!typed) throw invalidField('codigo', ACCOUNT_MESSAGES.codeRequired)
  const live = and(
    eq(emailTokens.userId, user.id),
    eq(emailTokens.purpose, 'code'),
    eq(emailTokens.email, user.email),
    isNull(emailTokens.usedAt),
    gt(emailTokens.expiresAt, ctx.now),
    sql`${emailTokens.attempts} < ${CODE_MAX_ATTEMPTS}`,
  )
  const tokenHash = /^\d{6}$/.test(typed) ? await hashToken(`${user.id}:${typed}`) : ''
  const [found] = await ctx.db
    .select({ tokenHash: emailTokens.tokenHash })
    .from(emailTokens)
    .where(and(live, eq(emailTokens.tokenHash, tokenHash)))
  if (!found) {
    await ctx.db
      .update(emailTokens)
      .set({ attempts: sql`${emailTokens.attempts} + 1` })
      .where(live)
    throw invalidField('codigo', ACCOUNT_MESSAGES.codeInvalid)
  }
  // Wrapped: a query builder awaited on its own would run.
  return {
    spend: ctx.db
      .update(emailTokens)
      .set({ usedAt: ctx.now })
      .where(and(live, eq(emailTokens.tokenHash, found.tokenHash))),
  }
}

/**
 * POST /api/conta/confirmar-email: the sign-up confirmation or an e-mail change's link, opened
 * signed in to the account it was sent for (the link alone proves the mailbox, the session the
 * person who asked). A change takes effect here, and the account's other sessions end.
 */
export async function confirmEmail(ctx: AppContext, user: SessionUser, token: string) {
  const tokenHash = await hashToken(token)
  const [row] = await ctx.db
    .select()
    .from(emailTokens)
    .where(
      and(
        eq(emailTokens.tokenHash, tokenHash),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, ctx.now),
      ),
    )
  if (!row || (row.purpose !== 'confirm' && row.purpose !== 'change')) {
    throw invalidField('token', ACCOUNT_MESSAGES.linkInvalid)
  }
  if (row.userId !== user.id) throw invalidField('token', ACCOUNT_MESSAGES.linkOtherAccount)
  const spend = ctx.db
    .update(emailTokens)
    .set({ usedAt: ctx.now })
    .where(usableToken(ctx, tokenHash, row.purpose))
  const { db } = ctx
  if (row.purpose === 'confirm') {
    if (row.email !== user.email) throw invalidField('token', ACCOUNT_MESSAGES.linkInvalid)
    const [spent] = await db.batch([spend, ...proofStatements(ctx, user.id, row.email)])
    if (spent.rowsAffected !== 1) throw invalidField('token', ACCOUNT_MESSAGES.linkInvalid)
    return { msg: ACCOUNT_MESSAGES.confirmed, user: await reload(ctx, user.id) }
  }
  // An e-mail change: the address must still be free, and the change and its proof are one step.
  const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.email, row.email))
  if (taken && taken.id !== user.id) throw invalidField('token', 'Este e-mail já está cadastrado.')
  try {
    const [spent] = await db.batch([
      spend,
      db
        .update(users)
        .set({ email: row.email, emailVerifiedAt: null, updatedAt: ctx.now })
        .where(
          and(
            eq(users.id, user.id),
            sql`EXISTS (SELECT 1 FROM email_tokens WHERE token_hash = ${tokenHash} AND used_at = ${ctx.now.getTime()})`,
          ),
        ),
      ...proofStatements(ctx, user.id, row.email),
      // Other pending changes and the old address's links and codes go with it; the old address's
      // "não fui eu" link stays: it can still end every session after the change.
      db
        .delete(emailTokens)
        .where(
          and(
            eq(emailTokens.userId, user.id),
            sql`${emailTokens.purpose} IN ('change', 'confirm', 'code')`,
            isNull(emailTokens.usedAt),
          ),
        ),
      endOtherSessions(ctx, user.id, user.sessionId),
    ])
    if (spent.rowsAffected !== 1) throw invalidField('token', ACCOUNT_MESSAGES.linkInvalid)
  } catch (error) {
    if (String((error as Error)?.message ?? error).includes('UNIQUE')) {
      throw invalidField('token', 'Este e-mail já está cadastrado.')
    }
    throw error
  }
  return { msg: ACCOUNT_MESSAGES.changed(row.email), user: await reload(ctx, user.id) }
}

async function reload(ctx: AppContext, userId: number) {
  const [row] = await ctx.db.select().from(users).where(eq(users.id, userId))
  if (!row) throw new AppError('UNAUTHENTICATED', 'Unauthenticated.')
  return toUser(row)
}

/**
 * An e-mail change asked in Meu perfil: nothing changes yet. The new address gets the link that
 * makes the change, the old one is told, with a link that ends every session ("não fui eu").
 */
export async function requestEmailChange(ctx: AppContext, user: SessionUser, email: string) {
  await consumeLimit(ctx, 'emailChange', `user:${user.id}`)
  const changeToken = newToken()
  const notMeToken = newToken()
  const first = firstName(user.name)
  const confirmHref = link(ctx, '/conta/confirmar-email', changeToken)
  const notMeHref = link(ctx, '/conta/nao-fui-eu', notMeToken)
  const expiresAt = new Date(ctx.now.getTime() + LINK_TTL_MS)
  const toNew = await emailMessage({
    to: email,
    subject: `Confirme o novo e-mail da sua conta — ${INSTITUTE.name}`,
    secret: true,
    text: `Olá, ${first}!\n\nPara que ${email} passe a ser o e-mail da sua conta, abra o link abaixo no navegador em que você está com a conta aberta (vale por 3 dias, uma única vez):\n${confirmHref}\n\nSe você não pediu esta troca, ignore este e-mail.\n\n${INSTITUTE.fullName}`,
    body: html`<p>Olá, ${first}!</p>
<p>Para que ${email} passe a ser o e-mail da sua conta, abra o link abaixo no navegador em que você está com a conta aberta. Ele vale por 3 dias e pode ser usado uma única vez.</p>
<p><a href="${confirmHref}">Confirmar o novo e-mail</a></p>
<p>Se você não pediu esta troca, ignore este e-mail.</p>`,
  })
  const toOld = await emailMessage({
    to: user.email,
    subject: `Pedido de troca do e-mail da sua conta — ${INSTITUTE.name}`,
    secret: true,
    text: `Olá, ${first}!\n\nPediram para trocar o e-mail da sua conta para ${email}. A troca só acontece quando alguém abrir o link enviado a esse endereço.\n\nSe não foi você, abra o link abaixo: ele cancela a troca e encerra todas as sessões da conta.\n${notMeHref}\n\n${INSTITUTE.fullName}`,
    body: html`<p>Olá, ${first}!</p>
<p>Pediram para trocar o e-mail da sua conta para <strong>${email}</strong>. A troca só acontece quando alguém abrir o link enviado a esse endereço.</p>
<p>Se não foi você, abra o link abaixo: ele cancela a troca e encerra todas as sessões da conta.</p>
<p><a href="${notMeHref}">Não fui eu</a></p>`,
  })
  const results = await ctx.db.batch([
    // One change pending at a time: the last one asked.
    ctx.db
      .delete(emailTokens)
      .where(
        and(eq(emailTokens.userId, user.id), eq(emailTokens.purpose, 'change'), isNull(emailTokens.usedAt)),
      ),
    tokenRow(ctx, {
      userId: user.id,
      purpose: 'change',
      email,
      ttlMs: LINK_TTL_MS,
      tokenHash: await hashToken(changeToken),
    }),
    tokenRow(ctx, {
      userId: user.id,
      purpose: 'not_me',
      email: user.email,
      // The old address may answer for longer than the change can wait.
      ttlMs: 2 * LINK_TTL_MS,
      tokenHash: await hashToken(notMeToken),
    }),
    queueEmail(ctx, toNew, { expiresAt }),
    queueEmail(ctx, toOld),
  ])
  for (const queued of results.slice(-2) as { id: number }[][]) deliverLater(ctx, queued[0]!.id)
  return ACCOUNT_MESSAGES.changePending(email)
}

/** The address an e-mail change waits on, if any (a query for the caller's batch). */
export function pendingEmailQuery(ctx: AppContext, userId: number) {
  return ctx.db
    .select({ email: emailTokens.email })
    .from(emailTokens)
    .where(
      and(
        eq(emailTokens.userId, userId),
        eq(emailTokens.purpose, 'change'),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, ctx.now),
      ),
    )
    .orderBy(sql`${emailTokens.createdAt} DESC`)
    .limit(1)
}

/** DELETE /api/usuario/conta/email-pendente. */
export async function cancelEmailChange(ctx: AppContext, user: SessionUser) {
  await ctx.db
    .delete(emailTokens)
    .where(
      and(eq(emailTokens.userId, user.id), eq(emailTokens.purpose, 'change'), isNull(emailTokens.usedAt)),
    )
  return ACCOUNT_MESSAGES.changeCancelled
}

/** POST /api/conta/nao-fui-eu: from the old address, the change is cancelled and every session ends. */
export async function notMe(ctx: AppContext, token: string) {
  const tokenHash = await hashToken(token)
  const owner = ctx.db
    .select({ userId: emailTokens.userId })
    .from(emailTokens)
    .where(usableToken(ctx, tokenHash, 'not_me'))
  const [, , spent] = await ctx.db.batch([
    ctx.db
      .delete(emailTokens)
      .where(
        and(eq(emailTokens.userId, owner), eq(emailTokens.purpose, 'change'), isNull(emailTokens.usedAt)),
      ),
    endAllSessions(ctx, sql`(${owner})`),
    ctx.db
      .update(emailTokens)
      .set({ usedAt: ctx.now })
      .where(usableToken(ctx, tokenHash, 'not_me')),
  ])
  if (spent.rowsAffected !== 1) throw invalidField('token', ACCOUNT_MESSAGES.linkInvalid)
  return ACCOUNT_MESSAGES.notMeDone
}
