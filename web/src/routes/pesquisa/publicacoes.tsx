import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '../../components/placeholder-page.tsx'
import { pageHead } from '../../lib/page-head.ts'

export const Route = createFileRoute('/pesquisa/publicacoes')({
  head: () => pageHead('Publicações'),
  component: PublicationsPage,
})

function PublicationsPage() {
  return (
    <PlaceholderPage title="Publicações">
      <p>Em breve, os artigos e trabalhos publicados pelos pesquisadores do instituto.</p>
    </PlaceholderPage>
  )
}
