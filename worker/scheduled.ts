import { createAppContext } from './context.ts'
import type { Env } from './env.ts'
import { drainOutbox } from './services/email/outbox.ts'

/** The Cron Triggers of wrangler.toml (`[triggers] crons`); each run does every job below. */
export const OUTBOX_CRON = '*/5 * * * *'

/**
 * A scheduled run (Cron Trigger, or `npm run cron` locally): sends what the outbox still owes.
 * Its clock is the run's scheduled time, so a test can run it "later" without waiting.
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
  const outbox = await drainOutbox(ctx)
  console.log(JSON.stringify({ level: 'info', kind: 'scheduled', cron: controller.cron, outbox }))
  return { outbox }
}
