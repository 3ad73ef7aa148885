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
