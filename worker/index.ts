import { app } from './app.ts'
import type { Env } from './env.ts'

export { ConferenceClock } from './durable/conference-clock.ts'

export default {
  fetch: app.fetch,
} satisfies ExportedHandler<Env>
