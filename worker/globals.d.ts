// Types `env` and `exports` of 'cloudflare:workers' for this project (what `wrangler types` would generate).
import type { Env as AppEnv } from './env.ts'

declare global {
  namespace Cloudflare {
    interface Env extends AppEnv {}
    interface GlobalProps {
      mainModule: typeof import('./index.ts')
      durableNamespaces: 'ConferenceClock' | 'LoginLimiter' | 'RateLimiter'
    }
  }
}
