import { createAppContext } from './context.ts'
import type { Env } from './env.ts'
import { type ReconciliationResult, reconcilePayments } from './services/checkout/reconcile.ts'
import { drainOutbox } from './services/email/outbox.ts'
import { type SecretsSweep, sweepSecrets } from './services/email/secrets.ts'

/** The Cron Triggers of wrangler.toml (`[triggers] crons`). */
export const OUTBOX_CRON = '*/5 * * * *'
/** Every 15 minutes the payments are reconciled with Pagar.me (what a webhook missed). */
export const PAYMENTS_CRON = '*/15 * * * *'

/**
 * A scheduled run (Cron Trigger, or `npm run cron` locally): sends what the outbox still owes,
 * sweeps the secrets it is done with (./services/email/secrets.ts) and, under PAYMENTS_CRON,
 * reconciles the payments. Its clock is the run's scheduled time, so a test can run it "later"
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
  const outbox = await drainOutbox(ctx)
  const secrets = await sweep(ctx)
  console.log(
    JSON.stringify({ level: 'info', kind: 'scheduled', cron: controller.cron, outbox, payments, secrets }),
  )
  return { outbox, payments, secrets }
}

/** After the outbox ran: no secret left readable in what it is done with (issue 28, item 7). */
async function sweep(ctx: ReturnType<typeof createAppContext>): Promise<SecretsSweep | null> {
  try {
    return await sweepSecrets(ctx)
  } catch (error) {
    console.error(
      JSON.stringify({
        level: 'error',
        requestId: ctx.requestId,
        kind: 'secrets_sweep_failed',
        error: String(error),
      }),
    )
    return null
  }
}

async function reconcile(ctx: ReturnType<typeof createAppContext>): Promise<ReconciliationResult | null> {
  try {
    return await reconcilePayments({ ctx })
  } catch (error) {
    console.error(
      JSON.stringify({
        level: 'error',
        requestId: ctx.requestId,
        kind: 'payments_reconciliation_failed',
        error: String(error),
      }),
    )
    return null
  }
}
