/**
 * Each certificate is also an Open Badges 3.0 credential in its JWT form, as OB 3.0's "JSON Web
 * Token Proof Format" writes it (decision 020): a JOSE header of `alg` (ES256) and `kid` only, the
 * `kid` an address that answers the public key; the payload the credential with `iss`, `jti`,
 * `sub` and `nbf` equal to its issuer, id, subject and `validFrom`. The status lists are signed
 * the same way.
 */
import { importJWK, type JWK, SignJWT } from 'jose'
import { publicOrigin, signingKeys } from '../../config.ts'
import { type CredentialFacts, openBadgeCredential, toSecondIso } from '../../domain/open-badge.ts'
import type { Env } from '../../env.ts'
import { AppError } from '../../errors.ts'

export const CREDENTIAL_ALG = 'ES256'
/** How a credential in its JWT form is served (VC-JOSE-COSE's media type). */
export const CREDENTIAL_MEDIA_TYPE = 'application/vc+jwt'

const PUBLIC_MEMBERS = ['kty', 'crv', 'x', 'y'] as const

type KeyEnv = Pick<Env, 'PUBLIC_ORIGIN' | 'CERTIFICATE_SIGNING_KEYS'>

/** The address that answers a key's public half: what a credential's header names as `kid`. */
export function signingKeyUrl(env: Pick<Env, 'PUBLIC_ORIGIN'>, kid: string): string {
  return `${publicOrigin(env)}/api/certificados/chaves/${encodeURIComponent(kid)}`
}

function publicHalf(key: JWK, kid: string): JWK {
  const pub: JWK = { kid, use: 'sig', alg: CREDENTIAL_ALG }
  for (const member of PUBLIC_MEMBERS) if (key[member] !== undefined) pub[member] = key[member] as string
  return pub
}

/** The public half of the configured key `kid` (its short name), under its address; undefined when none. */
export function publicKey(env: KeyEnv, kid: string): JWK | undefined {
  const key = signingKeys(env).find((candidate) => candidate.kid === kid)
  return key ? publicHalf(key, signingKeyUrl(env, kid)) : undefined
}

/**
 * Every configured key, by its address (what credentials name now) and by its short name (what
 * credentials signed before issue 39 name, and old verifiers look up here): never a private part.
 */
export function publicKeySet(env: KeyEnv): { keys: JWK[] } {
  const keys = signingKeys(env)
  return {
    keys: [
      ...keys.map((key) => publicHalf(key, signingKeyUrl(env, key.kid))),
      ...keys.map((key) => publicHalf(key, key.kid)),
    ],
  }
}

/** The verification address of a code, also the credential's id. */
export function verificationUrl(env: Pick<Env, 'PUBLIC_ORIGIN'>, code: string): string {
  return `${publicOrigin(env)}/certificados/${code}`
}

/** The stable address of status list `list`. */
export function statusListUrl(env: Pick<Env, 'PUBLIC_ORIGIN'>, list: number): string {
  return `${publicOrigin(env)}/api/certificados/situacao/${list}`
}

/**
 * A credential signed with the first configured key: its `iss`, `jti`, `sub` and `nbf` are its
 * issuer, id, subject and `validFrom` (OB 3.0, "JWT Payload Format").
 */
export async function signVerifiable(
  env: KeyEnv,
  credential: {
    id: string
    issuer: string | { id: string }
    validFrom: string
    credentialSubject: { id: string }
  },
): Promise<string> {
  const [key] = signingKeys(env)
  if (!key) throw new AppError('UNAVAILABLE', 'A assinatura de certificados não está configurada.')
  const privateKey = await importJWK(key, CREDENTIAL_ALG)
  return new SignJWT({ ...credential })
    .setProtectedHeader({ alg: CREDENTIAL_ALG, kid: signingKeyUrl(env, key.kid) })
    .setIssuer(typeof credential.issuer === 'string' ? credential.issuer : credential.issuer.id)
    .setJti(credential.id)
    .setSubject(credential.credentialSubject.id)
    .setNotBefore(Date.parse(credential.validFrom) / 1000)
    .sign(privateKey)
}

/** Where a certificate's credential points: its subject and its status list entry. */
export type CredentialSlot = { recipientId: string; statusList: number; statusIndex: number }

/** A certificate's Open Badges credential, signed now (`signedAt`, to the second). */
export function signCredential(
  env: KeyEnv,
  facts: CredentialFacts & { code: string },
  slot: CredentialSlot,
  signedAt: Date,
): Promise<string> {
  const credential = openBadgeCredential(facts, {
    issuer: publicOrigin(env),
    id: verificationUrl(env, facts.code),
    recipientId: slot.recipientId,
    signedAt: new Date(toSecondIso(signedAt)),
    status: { listUrl: statusListUrl(env, slot.statusList), index: slot.statusIndex },
  })
  return signVerifiable(env, credential)
}
