// The only importer of arctic (DESIGN 7: deprecated upstream at 3.7.0, so it stays in one file).
import { createHash } from 'node:crypto'
import {
  ArcticFetchError,
  decodeIdToken,
  Google,
  generateCodeVerifier,
  generateState,
  UnexpectedResponseError,
} from 'arctic'
import { DependencyUnavailableError } from '../errors.ts'
import { DEADLINES_MS, fetchWithDeadline, withDeadline } from './deadline.ts'

/**
 * The Facebook Graph API version, in one place: the login dialog, the token exchange and the
 * profile read all use it (arctic's Facebook class is pinned to v16.0, expired in May 2025, so
 * Facebook's three plain OAuth calls are made here).
 * v26.0 was released on 2026-07-29; move it on when Meta announces the next one.
 */
export const FACEBOOK_GRAPH_VERSION = 'v26.0'
const FACEBOOK_DIALOG = `https://www.facebook.com/${FACEBOOK_GRAPH_VERSION}/dialog/oauth`
const FACEBOOK_GRAPH = `https://graph.facebook.com/${FACEBOOK_GRAPH_VERSION}`

import type { SocialProvider } from '../domain/social.ts'

export type { SocialProvider }

/** What a provider tells us about the person, after the code exchange. */
export type SocialProfile = {
  provider: SocialProvider
  providerUserId: string
  email: string | null
  /** Only a verified e-mail may link to an existing account. */
  emailVerified: boolean
  name: string
}

export type OAuthClient = {
  /** Whether the provider takes PKCE (Google does, Facebook does not). */
  usesPkce: boolean
  authorizationUrl(state: string, codeVerifier: string): URL
  exchange(code: string, codeVerifier: string): Promise<SocialProfile>
}

export type OAuthConfig = {
  origin: string
  googleClientId?: string | undefined
  googleClientSecret?: string | undefined
  facebookClientId?: string | undefined
  facebookClientSecret?: string | undefined
  /** Off production, an unconfigured provider is played by the local sandbox. */
  allowSandbox: boolean
  /** The OAuth deadline (worker/adapters/deadline.ts), shortened in tests. */
  timeoutMs?: number | undefined
}

export const newOAuthState = () => ({ state: generateState(), codeVerifier: generateCodeVerifier() })

/**
 * A provider's token exchange under the OAuth deadline. arctic fetches on its own (no signal to
 * pass), so the wait is cut here; its network failures and 5xx answers count as an outage. The
 * code is single use: never retried.
 */
async function tokenExchange<T>(timeoutMs: number, exchange: () => Promise<T>): Promise<T> {
  try {
    return await withDeadline('oauth', timeoutMs, exchange)
  } catch (error) {
    if (error instanceof ArcticFetchError) {
      throw new DependencyUnavailableError('oauth', 'unreachable', error.message)
    }
    if (error instanceof UnexpectedResponseError && error.status >= 500) {
      throw new DependencyUnavailableError('oauth', 'error_status', `HTTP ${error.status}`)
    }
    throw error
  }
}

