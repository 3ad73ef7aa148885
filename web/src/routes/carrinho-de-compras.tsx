import { createFileRoute } from '@tanstack/react-router'
import { CartPage } from '../features/cart/cart-page.tsx'
import { pageHead } from '../lib/page-head.ts'

export const Route = createFileRoute('/carrinho-de-compras')({
  head: () => pageHead('Carrinho de compras', { noindex: true }),
  component: CartPage,
})
