import { type QueryClient, queryOptions } from '@tanstack/react-query'
import type { CartResponse, Recommendations } from '../../../../worker/contract/cart.ts'
import { ApiError, api } from '../../lib/api.ts'
import { retryServerErrors } from '../../lib/load.ts'
import { clearCartHash } from './cart-storage.ts'

export const cartKeys = {
  all: ['cart'] as const,
  view: (hash: string) => [...cartKeys.all, 'view', hash] as const,
  recommendations: (hash: string) => [...cartKeys.all, 'recommendations', hash] as const,
}

/** A 404 `{ clear: true }`: the hash is unknown or expired and the browser must forget it. */
export function isCartGone(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.status === 404 &&
    typeof error.body === 'object' &&
    error.body !== null &&
    (error.body as { clear?: unknown }).clear === true
  )
}

/** True when the answer carries a whole cart (some callers' servers, and test doubles, send less). */
export function isCartResponse(value: unknown): value is CartResponse {
  const data = (value as Partial<CartResponse> | null)?.data?.data
  return typeof (value as { hash?: unknown } | null)?.hash === 'string' && Array.isArray(data?.itens)
}

/**
 * GET /api/carrinho/{hash}: the header's and the cart page's view. A cart the server no longer
 * knows answers null here, after the stored hash is forgotten (SPEC section 4).
 */
export function cartQuery(hash: string) {
  return queryOptions({
    queryKey: cartKeys.view(hash),
    queryFn: async ({ signal }): Promise<CartResponse | null> => {
      try {
        return await api<CartResponse>(`/api/carrinho/${encodeURIComponent(hash)}`, { signal })
      } catch (error) {
        // A malformed stored hash (422) can never name a cart either: forget it the same way.
        const unusable = error instanceof ApiError && error.status === 422
        if (!isCartGone(error) && !unusable) throw error
        clearCartHash(hash)
        return null
      }
    },
    retry: retryServerErrors,
  })
}

/** GET /carrinho-de-compras/recomendation/{hash}: courses and products not yet in the cart. */
export function recommendationsQuery(hash: string) {
  return queryOptions({
    queryKey: cartKeys.recommendations(hash),
    queryFn: ({ signal }) =>
      api<Recommendations>(`/carrinho-de-compras/recomendation/${encodeURIComponent(hash)}`, { signal }),
    retry: retryServerErrors,
    staleTime: 5 * 60_000,
  })
}

/** Puts a freshly answered cart in the cache under its new hash, so nothing refetches it. */
export function primeCart(queryClient: QueryClient, response: CartResponse) {
  queryClient.setQueryData(cartKeys.view(response.hash), response)
}
