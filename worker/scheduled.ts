import { createAppContext } from './context.ts'
import type { Env } from './env.ts'
import { signOldCredentialsAgain } from './services/certificates/resign.ts'
import { endCouponHolds } from './services/checkout/coupon-holds.ts'
import { endDifferenceDeadlines, sweepStudentDocuments } from './services/checkout/student-documents.ts'
import { drainOutbox } from './services/email/outbox.ts'
import { type SecretsSweep, sweepSecrets } from './services/email/secrets.ts'
import { issueInvoices } from './services/fiscal/job.ts'
import { reconcilePayments } from './services/payment-ledgers.ts'
import type { ReconciliationResult } from './services/payments/reconcile.ts'
import { sendReminders } from './services/reminders/job.ts'

/** The Cron Triggers of wrangler.toml (`[triggers] crons`). */
export const OUTBOX_CRON = '*/5 * * * *'
/** Every 15 minutes the payments are reconciled with Pagar.me (what a webhook missed). */
export const PAYMENTS_CRON = '*/15 * * * *'

/**
 * A scheduled run (Cron Trigger, or `npm run cron` locally): under OUTBOX_CRON writes the reminders
 * now due (./services/reminders/job.ts, issue 25), sends what the outbox still owes,
 * issues, looks up and cancels the NFS-e due (./services/fiscal/job.ts),
 * sweeps the secrets it is done with (./services/email/secrets.ts), ends the coupon holds whose
 * time is up (./services/checkout/coupon-holds.ts) and, under PAYMENTS_CRON, reconciles the
 * payments, refunds the rejected student prices whose difference was not paid in time and deletes
 * the student documents no longer needed (./services/checkout/student-documents.ts); under
 * OUTBOX_CRON it also signs again a batch of credentials still in their pre-issue-39 form. Its clock is the run's scheduled time, so a test can run it "later"
 * without waiting. One job failing does not stop the others.
 */
export async function runScheduled(
  controller: Pick<ScheduledController, 'cron' | 'scheduledTime'>,
  env: Env,
  execution: Pick<ExecutionContext, 'waitUntil'>,
) {
  const ctx = createAppContext(env, {
    now: new Date(controller.scheduledTime),
    requestId: `cron-${crypto.randomUUID()}`,
    clientIp: 'cron',
    waitUntil: (promise) => execution.waitUntil(promise),
  })
  const payments = controller.cron === PAYMENTS_CRON ? await reconcile(ctx) : null
  // Before the outbox is drained, so a reminder written now goes out in this same run.
  const reminders =
    controller.cron === OUTBOX_CRON ? await guarded(ctx, 'reminders_failed', () => sendReminders(ctx)) : null
  const outbox = await drainOutbox(ctx)
  // The NFS-e due (issue 43): issued, looked up, cancelled; after the outbox, so a provider slow to
  // answer (15 s a call) never holds the e-mails back; a note's own e-mail goes out next run.
  const invoices = await guarded(ctx, 'invoices_failed', () => issueInvoices(ctx))
  const secrets = await sweep(ctx)
  const couponHolds = await guarded(ctx, 'coupon_holds_failed', () => endCouponHolds(ctx))
  // Credentials signed before issue 39, a bounded batch a run (./services/certificates/resign.ts).
  const credentials =
    controller.cron === OUTBOX_CRON
      ? await guarded(ctx, 'credentials_resign_failed', () => signOldCredentialsAgain(ctx))
      : null
  const studentDocuments =
    controller.cron === PAYMENTS_CRON
      ? {
          refunded: await guarded(ctx, 'difference_deadlines_failed', () => endDifferenceDeadlines(ctx)),
          deleted: await guarded(ctx, 'student_documents_sweep_failed', () => sweepStudentDocuments(ctx)),
        }
      : null
  console.log(
    JSON.stringify({
      level: 'info',
      kind: 'scheduled',
      cron: controller.cron,
      outbox,
      payments,
      reminders,
      secrets,
      couponHolds,
      studentDocuments,
      credentials,
      invoices,
    }),
  )
  return { outbox, payments, reminders, secrets, couponHolds, studentDocuments, credentials, invoices }
}

/** One job of the run: what it answers, or null (logged) when it failed. */
async function guarded<T>(
  ctx: ReturnType<typeof createAppContext>,
  kind: string,
  job: () => Promise<T>,
): Promise<T | null> {
  try {
    return await job()
  } catch (error) {
    console.error(JSON.stringify({ level: 'error', requestId: ctx.requestId, kind, error: String(error) }))
    return null
  }
}

/** After the outbox ran: no secret left readable in what it is done with (issue 28, item 7). */
const sweep = (ctx: ReturnType<typeof createAppContext>): Promise<SecretsSweep | null> =>
  guarded(ctx, 'secrets_sweep_failed', () => sweepSecrets(ctx))

const reconcile = (ctx: ReturnType<typeof createAppContext>): Promise<ReconciliationResult | null> =>
  guarded(ctx, 'payments_reconciliation_failed', () => reconcilePayments({ ctx }))
