import { publicOrigin } from '../../config.ts'
import type { AppContext } from '../../context.ts'
import { UNSUBSCRIBE_PATH } from '../../contract/reminders.ts'
import { INSTITUTE } from '../../domain/institute.ts'
import { suppressStatement } from '../email/suppressions.ts'
import { hmacKey } from '../hash.ts'

const encoder = new TextEncoder()

function base64url(bytes: ArrayBuffer): string {
  let text = ''
  for (const byte of new Uint8Array(bytes)) text += String.fromCharCode(byte)
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

/** HMAC-SHA256 over the address, keyed by APP_SECRET with a purpose of its own. */
async function signature(ctx: AppContext, email: string): Promise<string> {
  const key = await hmacKey(`lembretes:descadastro:${ctx.env.APP_SECRET}`)
  return base64url(await crypto.subtle.sign('HMAC', key, encoder.encode(email.toLowerCase())))
}

/** The address's signed link, absolute (it travels in e-mails and headers). */
export async function unsubscribeUrl(ctx: AppContext, email: string): Promise<string> {
  const url = new URL(UNSUBSCRIBE_PATH, `${publicOrigin(ctx.env)}/`)
  url.searchParams.set('email', email)
  url.searchParams.set('token', await signature(ctx, email))
  return url.toString()
}

/** RFC 8058's headers of a reminder: the https link (one click) and a mailto for older clients. */
export async function unsubscribeHeaders(ctx: AppContext, email: string): Promise<Record<string, string>> {
  const mailto = `mailto:${INSTITUTE.emails.contact}?subject=${encodeURIComponent('Descadastrar lembretes')}`
  return {
    'List-Unsubscribe': `<${await unsubscribeUrl(ctx, email)}>, <${mailto}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  }
}

/** Whether the token is the address's own, compared in constant time. */
export async function isSignedFor(ctx: AppContext, email: string, token: string): Promise<boolean> {
  const expected = encoder.encode(await signature(ctx, email))
  const given = encoder.encode(token)
  if (expected.length !== given.length) return false
  let difference = 0
  for (let index = 0; index < expected.length; index += 1) difference |= expected[index]! ^ given[index]!
  return difference === 0
}

/** POST with a valid link: the address is suppressed. A forged or altered link changes nothing. */
export async function unsubscribe(ctx: AppContext, email: string, token: string): Promise<boolean> {
  if (!(await isSignedFor(ctx, email, token))) return false
  await ctx.db.run(suppressStatement(ctx, email, 'unsubscribed'))
  return true
}
