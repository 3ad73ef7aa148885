import { type QueryKey, queryOptions, type UseQueryOptions } from '@tanstack/react-query'
import type { ZodType } from 'zod'
import { apiParsed } from './api.ts'

/**
 * The query of a GET whose answer is parsed with a schema from a contract module loaded beside the
 * request (`apiParsed`), with the query's other options (retry, meta, staleTime, refetchInterval).
 */
export function parsedQuery<T, K extends QueryKey>(
  queryKey: K,
  path: string,
  schema: () => Promise<ZodType<T>>,
  options: Omit<UseQueryOptions<T, Error, T, K>, 'queryKey' | 'queryFn'> = {},
) {
  return queryOptions({ ...options, queryKey, queryFn: ({ signal }) => apiParsed(path, schema, { signal }) })
}
