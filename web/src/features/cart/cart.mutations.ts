import type { QueryClient } from '@tanstack/react-query'
import type { ItemType } from '../../../../worker/contract/cart.ts'
import { CART_TEXT } from '../../../../worker/contract/cart-messages.ts'
import type { ShowcaseCard } from '../../../../worker/contract/showcase.ts'
import { api } from '../../lib/api.ts'
import { toastError, toastSuccess } from '../../lib/toast.ts'
import { isCartGone, isCartResponse, primeCart } from './cart.queries.ts'
import { clearCartHash, readCartHash, writeCartHash } from './cart-storage.ts'

export type CartUpdateInput = { id: number; type: ShowcaseCard['type']; option: 'add' }

// Plain functions (the showcase and the course page call them outside React) reach the cache
// through the client the header's cart button binds on mount, unless a caller passes its own.
let boundClient: QueryClient | null = null

export function bindCartQueryClient(client: QueryClient) {
  boundClient = client
  return () => {
    if (boundClient === client) boundClient = null
  }
}

/** Every change answers a new hash and cart: cache the cart first, then move every tab to the hash. */
function remember(response: unknown, queryClient?: QueryClient) {
  const hash = (response as { hash?: unknown } | null)?.hash
  if (typeof hash !== 'string') return
  const client = queryClient ?? boundClient
  if (client && isCartResponse(response)) primeCart(client, response)
  writeCartHash(hash)
}

const postUpdate = (hash: string | null, data: { id: number; type: string }, option: 'add' | 'remove') =>
  api<unknown>('/carrinho-de-compras/update-cart', { method: 'POST', json: { hash, data, option } })

/** SPEC section 7: POST /carrinho-de-compras/update-cart answers the new hash and cart. */
export async function addToCart(
  { id, type, option }: CartUpdateInput,
  queryClient?: QueryClient,
): Promise<boolean> {
  try {
    const stored = readCartHash()
    let result: unknown
    try {
      result = await postUpdate(stored, { id, type }, option)
    } catch (error) {
      // The stored cart expired: forget it and start a new cart with this item.
      if (stored === null || !isCartGone(error)) throw error
      clearCartHash(stored)
      result = await postUpdate(null, { id, type }, option)
    }
    remember(result, queryClient)
    void toastSuccess(CART_TEXT.added)
    return true
  } catch (error) {
    void toastError(error, CART_TEXT.addError)
    return false
  }
}

/** Removes a line from the stored cart ('Removido do carrinho com sucesso!'). */
export async function removeFromCart(
  item: { id: number; type: ItemType },
  queryClient?: QueryClient,
): Promise<boolean> {
  const stored = readCartHash()
  try {
    const result = await postUpdate(stored, { id: item.id, type: item.type }, 'remove')
    remember(result, queryClient)
    void toastSuccess(CART_TEXT.removed)
    return true
  } catch (error) {
    if (stored !== null && isCartGone(error)) clearCartHash(stored)
    void toastError(error, CART_TEXT.removeError)
    return false
  }
}

/** POST /carrinho-de-compras/set-cupom: a class coupon on the stored cart. */
export async function applyCoupon(key: string, queryClient?: QueryClient): Promise<boolean> {
  const hash = readCartHash()
  try {
    const result = await api<unknown>('/carrinho-de-compras/set-cupom', {
      method: 'POST',
      json: { key: key.trim(), hash },
    })
    remember(result, queryClient)
    void toastSuccess(CART_TEXT.couponApplied)
    return true
  } catch (error) {
    if (hash !== null && isCartGone(error)) clearCartHash(hash)
    void toastError(error, CART_TEXT.couponError)
    return false
  }
}
