/** The SHA-256 of a text, in hexadecimal (stored token hashes, cache keys of typed text). */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('')
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
