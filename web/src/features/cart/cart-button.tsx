import { useNavigate } from '@tanstack/react-router'
import { ShoppingCart } from 'lucide-react'

/** Header cart button; the item count comes from the cart query in the cart issue. */
export function CartButton() {
  const navigate = useNavigate()
  const count = 0
  return (
    <button
      type="button"
      className="icon-btn relative"
      onClick={() => navigate({ to: '/carrinho-de-compras' })}
    >
      <span className="sr-only">Carrinho</span>
      <ShoppingCart aria-hidden="true" className="size-6" />
      <span
        aria-hidden="true"
        className="absolute -top-0.5 -right-0.5 grid min-w-5 place-items-center rounded-full bg-teal-700 px-1 font-bold text-[0.7rem] text-white leading-5"
      >
        {count}
      </span>
    </button>
  )
}
