/**
 * The SPEC's alternative contact mode (section 7): the institute's own `/api/sendMsg`, given the
 * message as query parameters, JSON headers, no credentials, and 10 s to answer. Called by the
 * Worker only, so the browser never talks to that host.
 */
import { DependencyUnavailableError } from '../errors.ts'
import { fetchWithDeadline } from './deadline.ts'

export type ForwardedMessage = {
  name: string
  email: string
  telefone: string
  descricao: string
  to: string
}

/**
 * Throws DependencyUnavailableError when the far end fails, refuses or does not answer within
 * `timeoutMs`: the caller then keeps the message another way. Never repeated on its own: a lost
 * answer may hide a message that arrived.
 */
export async function forwardContactMessage(
  config: { url: string; timeoutMs: number },
  message: ForwardedMessage,
  fetcher?: typeof fetch,
): Promise<void> {
  const url = new URL(config.url)
  for (const [name, value] of Object.entries(message)) url.searchParams.set(name, value)
  const response = await fetchWithDeadline(
    'contact',
    url,
    // No credentials: a Worker's fetch carries no cookies of its own, and none are added.
    { method: 'POST', headers: { Accept: 'application/json', 'Content-Type': 'application/json' } },
    { timeoutMs: config.timeoutMs, retry: 'never', ...(fetcher ? { fetcher } : {}) },
  )
  // The SPEC's client never reads the answer; only the status says whether it arrived.
  if (!response.ok) throw new DependencyUnavailableError('contact', 'error_status', `HTTP ${response.status}`)
}