export function oauthClient(provider: SocialProvider, config: OAuthConfig): OAuthClient | null {
  const redirect = `${config.origin}/oauth/${provider}/callback`
  const timeoutMs = config.timeoutMs ?? DEADLINES_MS.oauth
  if (provider === 'google' && config.googleClientId && config.googleClientSecret) {
    const google = new Google(config.googleClientId, config.googleClientSecret, redirect)
    return {
      usesPkce: true,
      authorizationUrl: (state, verifier) =>
        google.createAuthorizationURL(state, verifier, ['openid', 'email', 'profile']),
      async exchange(code, verifier) {
        const tokens = await tokenExchange(timeoutMs, () => google.validateAuthorizationCode(code, verifier))
        // The ID token comes straight from Google's token endpoint over TLS: its claims are trusted.
        const claims = decodeIdToken(tokens.idToken()) as {
          sub: string
          email?: string
          email_verified?: boolean
          name?: string
        }
        return {
          provider: 'google',
          providerUserId: claims.sub,
          email: claims.email?.toLowerCase() ?? null,
          emailVerified: claims.email_verified === true,
          name: claims.name ?? claims.email ?? 'Usuário Google',
        }
      },
    }
  }
  if (provider === 'facebook' && config.facebookClientId && config.facebookClientSecret) {
    const clientId = config.facebookClientId
    const clientSecret = config.facebookClientSecret
    return {
      usesPkce: false,
      authorizationUrl: (state) => {
        const url = new URL(FACEBOOK_DIALOG)
        url.searchParams.set('response_type', 'code')
        url.searchParams.set('client_id', clientId)
        url.searchParams.set('state', state)
        url.searchParams.set('scope', 'email public_profile')
        url.searchParams.set('redirect_uri', redirect)
        return url
      },
      async exchange(code) {
        // The code is single use: the exchange is never retried.
        const token = await fetchWithDeadline(
          'oauth',
          `${FACEBOOK_GRAPH}/oauth/access_token`,
          {
            method: 'POST',
            headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
            body: new URLSearchParams({
              grant_type: 'authorization_code',
              code,
              redirect_uri: redirect,
              client_id: clientId,
              client_secret: clientSecret,
            }).toString(),
          },
          { timeoutMs, retry: 'never' },
        )
        if (!token.ok) throw new Error(`Facebook respondeu ${token.status} à troca do código`)
        const { access_token: accessToken } = (await token.json()) as { access_token?: string }
        if (!accessToken) throw new Error('Facebook não devolveu o access_token')
        const url = new URL(`${FACEBOOK_GRAPH}/me`)
        url.searchParams.set('fields', 'id,name,email')
        url.searchParams.set('access_token', accessToken)
        // A read: one more attempt is safe when the first could not connect.
        const response = await fetchWithDeadline('oauth', url, {}, { timeoutMs, retry: 'idempotent' })
        if (!response.ok) throw new Error(`Facebook respondeu ${response.status}`)
        const me = (await response.json()) as { id: string; name?: string; email?: string }
        // Facebook does not say the e-mail was verified: it never links to an existing account.
        return {
          provider: 'facebook',
          providerUserId: me.id,
          email: me.email?.toLowerCase() ?? null,
          emailVerified: false,
          name: me.name ?? 'Usuário Facebook',
        }
      },
    }
  }
  if (config.allowSandbox) return sandboxClient(provider, config.origin)
  return null
}

// ── Local sandbox provider: the same popup flow with no outside service ─────────────────────

type SandboxGrant = { profile: SocialProfile; codeChallenge: string; expiresAt: number }

/** PKCE S256 (RFC 7636): the challenge is base64url(SHA-256(verifier)). */
const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url')
// One isolate serves `wrangler dev` and the tests: memory is enough for a local stand-in.
const sandboxGrants = new Map<string, SandboxGrant>()

function sandboxClient(provider: SocialProvider, origin: string): OAuthClient {
  return {
    usesPkce: true,
    authorizationUrl(state, verifier) {
      const url = new URL('/oauth/sandbox/authorize', origin)
      url.searchParams.set('provider', provider)
      url.searchParams.set('state', state)
      url.searchParams.set('code_challenge', s256(verifier))
      url.searchParams.set('code_challenge_method', 'S256')
      return url
    },
    async exchange(code, verifier) {
      const grant = sandboxGrants.get(code)
      sandboxGrants.delete(code) // codes are single use, as a real provider's
      if (!grant || grant.expiresAt < Date.now() || grant.codeChallenge !== s256(verifier)) {
        throw new Error('Código de autorização inválido ou já usado.')
      }
      return grant.profile
    },
  }
}

/**
 * The sandbox's consent step: the person typed a name and an e-mail; answers a one-time code. It
 * plays the provider it stands for: Google asserts the e-mail verified, Facebook does not.
 */
export function sandboxGrant(input: {
  provider: SocialProvider
  name: string
  email: string
  codeChallenge: string
}): string {
  const code = generateState()
  sandboxGrants.set(code, {
    profile: {
      // Linked as the provider it stands for; its ids (`sandbox:…`) never meet a real provider's.
      provider: input.provider,
      providerUserId: `sandbox:${input.provider}:${input.email.toLowerCase()}`,
      email: input.email.toLowerCase(),
      emailVerified: input.provider === 'google',
      name: input.name,
    },
    codeChallenge: input.codeChallenge,
    expiresAt: Date.now() + 5 * 60_000,
  })
  return code
}
