import { and, eq, isNull } from 'drizzle-orm'
import { html } from 'hono/html'
import { users } from '../../../db/schema.ts'
import { publicOrigin } from '../../config.ts'
import type { AppContext } from '../../context.ts'
import { AUTH_MESSAGES } from '../../contract/auth.ts'
import { addressKey } from '../../domain/address.ts'
import { INSTITUTE } from '../../domain/institute.ts'
import { accountLockedMessage, durationInWords, LOGIN_LIMITS } from '../../domain/limits.ts'
import type { LoginWindow } from '../../durable/login-limiter.ts'
import { AppError, rateLimited } from '../../errors.ts'
import { deliverLater, queueEmail } from '../email/outbox.ts'
import { emailMessage, firstName } from '../email/templates.ts'

const limiter = (ctx: AppContext, key: string) =>
  ctx.env.LOGIN_LIMITER.get(ctx.env.LOGIN_LIMITER.idFromName(key))

const accountLimiter = (ctx: AppContext, email: string) => limiter(ctx, `account|${email}`)

type Gate = {
  object: ReturnType<typeof limiter>
  window: LoginWindow
  /** A success forgets the failures (only per e-mail + address: the owner got in from there). */
  forget: boolean
  /** The account's lock, whose start is e-mailed to the owner. */
  account: boolean
}

/**
 * Runs a login attempt under the exact limits (LOGIN_LIMITS): 5 failures a minute per e-mail +
 * address, a ceiling per address over every e-mail (credential stuffing), and a ceiling per
 * e-mail over every address, which locks the account's password logins for a while and e-mails
 * its owner. An address is an IPv4, or an IPv6 /64. Over any, 429 before any password is hashed;
 * a VALIDATION error from `attempt` is a failure.
 */
export function throttledLogin<T>(ctx: AppContext, email: string, attempt: () => Promise<T>): Promise<T> {
  return throttled(ctx, email, 'email', attempt)
}

/**
 * The current-password check of a password change, under the same limits as the login and
 * sharing their counts: `email` is the account's e-mail as stored (lowercased), so guesses here
 * and at /login meet one ceiling. A VALIDATION error from `attempt` (the wrong current password)
 * is a failure; a 429 names the field `senha_atual`.
 */
export function throttledPasswordCheck<T>(
  ctx: AppContext,
  email: string,
  attempt: () => Promise<T>,
): Promise<T> {
  return throttled(ctx, email, 'senha_atual', attempt)
}

/**
 * Ends the account's lock and forgets its failures from every address: for when the owner
 * proved who they are another way (a password reset from the e-mailed link).
 */
export async function forgetAccountFailures(ctx: AppContext, email: string): Promise<void> {
  await accountLimiter(ctx, email).forget()
}

async function throttled<T>(
  ctx: AppContext,
  email: string,
  field: string,
  attempt: () => Promise<T>,
): Promise<T> {
  const now = ctx.now.getTime()
  const address = addressKey(ctx.clientIp)
  // The widest gate last: an attempt refused per address never holds a place in the account's count.
  const gates: Gate[] = [
    { object: limiter(ctx, `ip|${address}`), window: LOGIN_LIMITS.perIp, forget: false, account: false },
    {
      object: limiter(ctx, `${email}|${address}`),
      window: LOGIN_LIMITS.perAccountAndAddress,
      forget: true,
      account: false,
    },
    { object: accountLimiter(ctx, email), window: LOGIN_LIMITS.perAccount, forget: false, account: true },
  ]
  const opened: Gate[] = []
  for (const gate of gates) {
    const started = await gate.object.begin(now, gate.window)
    if (!started.allowed) {
      await Promise.all(opened.map((g) => g.object.end(now, g.window, false, false)))
      const retryAfterSeconds = Math.ceil(started.retryAfterMs / 1000)
      const message = started.locked ? accountLockedMessage(retryAfterSeconds) : AUTH_MESSAGES.tooManyAttempts
      throw rateLimited(message, retryAfterSeconds, { [field]: [message] })
    }
    opened.push(gate)
  }
  // Only a success forgets: an attempt that broke for another reason (an outage) proves nothing.
  const finish = async (failed: boolean, succeeded: boolean) => {
    const at = ctx.now.getTime()
    const outcomes = await Promise.all(
      opened.map((g) => g.object.end(at, g.window, failed, g.forget && succeeded)),
    )
    const lock = outcomes.find((outcome, i) => opened[i]?.account && outcome.lockStarted)
    if (lock?.lockStarted) await tellOwner(ctx, email, lock.lockSeconds)
  }
  let result: T
  try {
    result = await attempt()
  } catch (error) {
    await finish(error instanceof AppError && error.code === 'VALIDATION', false)
    throw error
  }
  await finish(false, true)
  return result
}

/**
 * E-mails the owner, if an account has this e-mail, that its password logins are paused. Best
 * effort: the answer to the attempt stands even when the message cannot be queued.
 */
async function tellOwner(ctx: AppContext, email: string, lockSeconds: number) {
  try {
    const [owner] = await ctx.db
      .select({ name: users.name })
      .from(users)
      .where(and(eq(users.email, email), isNull(users.deletedAt)))
    if (!owner) return
    const message = await lockEmail(ctx, owner.name, email, lockSeconds)
    const [queued] = await queueEmail(ctx, message)
    if (queued) deliverLater(ctx, queued.id)
  } catch (error) {
    console.error(
      JSON.stringify({
        level: 'error',
        requestId: ctx.requestId,
        kind: 'login_lock_email_failed',
        error: error instanceof Error ? error.message : String(error),
      }),
    )
  }
}

function lockEmail(ctx: AppContext, name: string, to: string, lockSeconds: number) {
  const first = firstName(name)
  const pause = durationInWords(lockSeconds)
  // The recovery form ('Esqueceu sua senha?') lives in the login panel, at /login.
  const login = `${publicOrigin(ctx.env)}/login`
  return emailMessage({
    to,
    subject: `Tentativas de acesso à sua conta — ${INSTITUTE.name}`,
    text: `Olá, ${first}!\n\nAlguém errou a senha da sua conta várias vezes seguidas. Por segurança, o acesso com senha à sua conta está pausado por ${pause}; depois disso, volta sozinho.\n\nSe foi você, é só aguardar e tentar de novo. Se não foi você, crie uma nova senha: em ${login}, use 'Esqueceu sua senha?' e siga o link que enviaremos para este e-mail.\n\n${INSTITUTE.fullName}`,
    body: html`<p>Olá, ${first}!</p>
<p>Alguém errou a senha da sua conta várias vezes seguidas. Por segurança, o acesso com senha à sua conta está pausado por ${pause}; depois disso, volta sozinho.</p>
<p>Se foi você, é só aguardar e tentar de novo.</p>
<p>Se não foi você, crie uma nova senha: em <a href="${login}">Acesse sua conta</a>, use 'Esqueceu sua senha?' e siga o link que enviaremos para este e-mail.</p>`,
  })
}
