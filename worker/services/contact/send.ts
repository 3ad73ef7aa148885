import { html } from 'hono/html'
import { leads } from '../../../db/schema.ts'
import { forwardContactMessage } from '../../adapters/contact-forward.ts'
import { deadlineOf } from '../../adapters/deadline.ts'
import type { EmailMessage } from '../../adapters/email.ts'
import type { AppContext } from '../../context.ts'
import type { LeadTarget } from '../../domain/leads.ts'
import { deliverLater, queueEmail } from '../email/outbox.ts'
import { emailMessage } from '../email/templates.ts'

/** A message that passed the SPEC's checks, addressed to one of the institute's addresses. */
export type ContactMessage = {
  name: string
  email: string
  telefone: string
  descricao: string
  to: string
  target: LeadTarget
}

const ORIGIN_LABEL: Record<LeadTarget, string> = {
  contato: 'formulário da página de contato',
  chat: 'botão de contato (chat)',
}

/**
 * The e-mail to the institute, through the e-mail layout whose template escapes every value: the
 * visitor's words are text, never markup.
 */
export function contactEmail(message: ContactMessage): Promise<EmailMessage> {
  const origin = ORIGIN_LABEL[message.target]
  return emailMessage({
    to: message.to,
    subject: `Fale com a gente: ${message.name}`,
    body: html`<h1 style="font-size:1.25rem">Nova mensagem pelo site</h1>
<p>Recebida pelo ${origin}.</p>
<table cellpadding="6" style="border-collapse:collapse">
  <tr><th align="left">Nome</th><td>${message.name}</td></tr>
  <tr><th align="left">E-mail</th><td><a href="mailto:${message.email}">${message.email}</a></td></tr>
  <tr><th align="left">Telefone</th><td>${message.telefone}</td></tr>
</table>
<h2 style="font-size:1rem">Como podemos te ajudar?</h2>
<p style="white-space:pre-wrap">${message.descricao || '(sem mensagem)'}</p>
<p style="color:#475569">Responda diretamente para ${message.email}.</p>`,
    text: [
      `Nova mensagem pelo site (${origin}).`,
      '',
      `Nome: ${message.name}`,
      `E-mail: ${message.email}`,
      `Telefone: ${message.telefone}`,
      '',
      'Como podemos te ajudar?',
      message.descricao || '(sem mensagem)',
    ].join('\n'),
  })
}

/**
 * POST /contato/send: the lead is stored and the institute told, and the visitor answered at once
 * (delivery runs after the response). In the external mode the message goes to the institute's
 * `/api/sendMsg`; if that fails or times out it falls back to the outbox, so none is lost.
 */
export async function sendContactMessage({ ctx, message }: { ctx: AppContext; message: ContactMessage }) {
  const email = await contactEmail(message)
  const lead = ctx.db.insert(leads).values({
    name: message.name,
    email: message.email,
    phone: message.telefone,
    description: message.descricao,
    target: message.target,
    recipient: message.to,
  })
  const forwardUrl = ctx.env.CONTACT_FORWARD_URL
  if (!forwardUrl) {
    const [, queued] = await ctx.db.batch([lead, queueEmail(ctx, email)])
    deliverLater(ctx, queued[0]!.id)
    return
  }
  await lead
  const { target: _target, ...fields } = message
  ctx.waitUntil(
    forwardContactMessage({ url: forwardUrl, timeoutMs: deadlineOf(ctx.env, 'contact') }, fields).catch(
      async (error: unknown) => {
        console.warn(
          JSON.stringify({
            level: 'warn',
            requestId: ctx.requestId,
            kind: 'contact_forward_failed',
            error: (error as Error).message,
          }),
        )
        const [queued] = await queueEmail(ctx, email)
        deliverLater(ctx, queued!.id)
      },
    ),
  )
}
