import type { ZodType } from 'zod'

/** A non-2xx answer: `body` is the parsed JSON (or text) the server sent. */
export class ApiError extends Error {
  readonly status: number
  readonly body: unknown

  constructor(status: number, body: unknown) {
    super(`HTTP ${status}`)
    this.name = 'ApiError'
    this.status = status
    this.body = body
  }
}

export type ApiOptions<T> = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  json?: unknown
  /** A multipart body (file uploads); the browser sets its Content-Type with the boundary. */
  formData?: FormData
  schema?: ZodType<T>
  signal?: AbortSignal
  /** The request outlives the page (a lesson's last beat on pagehide). */
  keepalive?: boolean
  /**
   * false: the caller handles 401/419 itself. GET /admin/user/get answers 401 to every anonymous
   * visitor; reloading on it inside /usuario or /admin would loop forever.
   */
  globalErrors?: boolean
}

const AUTHENTICATED_AREAS = new Set(['admin', 'usuario'])

type Transport = (path: string, init: RequestInit) => Promise<Response>

let transport: Transport = (path, init) => fetch(path, init)

/**
 * Where API calls go. The browser fetches; the Worker's page renderer (worker/ssr) answers them
 * in-process, for the request being rendered. Set once, when the renderer's module loads.
 */
export function setApiTransport(next: Transport) {
  transport = next
}

/** SPEC section 7: a lost session inside an authenticated area, or an expired one (419), reloads the page. */
function handleGlobalStatus(status: number, body: unknown) {
  if (typeof window === 'undefined') return
  const firstSegment = window.location.pathname.split('/')[1] ?? ''
  const unauthenticated =
    status === 401 &&
    typeof body === 'object' &&
    body !== null &&
    (body as { message?: unknown }).message === 'Unauthenticated.'
  if ((unauthenticated && AUTHENTICATED_AREAS.has(firstSegment)) || status === 419) {
    window.location.reload()
  }
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text()
  if (!text) return null
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

export async function api<T = unknown>(path: string, options: ApiOptions<T> = {}): Promise<T> {
  const { method = 'GET', json, formData, schema, signal, keepalive, globalErrors = true } = options
  const headers: Record<string, string> = { Accept: 'application/json' }
  if (json !== undefined) headers['Content-Type'] = 'application/json'
  const response = await transport(path, {
    method,
    headers,
    credentials: 'same-origin',
    body: formData ?? (json === undefined ? undefined : JSON.stringify(json)),
    signal,
    ...(keepalive ? { keepalive } : {}),
  })
  const body = await readBody(response)
  if (!response.ok) {
    if (globalErrors) handleGlobalStatus(response.status, body)
    throw new ApiError(response.status, body)
  }
  return schema ? schema.parse(body) : (body as T)
}

/**
 * Fetches and validates with a schema imported on demand: zod then loads in parallel with the
 * request instead of on the critical path of the first render.
 */
export async function apiParsed<T>(
  path: string,
  loadSchema: () => Promise<ZodType<T>>,
  options: Omit<ApiOptions<T>, 'schema'> = {},
): Promise<T> {
  const [body, schema] = await Promise.all([api<unknown>(path, options), loadSchema()])
  return schema.parse(body)
}
