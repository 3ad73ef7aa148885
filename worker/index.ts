import { app } from './app.ts'
import type { Env } from './env.ts'
import { paymentsReconciliationJob } from './jobs/payments.ts'

export { ConferenceClock } from './durable/conference-clock.ts'
export { LoginLimiter } from './durable/login-limiter.ts'

export default {
  fetch: app.fetch,
  // Cron Triggers (wrangler.toml): each job is its own function.
  scheduled(controller, env, ctx) {
    ctx.waitUntil(paymentsReconciliationJob(env, controller.scheduledTime))
  },
} satisfies ExportedHandler<Env>
