/**
 * Pagar.me's signed webhooks (issue 30, item 6). Read in Pagar.me's own plugin
 * (pagarme/ecommerce-module-core, src/Webhook/Services/WebhookValidatorService.php, which the
 * Magento 2 and WooCommerce modules call): every webhook carries
 *
 *   X-Webhook-Asymmetric-Signature: alg=RS256; kid=<key id>; signature=<base64url>
 *
 * where the signature is RSASSA-PKCS1-v1_5 with SHA-256 over the raw request body, exactly as
 * sent (not a JWS: no protected header is signed), and the public keys are a JWKS published at
 * https://hubapi.pagar.me/.well-known/jwks.json, each named by its `kid` (a rotation publishes a
 * new kid). jose picks and imports the key of the set (createLocalJWKSet: kid, kty RSA, use sig,
 * alg RS256); WebCrypto checks the signature over the body's bytes.
 *
 * The key set is cached in the isolate for KEY_SET_MAX_AGE_MS. A kid the cached set lacks
 * fetches the set again (a rotation), but a fetch that brings nothing new starts a cooldown in
 * which unknown kids are refused without asking: a flood of made-up kids costs the provider one
 * request per KID_REFETCH_COOLDOWN_MS. Every fetch has the payments deadline; one that fails
 * throws DependencyUnavailableError (the webhook answers 503 and Pagar.me sends it again).
 */
import { createLocalJWKSet, errors, type JSONWebKeySet } from 'jose'
import { DependencyUnavailableError } from '../../errors.ts'
import { fetchWithDeadline } from '../deadline.ts'

/** The header Pagar.me signs its webhooks in. */
export const WEBHOOK_SIGNATURE_HEADER = 'X-Webhook-Asymmetric-Signature'
/** Where Pagar.me publishes its webhook keys (the plugin's constant). */
export const PAGARME_WEBHOOK_JWKS_URL = 'https://hubapi.pagar.me/.well-known/jwks.json'
/** The one algorithm Pagar.me signs with. */
export const WEBHOOK_SIGNATURE_ALG = 'RS256'

/** A cached set older than this is fetched again before it is trusted (a key Pagar.me withdrew stops working). */
export const KEY_SET_MAX_AGE_MS = 60 * 60_000
/** After a refetch for an unknown kid found no new key, other unknown kids wait this long. */
export const KID_REFETCH_COOLDOWN_MS = 30_000

export type SignatureHeader = { alg: string; kid: string; signature: Uint8Array<ArrayBuffer> }

/** `alg=…; kid=…; signature=…` (any order, spaces around `;` ignored), or null when a part is missing or malformed. */
export function parseSignatureHeader(value: string | undefined): SignatureHeader | null {
  if (!value || value.length > 4096) return null
  const parts = new Map<string, string>()
  for (const part of value.split(';')) {
    const at = part.indexOf('=')
    if (at > 0) parts.set(part.slice(0, at).trim().toLowerCase(), part.slice(at + 1).trim())
  }
  const alg = parts.get('alg')
  const kid = parts.get('kid')
  const signature = decodeBase64(parts.get('signature') ?? '')
  if (!alg || !kid || !signature?.length) return null
  return { alg, kid, signature }
}

/** base64url as Pagar.me sends it; plain base64 is read too, as the plugin's decoder does. */
function decodeBase64(text: string): Uint8Array<ArrayBuffer> | null {
  const standard = text.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '')
  if (!/^[A-Za-z0-9+/]+$/.test(standard) || standard.length % 4 === 1) return null
  const binary = atob(standard + '='.repeat((4 - (standard.length % 4)) % 4))
  return Uint8Array.from(binary, (char) => char.charCodeAt(0))
}

export type SignatureVerdict = 'valid' | 'invalid' | 'unknown_key'

type CachedSet = {
  keys: JSONWebKeySet
  /** jose's picker over `keys` (it imports each key once). */
  pick: ReturnType<typeof createLocalJWKSet>
  fetchedAt: number
  /** Until when an unknown kid is refused without fetching the set again. */
  coolUntil: number
}

