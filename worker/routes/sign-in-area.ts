import { newApp } from '../openapi.ts'
import { authRoutes } from './auth.ts'
import { socialRoutes } from './social.ts'

/**
 * Signing in, up and out, the password's reset and change, the profile, and signing in with a
 * social network: built on the first request under their paths (worker/app.ts, AREAS), not at
 * startup — a visitor browsing the catalogue never needs them. Who the visitor is (every page
 * asks) stays at startup (routes/session.ts).
 */
export const signInAreaRoutes = newApp().route('/', authRoutes).route('/', socialRoutes)
