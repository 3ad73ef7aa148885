import { createFileRoute } from '@tanstack/react-router'
import { productsQuery } from '../../features/catalog/catalog.queries.ts'
import { ProductsPage } from '../../features/catalog/products-page.tsx'
import { listingPage } from '../-listing-page.ts'

export const Route = createFileRoute('/produtos/')({
  ...listingPage(productsQuery, 'Produtos', {
    description:
      'Simuladores de punção, modelos anatômicos, livros e kits de treinamento em nefrologia do Instituto Renalis.',
  }),
  component: ProductsPage,
})
