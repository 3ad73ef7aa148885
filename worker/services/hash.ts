import { timingSafeEqual } from 'node:crypto'

/** The SHA-256 of a text, in hexadecimal (stored token hashes, cache keys of typed text). */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('')
}

const sha256 = async (text: string) =>
  new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)))

/**
 * Whether a header a caller sent equals the configured secret, in constant time: equal-length
 * digests, so neither the content nor the length of the secret leaks through timing.
 */
export async function secretEquals(given: string | undefined, expected: string): Promise<boolean> {
  const [a, b] = await Promise.all([sha256(given ?? ''), sha256(expected)])
  return timingSafeEqual(a, b)
}

// HMAC-SHA256 keys by their secret, imported once per isolate (an import at every request showed
// in the conference heartbeat's bench).
const hmacKeys = new Map<string, Promise<CryptoKey>>()

/** The HMAC-SHA256 key of `secret` (sign and verify), imported once per isolate. */
export function hmacKey(secret: string): Promise<CryptoKey> {
  let key = hmacKeys.get(secret)
  if (!key) {
    key = crypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    )
    // A failed import is not kept: the next call tries again.
    key.catch(() => hmacKeys.delete(secret))
    hmacKeys.set(secret, key)
  }
  return key
}

/**
 * What APP_SECRET signs, one key each (issue 40): a token of one purpose never verifies as another's.
 * The labels are part of the keys: renaming one ends the tokens signed under it.
 */
export const KEY_PURPOSES = {
  download: 'renalis:download-link:v1',
  studentDocument: 'renalis:student-document-link:v1',
  presence: 'renalis:presence-ticket:v1',
  oauthState: 'renalis:oauth-state:v1',
} as const
export type KeyPurpose = keyof typeof KEY_PURPOSES

const purposeKeys = new Map<string, Promise<CryptoKey>>()
const utf8 = (text: string) => new TextEncoder().encode(text)

/**
 * The HMAC-SHA256 key of one purpose, derived from `secret` by HKDF-SHA256 with the purpose's label
 * as its info (RFC 5869), imported once per isolate.
 */
export function purposeKey(secret: string, purpose: KeyPurpose): Promise<CryptoKey> {
  const cacheKey = `${purpose}\u0000${secret}`
  let key = purposeKeys.get(cacheKey)
  if (!key) {
    key = crypto.subtle.importKey('raw', utf8(secret), 'HKDF', false, ['deriveKey']).then((base) =>
      crypto.subtle.deriveKey(
        {
          name: 'HKDF',
          hash: 'SHA-256',
          salt: utf8('instituto-renalis'),
          info: utf8(KEY_PURPOSES[purpose]),
        },
        base,
        { name: 'HMAC', hash: 'SHA-256', length: 256 },
        false,
        ['sign', 'verify'],
      ),
    )
    key.catch(() => purposeKeys.delete(cacheKey))
    purposeKeys.set(cacheKey, key)
  }
  return key
}
