import { useQuery } from '@tanstack/react-query'
import { cartQuery } from './cart.queries.ts'
import { useCartHash } from './cart-storage.ts'

/** The cart under the stored hash (none while no hash is stored), following every tab's changes. */
export function useStoredCart() {
  const hash = useCartHash()
  const query = useQuery({ ...cartQuery(hash ?? ''), enabled: hash !== null })
  return { hash, cart: hash === null ? null : (query.data ?? null), query }
}
