import { app } from './app.ts'
import { configurationVerdict } from './config.ts'
import type { Env } from './env.ts'

export { ConferenceAttendance } from './durable/conference-attendance.ts'
export { ConferenceClock } from './durable/conference-clock.ts'
export { LinkClicks } from './durable/link-clicks.ts'
export { LiveRoom } from './durable/live-room.ts'
export { LoginLimiter } from './durable/login-limiter.ts'
export { RateLimiter } from './durable/rate-limiter.ts'

export default {
  fetch: app.fetch,
  async scheduled(controller, env, ctx) {
    // A deployment whose configuration fails the check runs no job either (the reason is logged).
    if (configurationVerdict(env).length) return
    // The jobs load on an isolate's first cron, not at its start: a visitor's cold start never
    // pays for them (issue 42).
    const { runScheduled } = await import('./scheduled.ts')
    await runScheduled(controller, env, ctx)
  },
} satisfies ExportedHandler<Env>
