import { generateKeyPairSync, randomBytes } from 'node:crypto'

/**
 * A new private JWK that signs certificates' credentials (ES256, P-256), with a random `kid`:
 * what CERTIFICATE_SIGNING_KEYS holds (a JSON array, first = the one that signs). `npm start`
 * writes one into .dev.vars when it has none; the test stacks make one per run.
 */
export function newCertificateSigningKey(): Record<string, string> {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  const jwk = privateKey.export({ format: 'jwk' }) as Record<string, string>
  return {
    ...jwk,
    kid: `renalis-${new Date().toISOString().slice(0, 10)}-${randomBytes(4).toString('hex')}`,
    alg: 'ES256',
  }
}

/** CERTIFICATE_SIGNING_KEYS's value for `count` new keys. */
export function newCertificateSigningKeys(count = 1): string {
  return JSON.stringify(Array.from({ length: count }, newCertificateSigningKey))
}
