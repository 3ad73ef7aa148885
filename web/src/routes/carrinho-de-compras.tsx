import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '../components/placeholder-page.tsx'
import { pageHead } from '../lib/page-head.ts'

export const Route = createFileRoute('/carrinho-de-compras')({
  head: () => pageHead('Carrinho de compras'),
  component: CartPage,
})

function CartPage() {
  return (
    <PlaceholderPage title="Carrinho de compras">
      <p>Os cursos e produtos que você adicionar ao carrinho aparecerão aqui.</p>
    </PlaceholderPage>
  )
}
