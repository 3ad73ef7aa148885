// Every call to something outside the Worker goes through here: a deadline, at most one retry,
// and one error (DependencyUnavailableError) that app.onError answers with 503 + Retry-After.
import { type Dependency, DependencyUnavailableError } from '../errors.ts'

/**
 * How long a request waits on each dependency, in milliseconds (README, "When a dependency
 * fails"). Well under what a person waits: a visitor gets a clear 503 instead of a spinner.
 */
export const DEADLINES_MS = {
  /** One Hrana round trip to Turso (a statement or a batch); ~100–300 ms from Brazil when well. */
  database: 4_000,
  /** Pagar.me: a card authorisation goes through the provider's antifraud, seconds at worst. */
  payments: 15_000,
  /** The e-mail API; a message it does not take stays in the outbox for the scheduled job. */
  email: 5_000,
  /** Google's and Facebook's token and profile endpoints, during the popup login. */
  oauth: 5_000,
  /** The translation service of toasts (issue 11): a toast left in pt-BR beats a late one. */
  translation: 3_000,
  /** The institute's own `/api/sendMsg` (SPEC section 7: 10 s), after the visitor was answered. */
  contact: 10_000,
  /** The CEP service (a billing address's street): a person types it when it is late. */
  cep: 3_000,
  /**
   * The conference's attendance object taking an isolate's batch of beats (no visitor waits for
   * it): a batch it does not take in time leaves again with the next one.
   */
  attendance: 10_000,
  /**
   * The PDF Worker (decision 025) drawing a certificate or measuring a certificate text: its own
   * start, then work its 1 s CPU limit bounds.
   */
  pdf: 10_000,
  /**
   * Focus NFe (the NFS-e, issue 43): the job's calls, which no visitor waits for; a note sent and
   * not answered in time is looked up by its ref before it is sent again.
   */
  fiscal: 15_000,
} as const satisfies Record<Dependency, number>

/**
 * The deadline of a dependency, unless `DEADLINES_MS` (a JSON object, e.g. `{"database":800}`)
 * shortens it: the fault-injection tests use it so that an outage costs them under a second.
 */
export function deadlineOf(env: { DEADLINES_MS?: string | undefined }, dependency: Dependency): number {
  const override = env.DEADLINES_MS ? parseOverrides(env.DEADLINES_MS)[dependency] : undefined
  return override ?? DEADLINES_MS[dependency]
}

const overrides = new Map<string, Partial<Record<Dependency, number>>>()
function parseOverrides(text: string): Partial<Record<Dependency, number>> {
  let parsed = overrides.get(text)
  if (!parsed) {
    parsed = {}
    try {
      const value = JSON.parse(text) as Record<string, unknown>
      for (const [key, ms] of Object.entries(value)) {
        if (key in DEADLINES_MS && typeof ms === 'number' && ms > 0) parsed[key as Dependency] = ms
      }
    } catch {
      // A malformed override is ignored: the documented deadlines apply.
    }
    overrides.set(text, parsed)
  }
  return parsed
}

export type DeadlineOptions = {
  /** The whole call, retry included, ends by then. */
  timeoutMs: number
  /**
   * `idempotent`: one more attempt when the first could not connect or got a 5xx, if time is
   * left (a GET, a request with an idempotency key, a read-only query). `never` otherwise: a
   * write whose answer was lost may have happened, so only its caller may decide to repeat it.
   */
  retry: 'idempotent' | 'never'
  fetcher?: typeof fetch
}

const RETRY_PAUSE_MS = 100
/** Statuses a Response may not carry a body with (the Fetch standard's null body statuses). */
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304])
/** A retry needs at least this much of the deadline left to be worth sending. */
const RETRY_MIN_REMAINING_MS = 500

/**
 * fetch with a deadline that covers the whole answer, body included (a server that sends its
 * headers and then stalls cannot hold the caller either). The body is read here, so the
 * Response returned is already complete. 5xx answers, network failures and timeouts throw
 * DependencyUnavailableError; other statuses are returned for the caller to read.
 */
export async function fetchWithDeadline(
  dependency: Dependency,
  url: string | URL,
  init: RequestInit & { body?: string | null },
  options: DeadlineOptions,
): Promise<Response> {
  const fetcher = options.fetcher ?? fetch
  const deadline = Date.now() + options.timeoutMs
  let failure: DependencyUnavailableError | undefined
  for (let attempt = 1; attempt <= 2; attempt += 1) {
    if (attempt === 2) await new Promise((resume) => setTimeout(resume, RETRY_PAUSE_MS))
    try {
      const response = await attemptOnce(dependency, fetcher, url, init, deadline - Date.now())
      if (response.status < 500) return response
      failure = new DependencyUnavailableError(dependency, 'error_status', `HTTP ${response.status}`)
    } catch (error) {
      if (!(error instanceof DependencyUnavailableError)) throw error
      failure = error
    }
    const worthRetrying =
      options.retry === 'idempotent' &&
      failure.reason !== 'timeout' &&
      deadline - Date.now() - RETRY_PAUSE_MS >= RETRY_MIN_REMAINING_MS
    if (!worthRetrying) break
  }
  throw failure
}

async function attemptOnce(
  dependency: Dependency,
  fetcher: typeof fetch,
  url: string | URL,
  init: RequestInit,
  remainingMs: number,
): Promise<Response> {
  if (remainingMs <= 0) throw new DependencyUnavailableError(dependency, 'timeout', 'no time left')
  const controller = new AbortController()
  const signal = init.signal ? AbortSignal.any([init.signal, controller.signal]) : controller.signal
  let timer: ReturnType<typeof setTimeout> | undefined
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort()
      reject(new DependencyUnavailableError(dependency, 'timeout', `no answer within ${remainingMs} ms`))
    }, remainingMs)
  })
  const exchange = (async () => {
    let response: Response
    try {
      response = await fetcher(url, { ...init, signal })
    } catch (error) {
      if (init.signal?.aborted) throw error
      throw new DependencyUnavailableError(dependency, 'unreachable', messageOf(error))
    }
    try {
      const body = await response.arrayBuffer()
      return new Response(NULL_BODY_STATUSES.has(response.status) ? null : body, {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
      })
    } catch (error) {
      throw new DependencyUnavailableError(dependency, 'unreachable', `answer cut: ${messageOf(error)}`)
    }
  })()
  try {
    return await Promise.race([exchange, timedOut])
  } finally {
    clearTimeout(timer)
    // The losing promise must not surface as an unhandled rejection.
    exchange.catch(() => {})
    timedOut.catch(() => {})
  }
}

/**
 * A deadline around a call that does its own fetching (a library without an AbortSignal
 * option, such as arctic's token exchange): the request stops waiting; the call runs on.
 */
export async function withDeadline<T>(dependency: Dependency, timeoutMs: number, work: () => Promise<T>) {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new DependencyUnavailableError(dependency, 'timeout', `no answer within ${timeoutMs} ms`)),
      timeoutMs,
    )
  })
  const running = work()
  try {
    return await Promise.race([running, timedOut])
  } finally {
    clearTimeout(timer)
    running.catch(() => {})
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
