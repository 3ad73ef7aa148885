import { html } from 'hono/html'
import type { EmailMessage } from '../../adapters/email.ts'
import { INSTITUTE } from '../../domain/institute.ts'

type Html = ReturnType<typeof html>

/**
 * A message for the outbox. `secret`: it carries a single-use link or code (a password link, a
 * confirmation link, a code), so once it is sent, expires or fails, production keeps no copy of
 * its content (./secrets.ts).
 */
export type OutboxMessage = EmailMessage & { secret?: boolean }

/**
 * An e-mail built from Hono's `html` template: every value interpolated into it is escaped, so a
 * name or a message a person typed can never become markup. Nested `html` pieces stay markup.
 * `secret: true` for a message with a single-use link or code.
 */
export async function emailMessage({
  to,
  subject,
  text,
  body,
  secret,
}: {
  to: string
  subject: string
  text: string
  body: Html
  secret?: boolean
}): Promise<OutboxMessage> {
  const page = html`<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><title>${subject}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#12343b;line-height:1.5">
${body}
<p>${INSTITUTE.fullName}<br>${INSTITUTE.phones.education.label}: ${INSTITUTE.phones.education.number}</p>
</body></html>`
  return { to, subject, text, html: (await page).toString(), ...(secret ? { secret: true } : {}) }
}

/** An amount in centavos as an e-mail writes it: 'R$ 1.234,56'. */
export const brl = (cents: number) =>
  (cents / 100).toLocaleString('pt-BR', { style: 'currency', currency: 'BRL' })

/** The first word of a person's name, for a greeting. */
export const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? ''

type Link = { href: string; label: string }

/** `options.secret`: a link is single-use (a first password), so the sent message is blanked. */
/** A notice of paragraphs and links, signed by the institute. */
export function message(
  to: string,
  subject: string,
  paragraphs: string[],
  link: Link | Link[],
  options: { secret?: boolean } = {},
): Promise<OutboxMessage> {
  const links = Array.isArray(link) ? link : [link]
  const sign = `${INSTITUTE.fullName}\n${INSTITUTE.phones.education.label}: ${INSTITUTE.phones.education.number}`
  return emailMessage({
    to,
    subject,
    text: [...paragraphs, ...links.map((item) => `${item.label}: ${item.href}`), sign].join('\n\n'),
    body: html`${paragraphs.map((paragraph) => html`<p>${paragraph}</p>`)}
${links.map((item) => html`<p><a href="${item.href}">${item.label}</a></p>`)}`,
    ...(options.secret ? { secret: true } : {}),
  })
}
