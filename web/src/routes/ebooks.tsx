import { createFileRoute } from '@tanstack/react-router'
import { ebooksQuery } from '../features/catalog/catalog.queries.ts'
import { EbooksPage } from '../features/catalog/ebooks-page.tsx'
import { listingPage } from './-listing-page.ts'

export const Route = createFileRoute('/ebooks')({
  ...listingPage(ebooksQuery, 'E-books', {
    description:
      'E-books de nefrologia do Instituto Renalis para baixar e imprimir: gratuitos ou incluídos na compra dos cursos.',
  }),
  component: EbooksPage,
})
