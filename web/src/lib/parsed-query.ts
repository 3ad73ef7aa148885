import { type QueryKey, queryOptions, type UseQueryOptions } from '@tanstack/react-query'
import type { ZodType } from 'zod'
import { type ApiOptions, apiParsed } from './api.ts'

/** React Query's options of a parsed query (retry, meta, staleTime, …) and the request's own. */
export type ParsedQueryOptions<T, K extends QueryKey> = Omit<
  UseQueryOptions<T, Error, T, K>,
  'queryKey' | 'queryFn'
> & { request?: Pick<ApiOptions<T>, 'globalErrors'> }

/**
 * The query of one GET whose answer the contract's schema checks: the schema (and zod with it)
 * loads beside the request, never on the first render's path.
 */
export const parsedQuery = <T, K extends QueryKey>(
  queryKey: K,
  path: string,
  loadSchema: () => Promise<ZodType<T>>,
  options?: ParsedQueryOptions<T, K>,
) =>
  queryOptions({
    ...options,
    queryKey,
    queryFn: ({ signal }) => apiParsed(path, loadSchema, { ...options?.request, signal }),
  })
