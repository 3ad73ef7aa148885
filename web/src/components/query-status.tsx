import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
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

/**
 * A catalogue's list on its page: a loading row until it arrives (a retry shows it again), an error
 * with a button that asks again, the `empty` text when the list came back empty, else the list.
 */
export function QueryList<T>({
  query,
  loading,
  empty,
  children,
}: {
  query: UseQueryResult<T[]>
  loading: string
  empty?: string
  children: (items: T[]) => ReactNode
}) {
  if (query.isSuccess) {
    if (empty !== undefined && query.data.length === 0) return <p className="mt-8 text-slate-700">{empty}</p>
    return children(query.data)
  }
  if (query.isError && !query.isFetching) return <ErrorState onRetry={() => void query.refetch()} />
  return <LoadingState label={loading} />
}
