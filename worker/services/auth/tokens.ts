import { sha256Hex } from '../hash.ts'

/** A random token for a cookie or link (256 bits), and the SHA-256 the database keeps instead. */
export function newToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32))
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')
}

export const hashToken = (token: string): Promise<string> => sha256Hex(token)
