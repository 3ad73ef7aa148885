/**
 * Each certificate is also an Open Badges 3.0 credential (the W3C Verifiable Credentials data
 * model 2.0) in its JWT form (VC-JOSE-COSE: the payload is the credential, header `typ`
 * 'vc+jwt', `alg` ES256, `kid` naming the key of /.well-known/jwks.json that verifies it).
 */
import { importJWK, type JWK, SignJWT } from 'jose'
import type { certificates } from '../../../db/schema.ts'
import { publicOrigin, signingKeys } from '../../config.ts'
import { hoursLabel } from '../../domain/certificate-text.ts'
import { CERTIFICATE_KIND } from '../../domain/certificates.ts'
import { INSTITUTE } from '../../domain/institute.ts'
import type { Env } from '../../env.ts'
import { AppError } from '../../errors.ts'

export const CREDENTIAL_ALG = 'ES256'
export const CREDENTIAL_TYP = 'vc+jwt'
export const OPEN_BADGES_CONTEXT = [
  'https://www.w3.org/ns/credentials/v2',
  'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json',
] as const

const PUBLIC_MEMBERS = ['kty', 'crv', 'x', 'y', 'kid'] as const

/** The public halves of every configured key: the JWKS that verifies every credential issued. */
export function publicKeySet(env: Pick<Env, 'CERTIFICATE_SIGNING_KEYS'>): { keys: JWK[] } {
  return {
    keys: signingKeys(env).map((key) => {
      const pub: JWK = { use: 'sig', alg: CREDENTIAL_ALG }
      for (const member of PUBLIC_MEMBERS) if (key[member] !== undefined) pub[member] = key[member] as string
      return pub
    }),
  }
}

type CredentialFacts = Pick<
  typeof certificates.$inferSelect,
  'code' | 'kind' | 'holderName' | 'title' | 'minutes' | 'startedOn' | 'completedOn' | 'body' | 'issuedAt'
>

/** The verification address of a code, also the credential's id. */
export function verificationUrl(env: Pick<Env, 'PUBLIC_ORIGIN'>, code: string): string {
  return `${publicOrigin(env)}/certificados/${code}`
}

/** The Open Badges 3.0 credential of a certificate (unsigned). */
export function openBadgeCredential(env: Pick<Env, 'PUBLIC_ORIGIN'>, facts: CredentialFacts) {
  const origin = publicOrigin(env)
  const id = verificationUrl(env, facts.code)
  return {
    '@context': [...OPEN_BADGES_CONTEXT],
    id,
    type: ['VerifiableCredential', 'OpenBadgeCredential'],
    name: `${CERTIFICATE_KIND.labels[facts.kind]}: ${facts.title}`,
    issuer: { id: origin, type: ['Profile'], name: INSTITUTE.fullName, url: origin },
    validFrom: facts.issuedAt.toISOString(),
    credentialSubject: {
      type: ['AchievementSubject'],
      identifier: [
        { type: 'IdentityObject', identityType: 'name', hashed: false, identityHash: facts.holderName ?? '' },
      ],
      achievement: {
        id: `${id}#conquista`,
        type: ['Achievement'],
        achievementType: 'Certificate',
        name: facts.title,
        description: facts.body,
        criteria: { narrative: facts.body },
        creditsAvailable: Math.round((facts.minutes / 60) * 100) / 100,
        fieldOfStudy: 'Nefrologia',
      },
      result: [],
      activityStartDate: facts.startedOn ?? undefined,
      activityEndDate: facts.completedOn,
      hours: hoursLabel(facts.minutes),
    },
  }
}

/** The credential signed with the first configured key (a JWT). */
export async function signCredential(
  env: Pick<Env, 'PUBLIC_ORIGIN' | 'CERTIFICATE_SIGNING_KEYS'>,
  facts: CredentialFacts,
): Promise<string> {
  const [key] = signingKeys(env)
  if (!key) throw new AppError('UNAVAILABLE', 'A assinatura de certificados não está configurada.')
  const credential = openBadgeCredential(env, facts)
  const privateKey = await importJWK(key, CREDENTIAL_ALG)
  const issuedAt = Math.floor(facts.issuedAt.getTime() / 1000)
  return new SignJWT({ ...credential })
    .setProtectedHeader({ alg: CREDENTIAL_ALG, kid: key.kid, typ: CREDENTIAL_TYP, cty: 'vc' })
    .setIssuer(credential.issuer.id)
    .setJti(credential.id)
    .setIssuedAt(issuedAt)
    .setNotBefore(issuedAt)
    .sign(privateKey)
}
