import { useQuery } from '@tanstack/react-query'
import type { Product } from '../../../../worker/contract/catalog.ts'
import { Link } from '../../components/link.tsx'
import { ListingPage } from '../../components/listing-page.tsx'
import { QueryList } from '../../components/query-status.tsx'
import { formatBRL } from '../../lib/money.ts'
import { productsQuery } from './catalog.queries.ts'
import { CARD_LINK_CLASS, CatalogCard } from './catalog-card.tsx'

function ProductCard({ product }: { product: Product }) {
  return (
    <CatalogCard
      kind="product"
      slider={product.slider}
      heading="h2"
      title={
        <Link to="/produtos/$id" params={{ id: String(product.id) }} className={CARD_LINK_CLASS}>
          {product.name}
        </Link>
      }
    >
      <p className="mt-auto whitespace-nowrap font-bold text-2xl text-teal-800">{formatBRL(product.price)}</p>
    </CatalogCard>
  )
}

/** /produtos: the products of the store, each opening its own page. */
export function ProductsPage() {
  const products = useQuery(productsQuery())
  return (
    <ListingPage
      title="Produtos"
      intro={
        <>
          Simuladores, modelos anatômicos, livros e kits de treinamento escolhidos pelos professores do
          instituto.
        </>
      }
    >
      <QueryList
        query={products}
        loading="carregando produtos..."
        empty="Nenhum produto disponível no momento."
      >
        {(items) => (
          <ul className="mt-8 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {items.map((product) => (
              <li key={product.id}>
                <ProductCard product={product} />
              </li>
            ))}
          </ul>
        )}
      </QueryList>
    </ListingPage>
  )
}
