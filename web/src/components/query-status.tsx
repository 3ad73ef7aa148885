import type { UseQueryResult } from '@tanstack/react-query'
import { errorMessage } from '../lib/toast.ts'
import { ErrorState, LoadingState } from './page-status.tsx'

type Query = Pick<UseQueryResult<unknown, unknown>, 'isPending' | 'isError' | 'error' | 'refetch'>

/**
 * What a page shows of a query that has no data yet: its loading state while it loads, and when it
 * failed, why, with a button that asks again. Nothing once the data is there.
 */
export function QueryStatus({
  query,
  loading,
  failed = 'Erro ao buscar dados.',
}: {
  query: Query
  loading?: string
  failed?: string
}) {
  if (query.isPending) return <LoadingState label={loading} />
  if (query.isError) {
    return <ErrorState detail={errorMessage(query.error, failed)} onRetry={() => void query.refetch()} />
  }
  return null
}
