import { QueryCache, QueryClient } from '@tanstack/react-query'
import { errorDetail, showToast } from './toast.ts'

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /** Toasted once when the query finally fails (after retries), with the server's `msg` appended. */
      errorTitle?: string
    }
  }
}

export function createQueryClient() {
  return new QueryClient({
    queryCache: new QueryCache({
      onError(error, query) {
        const title = query.meta?.errorTitle
        if (!title) return
        const detail = errorDetail(error)
        void showToast('error', detail ? `${title}: ${detail}` : title)
      },
    }),
    defaultOptions: {
      queries: { retry: 1, staleTime: 60_000 },
    },
  })
}
