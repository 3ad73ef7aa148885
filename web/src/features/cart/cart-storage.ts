import { useSyncExternalStore } from 'react'

/** The cart hash lives in localStorage so every tab shares one cart (DESIGN section 5). */
export const CART_HASH_KEY = 'cart-hash'

const listeners = new Set<() => void>()

function notify() {
  for (const listener of listeners) listener()
}

export function readCartHash(): string | null {
  try {
    return window.localStorage.getItem(CART_HASH_KEY)
  } catch {
    return null
  }
}

export function writeCartHash(hash: string) {
  try {
    window.localStorage.setItem(CART_HASH_KEY, hash)
  } catch {
    // Private mode or full storage: the cart still works for this page view.
  }
  notify()
}

/**
 * Forgets the stored hash. With `onlyIf`, only when it is still that hash: another tab (or a
 * later add) may already have moved on to a newer cart, which must survive (SPEC section 4).
 */
export function clearCartHash(onlyIf?: string) {
  if (onlyIf !== undefined && readCartHash() !== onlyIf) return
  try {
    window.localStorage.removeItem(CART_HASH_KEY)
  } catch {
    // Nothing stored, nothing to forget.
  }
  notify()
}

/**
 * Changes made in other tabs: the `storage` event fires only in the tabs that did not make the
 * change. `key === null` is a storage.clear().
 */
export function subscribeToOtherTabs(listener: () => void) {
  const onStorage = (event: StorageEvent) => {
    if (event.key === CART_HASH_KEY || event.key === null) listener()
  }
  window.addEventListener('storage', onStorage)
  return () => window.removeEventListener('storage', onStorage)
}

/** Follows the hash in this tab (writes notify directly) and in the others. */
export function subscribeToCartHash(listener: () => void) {
  listeners.add(listener)
  const unsubscribe = subscribeToOtherTabs(listener)
  return () => {
    listeners.delete(listener)
    unsubscribe()
  }
}

/** The stored cart hash, re-rendering when it changes here or in another tab. */
export function useCartHash(): string | null {
  return useSyncExternalStore(subscribeToCartHash, readCartHash, () => null)
}
