import { type JWTPayload, jwtVerify, SignJWT } from 'jose'
import type { AppContext } from '../context.ts'
import { type KeyPurpose, purposeKey } from './hash.ts'

// The site's own short-lived signed tokens (a download link, a student's document link, a presence
// ticket): a JWS (jose, HS256) under its purpose's key derived from APP_SECRET, for one subject and
// one audience, dated by the request's clock.

/** A date in whole seconds since the epoch, as a JWT's `iat` and `exp` count. */
export const unixSeconds = (date: Date) => Math.floor(date.getTime() / 1000)

/** A token carrying `claims` for `subject` and `audience`, issued now and valid until `expires` (unix seconds). */
export async function signToken(
  ctx: AppContext,
  purpose: KeyPurpose,
  {
    claims,
    subject,
    audience,
    expires,
  }: { claims: JWTPayload; subject: number; audience: string; expires: number },
): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(subject))
    .setAudience(audience)
    .setIssuedAt(unixSeconds(ctx.now))
    .setExpirationTime(expires)
    .sign(await purposeKey(ctx.env.APP_SECRET, purpose))
}

/**
 * The claims of a token `signToken` made for `audience`, valid now; jose's error otherwise (a
 * forged or foreign token, or `ERR_JWT_EXPIRED`).
 */
export async function verifiedClaims<Claims extends object>(
  ctx: AppContext,
  purpose: KeyPurpose,
  token: string,
  audience: string,
): Promise<Claims & JWTPayload> {
  const { payload } = await jwtVerify<Claims>(token, await purposeKey(ctx.env.APP_SECRET, purpose), {
    audience,
    algorithms: ['HS256'],
    currentDate: ctx.now,
  })
  return payload
}
