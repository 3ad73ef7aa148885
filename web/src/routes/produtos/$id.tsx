import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '../../components/placeholder-page.tsx'
import { pageHead } from '../../lib/page-head.ts'

export const Route = createFileRoute('/produtos/$id')({
  head: () => pageHead('Produto'),
  component: ProductPage,
})

function ProductPage() {
  const { id } = Route.useParams()
  return (
    <PlaceholderPage title="Produto">
      <p>Em breve, os detalhes e a compra do produto nº {id} estarão aqui.</p>
    </PlaceholderPage>
  )
}
