import { desc, eq } from 'drizzle-orm'
import { emailOutbox } from '../../../db/schema.ts'
import {
  type EmailMessage,
  type EmailSender,
  httpEmailSender,
  outboxOnlySender,
} from '../../adapters/email.ts'
import type { AppContext } from '../../context.ts'

/** The e-mail API when configured; otherwise the outbox row is the delivery (local, tests). */
export function emailSender(ctx: AppContext): EmailSender {
  const { EMAIL_API_KEY, EMAIL_FROM } = ctx.env
  if (EMAIL_API_KEY && EMAIL_FROM) return httpEmailSender({ apiKey: EMAIL_API_KEY, from: EMAIL_FROM })
  return outboxOnlySender
}

/** The statement that queues a message; callers batch it with the write that caused it. */
export function queueEmail(ctx: AppContext, message: EmailMessage) {
  return ctx.db
    .insert(emailOutbox)
    .values({ ...message, status: 'pending' })
    .returning({ id: emailOutbox.id })
}

/** Delivers a queued message after the response, recording the outcome on its row. */
export function deliverLater(ctx: AppContext, id: number, message: EmailMessage) {
  ctx.waitUntil(
    emailSender(ctx)
      .send(message)
      .then(
        () =>
          ctx.db
            .update(emailOutbox)
            .set({ status: 'sent', sentAt: new Date(), attempts: 1 })
            .where(eq(emailOutbox.id, id)),
        (error: unknown) =>
          ctx.db
            .update(emailOutbox)
            .set({
              status: 'failed',
              attempts: 1,
              lastError: error instanceof Error ? error.message : String(error),
            })
            .where(eq(emailOutbox.id, id)),
      ),
  )
}

/** Delivers a queued message now, recording the outcome on its row; false when delivery failed. */
export async function deliverQueued(ctx: AppContext, id: number, message: EmailMessage): Promise<boolean> {
  try {
    await emailSender(ctx).send(message)
    await ctx.db
      .update(emailOutbox)
      .set({ status: 'sent', sentAt: new Date(), attempts: 1 })
      .where(eq(emailOutbox.id, id))
    return true
  } catch (error) {
    await ctx.db
      .update(emailOutbox)
      .set({
        status: 'failed',
        attempts: 1,
        lastError: error instanceof Error ? error.message : String(error),
      })
      .where(eq(emailOutbox.id, id))
      .catch(() => {})
    return false
  }
}

export async function listOutbox(ctx: AppContext, limit = 50) {
  return ctx.db
    .select()
    .from(emailOutbox)
    .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
    .limit(limit)
}
