// Outside services stubbed at the HTTP edge, inside the worker tests: a fetch that answers one
// JSON body, a fetch that never answers, and a far-end service whose answers a test chooses while every other request goes through.
import { vi } from 'vitest'

/** A fetch that answers `body` as JSON with `status`, to every call (recorded in its `mock.calls`). */
export const answering = (status: number, body: unknown) =>
  vi.fn<typeof fetch>().mockResolvedValue(Response.json(body, { status }))

/** A fetch that never answers: it fails only when the caller's deadline aborts it. */
export const hangingFetch = () =>
  vi.fn<typeof fetch>(
    (_url, init) =>
      new Promise((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason))
      }),
  )

/**
 * The service at `origin` answers `answer()` to every request (recorded in the returned list of
 * URLs); requests elsewhere reach the real fetch. Restored by `vi.restoreAllMocks()`.
 */
export function stubService(origin: string, answer: () => Response): string[] {
  const original = globalThis.fetch
  const calls: string[] = []
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const url = input instanceof Request ? input.url : String(input)
    if (!url.startsWith(origin)) return original(input, init)
    calls.push(url)
    return Promise.resolve(answer())
  })
  return calls
}
