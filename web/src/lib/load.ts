import type { EnsureQueryDataOptions, QueryClient, QueryKey } from '@tanstack/react-query'
import { notFound } from '@tanstack/react-router'
import { ApiError } from './api.ts'

/** What a route's not-found page shows: the API's own pt-BR message ('Curso não encontrado.'). */
export type NotFoundData = { message: string }

export const isClientError = (error: unknown) =>
  error instanceof ApiError && error.status >= 400 && error.status < 500

/** React Query `retry`: one more try for network and server failures, none for a 404 or a 422. */
export function retryServerErrors(failureCount: number, error: unknown): boolean {
  return failureCount < 1 && !isClientError(error)
}

/**
 * Route loaders: the query's data (from the cache, else fetched); a 404 becomes the route's
 * not-found page with the API's message; a 422 (a malformed id or slug in the URL) is a page that
 * cannot exist either, shown with `fallback`. Other failures reach the route's error component,
 * which offers a retry.
 */
export async function loadOrNotFound<T, E, K extends QueryKey>(
  queryClient: QueryClient,
  query: EnsureQueryDataOptions<T, E, T, K>,
  fallback: string,
): Promise<T> {
  try {
    return await queryClient.ensureQueryData(query)
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 422)) {
      const msg = (error.body as { msg?: unknown } | null)?.msg
      const message = error.status === 404 && typeof msg === 'string' && msg !== '' ? msg : fallback
      throw notFound({ data: { message } satisfies NotFoundData })
    }
    throw error
  }
}

/** The message of a not-found thrown by `loadOrNotFound` (undefined for an unknown path). */
export function notFoundMessage(data: unknown): string | undefined {
  const message = (data as Partial<NotFoundData> | null | undefined)?.message
  return typeof message === 'string' && message !== '' ? message : undefined
}