/** One cache per key-set address, per isolate. */
const cache = new Map<string, CachedSet>()
const inFlight = new Map<string, Promise<CachedSet>>()

export type WebhookKeys = {
  /** Whether `signature` is the provider's over `body`; throws DependencyUnavailableError when the keys cannot be read. */
  verify(body: Uint8Array<ArrayBuffer>, header: SignatureHeader): Promise<SignatureVerdict>
}

export function pagarmeWebhookKeys(
  config: { url: string; timeoutMs: number; now?: () => number },
  fetcher?: typeof fetch,
): WebhookKeys {
  const now = config.now ?? Date.now

  async function download(): Promise<JSONWebKeySet> {
    const response = await fetchWithDeadline(
      'payments',
      config.url,
      { method: 'GET', headers: { Accept: 'application/json' } },
      { timeoutMs: config.timeoutMs, retry: 'idempotent', ...(fetcher ? { fetcher } : {}) },
    )
    const body = (await response.json().catch(() => null)) as { keys?: unknown } | null
    if (!response.ok || !body || !Array.isArray(body.keys)) {
      throw new DependencyUnavailableError(
        'payments',
        'error_status',
        `webhook keys: HTTP ${response.status}${response.ok ? ', not a key set' : ''}`,
      )
    }
    return { keys: body.keys.filter((key) => typeof key === 'object' && key !== null) } as JSONWebKeySet
  }

  /**
   * Fetches the set (concurrent callers share one request) and keeps it. A refetch for an
   * unknown kid that brings no new kid starts the cooldown.
   */
  function refresh(previous: CachedSet | undefined, forUnknownKid: boolean): Promise<CachedSet> {
    let running = inFlight.get(config.url)
    if (!running) {
      running = download()
        .then((keys) => {
          const kids = (set: JSONWebKeySet) => new Set(set.keys.map((key) => key.kid ?? ''))
          const before = previous ? kids(previous.keys) : new Set<string>()
          const nothingNew = [...kids(keys)].every((kid) => before.has(kid))
          const fresh: CachedSet = {
            keys,
            pick: createLocalJWKSet(keys),
            fetchedAt: now(),
            coolUntil: forUnknownKid && nothingNew ? now() + KID_REFETCH_COOLDOWN_MS : 0,
          }
          cache.set(config.url, fresh)
          return fresh
        })
        .finally(() => inFlight.delete(config.url))
      inFlight.set(config.url, running)
    }
    return running
  }

  async function keyFor(set: CachedSet, kid: string): Promise<CryptoKey | null> {
    try {
      const key = await set.pick({ alg: WEBHOOK_SIGNATURE_ALG, kid })
      return key as CryptoKey
    } catch (error) {
      if (error instanceof errors.JWKSNoMatchingKey || error instanceof errors.JWKSMultipleMatchingKeys) {
        return null
      }
      // A published key jose cannot import (malformed) verifies nothing.
      if (error instanceof errors.JOSEError) return null
      throw error
    }
  }

  return {
    async verify(body, header) {
      if (header.alg !== WEBHOOK_SIGNATURE_ALG) return 'invalid'
      let set = cache.get(config.url)
      if (!set || now() - set.fetchedAt > KEY_SET_MAX_AGE_MS) set = await refresh(set, false)
      let key = await keyFor(set, header.kid)
      if (!key && now() >= set.coolUntil) {
        // A kid we do not know: Pagar.me may have rotated its key since we read the set.
        set = await refresh(set, true)
        key = await keyFor(set, header.kid)
      }
      if (!key) return 'unknown_key'
      // A signature of the wrong length may throw rather than answer false: either way, not valid.
      const valid = await crypto.subtle
        .verify('RSASSA-PKCS1-v1_5', key, header.signature, body)
        .catch(() => false)
      return valid ? 'valid' : 'invalid'
    },
  }
}
