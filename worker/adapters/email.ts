import { DEADLINES_MS, fetchWithDeadline } from './deadline.ts'

/** The e-mail port (DESIGN 8). Every message is first stored in the outbox table. */
export type EmailMessage = {
  to: string
  subject: string
  html: string
  text: string
  /** Extra headers (a reminder's List-Unsubscribe and List-Unsubscribe-Post, RFC 8058). */
  headers?: Record<string, string> | null
}

export type EmailSender = {
  /**
   * Delivers one message. `idempotencyKey` names the message: sent twice with the same key, the
   * API delivers it once. Throws on failure, so the outbox can record it and try again later.
   */
  send(message: EmailMessage, idempotencyKey: string): Promise<void>
}

/** The e-mail API turned the message down for good (a 4xx other than 408 and 429): no retry helps. */
export class EmailRejectedError extends Error {
  readonly status: number
  constructor(status: number, detail: string) {
    super(`e-mail API answered ${status}: ${detail}`)
    this.name = 'EmailRejectedError'
    this.status = status
  }

  /**
   * The API refused the message itself (Resend's 422: an address it will not deliver to), not our
   * key or our account (401, 403): the address is the problem, and mail to it would bounce again.
   */
  get addressRefused(): boolean {
    return this.status === 422
  }
}

/**
 * Local default: the outbox row is the delivery, read on the development mailbox page.
 * A production sender (an e-mail API or Cloudflare's send_email binding) plugs in here.
 */
export const outboxOnlySender: EmailSender = {
  async send() {},
}

/** Resend's endpoint, the default of `EMAIL_API_URL`. */
export const RESEND_API_URL = 'https://api.resend.com/emails'

/**
 * An e-mail API speaking Resend's `POST /emails` (Bearer key; JSON from, to, subject, html, text, headers;
 * `Idempotency-Key` honoured for 24 h). A timeout, a network failure or a 5xx throws
 * DependencyUnavailableError (worth trying again); a lasting refusal EmailRejectedError.
 */
export function httpEmailSender(
  config: { apiKey: string; from: string; endpoint?: string | undefined; timeoutMs?: number },
  fetcher: typeof fetch = fetch,
): EmailSender {
  return {
    async send(message, idempotencyKey) {
      const response = await fetchWithDeadline(
        'email',
        config.endpoint ?? RESEND_API_URL,
        {
          method: 'POST',
          headers: {
            Authorization: `Bearer ${config.apiKey}`,
            'Content-Type': 'application/json',
            'Idempotency-Key': idempotencyKey,
          },
          body: JSON.stringify({
            from: config.from,
            to: [message.to],
            subject: message.subject,
            html: message.html,
            text: message.text,
            ...(message.headers ? { headers: message.headers } : {}),
          }),
        },
        // The key makes a second attempt safe: at most one, within the same deadline.
        { timeoutMs: config.timeoutMs ?? DEADLINES_MS.email, retry: 'idempotent', fetcher },
      )
      if (response.ok) return
      const detail = (await response.text()).slice(0, 200)
      if (response.status === 408 || response.status === 429) {
        throw new Error(`e-mail API answered ${response.status}: ${detail}`)
      }
      throw new EmailRejectedError(response.status, detail)
    },
  }
}
