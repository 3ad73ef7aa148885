import { createFileRoute } from '@tanstack/react-router'
import { productsQuery } from '../../features/catalog/catalog.queries.ts'
import { ProductsPage } from '../../features/catalog/products-page.tsx'
import { pageHead } from '../../lib/page-head.ts'

export const Route = createFileRoute('/produtos/')({
  head: () =>
    pageHead('Produtos', {
      path: '/produtos',
      description:
        'Simuladores de punção, modelos anatômicos, livros e kits de treinamento em nefrologia do Instituto Renalis.',
    }),
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(productsQuery())
  },
  component: ProductsPage,
})
