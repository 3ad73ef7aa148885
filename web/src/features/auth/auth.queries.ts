import { queryOptions } from '@tanstack/react-query'
import type { User } from '../../../../worker/contract/auth.ts'
import { ApiError, api } from '../../lib/api.ts'

export const authKeys = {
  all: ['auth'] as const,
  user: () => [...authKeys.all, 'user'] as const,
}

/**
 * GET /admin/user/get: the logged-in user, or null for a visitor (the server answers 200 null, so
 * no console error). An older 401 still means a visitor, and the global 401 reload stays off for
 * this call: it would reload /usuario/* and /admin/* pages forever. Every page asks it first
 * thing (the page itself is shared), so its answer is not parsed with zod: that would put zod
 * and the contract's schemas in every first load.
 */
export function currentUserQuery() {
  return queryOptions({
    queryKey: authKeys.user(),
    queryFn: async ({ signal }): Promise<User | null> => {
      try {
        return await api<User | null>('/admin/user/get', { signal, globalErrors: false })
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) return null
        throw error
      }
    },
    staleTime: 5 * 60_000,
    // A 4xx will answer the same again; only a server or network failure is worth one retry, and
    // only in the browser: a page the Worker renders must not wait for a database that is away.
    retry: (failures, error) =>
      typeof window !== 'undefined' && failures < 1 && !(error instanceof ApiError && error.status < 500),
  })
}
