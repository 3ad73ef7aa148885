/** The e-mail port (DESIGN 8). Every message is first stored in the outbox table. */
export type EmailMessage = { to: string; subject: string; html: string; text: string }

export type EmailSender = {
  /** Delivers one message; throws on failure so the outbox can record it. */
  send(message: EmailMessage): Promise<void>
}

/**
 * Local default: the outbox row is the delivery, read on the development mailbox page.
 * A production sender (an e-mail API or Cloudflare's send_email binding) plugs in here.
 */
export const outboxOnlySender: EmailSender = {
  async send() {},
}

/** An e-mail API speaking Resend's `POST /emails` (Bearer key; JSON from, to, subject, html, text). */
export function httpEmailSender(
  config: { apiKey: string; from: string; endpoint?: string },
  fetcher: typeof fetch = fetch,
): EmailSender {
  return {
    async send(message) {
      const response = await fetcher(config.endpoint ?? 'https://api.resend.com/emails', {
        method: 'POST',
        headers: { Authorization: `Bearer ${config.apiKey}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          from: config.from,
          to: [message.to],
          subject: message.subject,
          html: message.html,
          text: message.text,
        }),
      })
      if (!response.ok)
        throw new Error(`e-mail API answered ${response.status}: ${(await response.text()).slice(0, 200)}`)
    },
  }
}
