import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '../../components/placeholder-page.tsx'
import { pageHead } from '../../lib/page-head.ts'

export const Route = createFileRoute('/usuario/ebooks')({
  head: () => pageHead('Meus e-books'),
  component: MyEbooksPage,
})

function MyEbooksPage() {
  return (
    <PlaceholderPage title="Meus e-books">
      <p>Em breve, os e-books que você adquiriu estarão disponíveis para download aqui.</p>
    </PlaceholderPage>
  )
}
