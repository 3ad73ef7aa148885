/** The cart hash lives in localStorage so every tab shares one cart (DESIGN section 5). */
export const CART_HASH_KEY = 'cart-hash'

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
}
