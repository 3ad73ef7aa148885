import { createFileRoute } from '@tanstack/react-router'
import { ebooksQuery } from '../features/catalog/catalog.queries.ts'
import { EbooksPage } from '../features/catalog/ebooks-page.tsx'
import { pageHead } from '../lib/page-head.ts'

export const Route = createFileRoute('/ebooks')({
  head: () =>
    pageHead('E-books', {
      path: '/ebooks',
      description:
        'E-books de nefrologia do Instituto Renalis para baixar e imprimir: gratuitos ou incluídos na compra dos cursos.',
    }),
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(ebooksQuery())
  },
  component: EbooksPage,
})
