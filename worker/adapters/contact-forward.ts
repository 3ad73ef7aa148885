/**
 * The SPEC's alternative contact mode (section 7): the institute's own `/api/sendMsg`, given the
 * message as query parameters, JSON headers, no credentials, and 10 s to answer. Called by the
 * Worker only, so the browser never talks to that host.
 */
export const CONTACT_FORWARD_TIMEOUT_MS = 10_000

export type ForwardedMessage = {
  name: string
  email: string
  telefone: string
  descricao: string
  to: string
}

/** The far end failed, refused, or did not answer in time: the caller keeps the message another way. */
export class ContactForwardError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'ContactForwardError'
  }
}

export async function forwardContactMessage(
  config: { url: string; timeoutMs?: number },
  message: ForwardedMessage,
  fetcher: typeof fetch = fetch,
): Promise<void> {
  const url = new URL(config.url)
  for (const [name, value] of Object.entries(message)) url.searchParams.set(name, value)
  let response: Response
  try {
    response = await fetcher(url.toString(), {
      method: 'POST',
      // No credentials: a Worker's fetch carries no cookies of its own, and none are added.
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      signal: AbortSignal.timeout(config.timeoutMs ?? CONTACT_FORWARD_TIMEOUT_MS),
    })
  } catch (error) {
    const timedOut = error instanceof Error && error.name === 'TimeoutError'
    throw new ContactForwardError(
      timedOut ? 'sendMsg não respondeu a tempo' : `sendMsg inacessível: ${(error as Error).message}`,
    )
  }
  // The SPEC's client never reads the answer; only the status says whether it arrived.
  await response.body?.cancel()
  if (!response.ok) throw new ContactForwardError(`sendMsg respondeu ${response.status}`)
}
