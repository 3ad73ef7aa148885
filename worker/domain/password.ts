import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto'

// The password rule: how a password is hashed and checked (a pure computation, no I/O); the seed,
// the accounts service and the benchmark share it.

// scrypt at OWASP's N=2^14, r=8, p=5 (16 MiB): memory-hard and within a Worker's 128 MB,
// where N=2^17 would not fit. Parameters are stored with each hash so they can be raised.
const DEFAULT = { N: 2 ** 14, r: 8, p: 5, keyLength: 32 } as const
type Params = { N: number; r: number; p: number; keyLength: number }

/** How many key derivations ran: lets tests prove a throttled login hashed nothing. */
export const hashingStats = { derivations: 0 }

function derive(password: string, salt: Buffer, params: Params): Promise<Buffer> {
  hashingStats.derivations += 1
  return new Promise((resolve, reject) => {
    scrypt(
      password.normalize('NFKC'),
      salt,
      params.keyLength,
      { N: params.N, r: params.r, p: params.p, maxmem: 128 * params.N * params.r * params.p + 1024 * 1024 },
      (error, key) => (error ? reject(error) : resolve(key)),
    )
  })
}

/** Format: scrypt$N$r$p$<salt base64>$<key base64>. */
export async function hashPassword(password: string, params: Params = DEFAULT): Promise<string> {
  const salt = randomBytes(16)
  const key = await derive(password, salt, params)
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64'), key.toString('base64')].join('$')
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltText, keyText] = stored.split('$')
  if (scheme !== 'scrypt' || !n || !r || !p || !saltText || !keyText) return false
  const expected = Buffer.from(keyText, 'base64')
  const params = { N: Number(n), r: Number(r), p: Number(p), keyLength: expected.length }
  const actual = await derive(password, Buffer.from(saltText, 'base64'), params)
  return actual.length === expected.length && timingSafeEqual(actual, expected)
}

/** True when a stored hash uses weaker parameters than today's, so it is re-hashed at login. */
export function needsRehash(stored: string): boolean {
  const [, n, r, p] = stored.split('$')
  return Number(n) < DEFAULT.N || Number(r) < DEFAULT.r || Number(p) < DEFAULT.p
}
