import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '../../components/placeholder-page.tsx'
import { pageHead } from '../../lib/page-head.ts'

export const Route = createFileRoute('/produtos/')({
  head: () => pageHead('Produtos'),
  component: ProductsPage,
})

function ProductsPage() {
  return (
    <PlaceholderPage title="Produtos">
      <p>Em breve, os produtos e pacotes de cursos do instituto estarão disponíveis aqui.</p>
    </PlaceholderPage>
  )
}
