import { useMutation, useQueryClient } from '@tanstack/react-query'
import { LoaderCircle, ShoppingCart } from 'lucide'
import { Icon } from '../../components/icons.tsx'
import { addToCart, type CartUpdateInput } from './cart.mutations.ts'

type AddToCartButtonProps = {
  id: number
  type: CartUpdateInput['type']
  /** Id of the text naming the item, so every 'Adicionar ao carrinho' is told apart. */
  describedBy?: string
  className?: string
}

/**
 * 'Adicionar ao carrinho' through the cart action (its toasts say how it went). While it works
 * the button is aria-disabled rather than disabled: a disabled button drops the keyboard focus.
 */
export function AddToCartButton({ id, type, describedBy, className = '' }: AddToCartButtonProps) {
  const queryClient = useQueryClient()
  // The action caches the cart it gets back, so the header's count follows at once.
  const add = useMutation({ mutationFn: () => addToCart({ id, type, option: 'add' }, queryClient) })
  return (
    <button
      type="button"
      className={`btn btn-primary ${className}`}
      onClick={() => {
        if (!add.isPending) add.mutate()
      }}
      aria-disabled={add.isPending || undefined}
      aria-describedby={describedBy}
    >
      {add.isPending ? (
        <Icon drawing={LoaderCircle} className="size-4 animate-spin" />
      ) : (
        <Icon drawing={ShoppingCart} className="size-4" />
      )}
      Adicionar ao carrinho
    </button>
  )
}
