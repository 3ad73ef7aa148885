import type { ConferenceClock } from './durable/conference-clock.ts'
import type { LoginLimiter } from './durable/login-limiter.ts'

/** Bindings and configuration declared in wrangler.toml (vars) and set as secrets. */
export type Env = {
  ASSETS: Fetcher
  CARTS: KVNamespace
  TRANSLATIONS: KVNamespace
  CATALOG: KVNamespace
  FILES: R2Bucket
  CONFERENCE_CLOCK: DurableObjectNamespace<ConferenceClock>
  LOGIN_LIMITER: DurableObjectNamespace<LoginLimiter>
  /** 'local' under `npm start`, 'test' in the test suites; local-only tools check it. */
  APP_ENV: 'production' | 'local' | 'test'
  PUBLIC_ORIGIN: string
  PAYMENT_GATEWAY: 'sandbox' | 'pagarme'
  DATABASE_URL: string
  DATABASE_AUTH_TOKEN?: string
  /** Signs short-lived tokens (OAuth state). At least 32 characters; a secret in production. */
  APP_SECRET: string
  GOOGLE_CLIENT_ID?: string
  GOOGLE_CLIENT_SECRET?: string
  FACEBOOK_CLIENT_ID?: string
  FACEBOOK_CLIENT_SECRET?: string
}
