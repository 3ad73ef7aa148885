import { useQueryClient } from '@tanstack/react-query'
import { ShoppingCart } from 'lucide'
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react'
import { Icon } from '../../components/icons.tsx'
import { bindCartQueryClient } from './cart.mutations.ts'
import { cartKeys } from './cart.queries.ts'
import { subscribeToOtherTabs } from './cart-storage.ts'
import { useStoredCart } from './use-stored-cart.ts'

// Radix Dialog and the item list stay out of the first load: fetched on hover or the first click.
const loadCartPanel = () => import('./cart-panel.tsx')
const CartPanel = lazy(loadCartPanel)

/** Header cart button: the item count, and the cart's items in a dialog (SPEC section 4: the cart is fetched on mount). */
export function CartButton() {
  const queryClient = useQueryClient()
  const { cart } = useStoredCart()
  const [open, setOpen] = useState(false)
  const [requested, setRequested] = useState(false)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const countId = useId()
  const count = cart?.data.data.num_itens ?? 0

  useEffect(() => bindCartQueryClient(queryClient), [queryClient])

  // Another tab changed the cart: its new hash is fetched under its own key, and whatever this
  // tab shows of the cart (page, checkout, recommendations) is refetched too.
  useEffect(
    () => subscribeToOtherTabs(() => void queryClient.invalidateQueries({ queryKey: cartKeys.all })),
    [queryClient],
  )

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className="icon-btn relative"
        aria-haspopup="dialog"
        aria-describedby={countId}
        onPointerEnter={() => void loadCartPanel()}
        onFocus={() => void loadCartPanel()}
        onClick={() => {
          setRequested(true)
          setOpen(true)
        }}
      >
        <span className="sr-only">Carrinho</span>
        <Icon drawing={ShoppingCart} className="size-6" />
        <span
          aria-hidden="true"
          data-testid="cart-count"
          className="absolute -top-0.5 -right-0.5 grid min-w-5 place-items-center rounded-full bg-teal-700 px-1 font-bold text-[0.7rem] text-white leading-5"
        >
          {count}
        </span>
      </button>
      {/* The count is the button's description, so its name stays 'Carrinho'; hidden text can still describe. */}
      <span id={countId} hidden>
        {count === 1 ? '1 item' : `${count} itens`}
      </span>
      {requested ? (
        <Suspense fallback={null}>
          <CartPanel open={open} onOpenChange={setOpen} returnFocusTo={buttonRef} />
        </Suspense>
      ) : null}
    </>
  )
}
