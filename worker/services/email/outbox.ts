import { and, desc, eq, gt, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm'
import { emailOutbox } from '../../../db/schema.ts'
import { deadlineOf } from '../../adapters/deadline.ts'
import {
  EmailRejectedError,
  type EmailSender,
  httpEmailSender,
  outboxOnlySender,
} from '../../adapters/email.ts'
import type { AppContext } from '../../context.ts'
import { dependencyFailure } from '../../errors.ts'
import { blankedContent, blankIfSecret } from './secrets.ts'
import { suppressStatement } from './suppressions.ts'
import type { OutboxMessage } from './templates.ts'

/**
 * How the outbox retries (README, "When a dependency fails"): attempt n failing for a passing
 * reason waits 1, 2, 4… minutes (at most 2 hours) before the next; after MAX_ATTEMPTS the job
 * gives up and the message shows as `failed` to admins. A claim lasts LEASE_MS: a sender that
 * died mid-send leaves the message to the next run, which sends it under the same idempotency
 * key, so the API still delivers it once.
 */
export const OUTBOX_RULES = {
  maxAttempts: 8,
  backoffBaseMs: 60_000,
  backoffMaxMs: 2 * 3600_000,
  leaseMs: 2 * 60_000,
  /** Messages one scheduled run sends at most (the run has the Worker's limits too). */
  batchSize: 25,
} as const

export const backoffMs = (attempts: number) =>
  Math.min(OUTBOX_RULES.backoffBaseMs * 2 ** Math.max(0, attempts - 1), OUTBOX_RULES.backoffMaxMs)

/** The e-mail API when configured; otherwise the outbox row is the delivery (local, tests). */
export function emailSender(ctx: AppContext): EmailSender {
  const { EMAIL_API_KEY, EMAIL_FROM, EMAIL_API_URL } = ctx.env
  if (EMAIL_API_KEY && EMAIL_FROM) {
    return httpEmailSender({
      apiKey: EMAIL_API_KEY,
      from: EMAIL_FROM,
      endpoint: EMAIL_API_URL,
      timeoutMs: deadlineOf(ctx.env, 'email'),
    })
  }
  return outboxOnlySender
}

/**
 * The statement that queues a message; callers batch it with the write that caused it.
 * `expiresAt`: after then the message is worthless (a reset link) and is never sent.
 * `message.secret`: it carries a single-use link or code, blanked once sent (./secrets.ts).
 */
export function queueEmail(ctx: AppContext, message: OutboxMessage, options: { expiresAt?: Date } = {}) {
  const { to, subject, html, text, secret, headers } = message
  return ctx.db
    .insert(emailOutbox)
    .values({
      to,
      subject,
      html,
      text,
      secret: secret ?? false,
      headers: headers ?? null,
      status: 'pending',
      expiresAt: options.expiresAt ?? null,
    })
    .returning({ id: emailOutbox.id })
}

/**
 * The statement that queues a message only if `condition` holds when the batch runs it (the write
 * that causes the message happened in this batch: a claim still held, a row this step changed), so
 * a replayed or lost race queues nothing. Returns the new id, if any.
 */
export function queueEmailWhere(message: OutboxMessage, condition: SQL): SQL {
  const { to, subject, html, text, secret } = message
  return sql`INSERT INTO email_outbox (${sql.identifier('to')}, subject, html, text, secret)
    SELECT ${to}, ${subject}, ${html}, ${text}, ${secret ? 1 : 0} WHERE ${condition} RETURNING id`
}

/** Tries a queued message after the response; what fails is left to the scheduled job. */
export function deliverLater(ctx: AppContext, id: number) {
  ctx.waitUntil(deliverQueued(ctx, eq(emailOutbox.id, id)).catch(() => 'retry'))
}

export type DeliveryOutcome = 'sent' | 'retry' | 'failed' | 'not_due'

/**
 * Sends one queued message if it is due and this caller wins it: the claim (pending → sending)
 * is one conditional UPDATE, so two senders (a request and the scheduled job) never both send.
 * `which` selects the row; only the newest matching row is considered. A secret message loses
 * its content in the statement that marks it sent or failed (./secrets.ts).
 */
export async function deliverQueued(ctx: AppContext, which: SQL | undefined): Promise<DeliveryOutcome> {
  const now = ctx.now
  const [claimed] = await ctx.db
    .update(emailOutbox)
    .set({
      status: 'sending',
      attempts: sql`${emailOutbox.attempts} + 1`,
      nextAttemptAt: new Date(now.getTime() + OUTBOX_RULES.leaseMs),
    })
    .where(
      and(
        eq(emailOutbox.id, sql`(SELECT max(${emailOutbox.id}) FROM ${emailOutbox} WHERE ${which})`),
        isDue(now),
        or(isNull(emailOutbox.expiresAt), gt(emailOutbox.expiresAt, now)),
      ),
    )
    .returning()
  if (!claimed) return 'not_due'

  try {
    await emailSender(ctx).send(claimed, `outbox/${claimed.id}`)
  } catch (error) {
    const givingUp = error instanceof EmailRejectedError || claimed.attempts >= OUTBOX_RULES.maxAttempts
    const lastError = describeFailure(error)
    // An address the API will not deliver to receives no more reminders (issue 25: bounced).
    if (error instanceof EmailRejectedError && error.addressRefused) {
      await ctx.db.run(suppressStatement(ctx, claimed.to, 'bounced'))
    }
    await ctx.db
      .update(emailOutbox)
      .set(
        givingUp
          ? { status: 'failed', nextAttemptAt: null, lastError, ...blankedContent(ctx.env, claimed) }
          : {
              status: 'pending',
              nextAttemptAt: new Date(now.getTime() + backoffMs(claimed.attempts)),
              lastError,
            },
      )
      .where(and(eq(emailOutbox.id, claimed.id), eq(emailOutbox.status, 'sending')))
    logFailure(ctx, claimed.id, lastError, givingUp)
    return givingUp ? 'failed' : 'retry'
  }
  await ctx.db
    .update(emailOutbox)
    .set({
      status: 'sent',
      sentAt: now,
      nextAttemptAt: null,
      lastError: null,
      ...blankedContent(ctx.env, claimed),
    })
    .where(and(eq(emailOutbox.id, claimed.id), eq(emailOutbox.status, 'sending')))
  return 'sent'
}

/** Pending and its backoff is over, or claimed by a sender whose claim has lapsed. */
function isDue(now: Date) {
  return or(
    and(
      eq(emailOutbox.status, 'pending'),
      or(isNull(emailOutbox.nextAttemptAt), lte(emailOutbox.nextAttemptAt, now)),
    ),
    and(eq(emailOutbox.status, 'sending'), lte(emailOutbox.nextAttemptAt, now)),
  )
}

export type DrainReport = { sent: number; retry: number; failed: number; expired: number }

/**
 * The scheduled job: messages past their expiry are set aside unsent (a secret one blanked as it
 * is), then the due ones are sent oldest first. When the API is down the run stops at the first outage, leaving the rest
 * on their schedule instead of spending attempts on an API known to be away.
 */
export async function drainOutbox(ctx: AppContext): Promise<DrainReport> {
  const report: DrainReport = { sent: 0, retry: 0, failed: 0, expired: 0 }
  const now = ctx.now
  const expired = await ctx.db
    .update(emailOutbox)
    .set({ status: 'expired', nextAttemptAt: null, ...blankIfSecret(ctx.env) })
    .where(and(lte(emailOutbox.expiresAt, now), isDue(now)))
    .returning({ id: emailOutbox.id })
  report.expired = expired.length

  const due = await ctx.db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(isDue(now))
    .orderBy(emailOutbox.createdAt, emailOutbox.id)
    .limit(OUTBOX_RULES.batchSize)
  for (const { id } of due) {
    const outcome = await deliverQueued(ctx, eq(emailOutbox.id, id))
    if (outcome === 'not_due') continue
    report[outcome] += 1
    if (outcome === 'retry') break
  }
  return report
}

export async function listOutbox(ctx: AppContext, limit = 50) {
  return ctx.db
    .select()
    .from(emailOutbox)
    .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
    .limit(limit)
}

/** What admins must see: messages the job gave up on, and links that expired before they went out. */
export async function listUndelivered(ctx: AppContext, limit = 100) {
  return ctx.db
    .select()
    .from(emailOutbox)
    .where(inArray(emailOutbox.status, ['failed', 'expired']))
    .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
    .limit(limit)
}

function describeFailure(error: unknown): string {
  const failure = dependencyFailure(error)
  if (failure?.reason === 'error_status') return `e-mail API answered ${failure.detail}`
  if (failure) return `e-mail API ${failure.reason === 'timeout' ? 'did not answer in time' : 'unreachable'}`
  return (error instanceof Error ? error.message : String(error)).slice(0, 300)
}

function logFailure(ctx: AppContext, id: number, error: string, gaveUp: boolean) {
  console.error(
    JSON.stringify({
      level: gaveUp ? 'error' : 'warn',
      requestId: ctx.requestId,
      kind: gaveUp ? 'email_gave_up' : 'email_retry_later',
      outboxId: id,
      error,
    }),
  )
}
