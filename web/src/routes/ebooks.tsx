import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '../components/placeholder-page.tsx'
import { pageHead } from '../lib/page-head.ts'

export const Route = createFileRoute('/ebooks')({
  head: () => pageHead('E-books'),
  component: EbooksPage,
})

function EbooksPage() {
  return (
    <PlaceholderPage title="E-books">
      <p>Nossos e-books podem ser baixados e impressos. Em breve, o catálogo completo estará aqui.</p>
    </PlaceholderPage>
  )
}
