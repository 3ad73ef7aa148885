import { useQuery } from '@tanstack/react-query'
import type { Product } from '../../../../worker/contract/catalog.ts'
import { DEFAULT_IMAGES, sliderImageUrl } from '../../../../worker/domain/institute.ts'
import { Link } from '../../components/link.tsx'
import { ErrorState, LoadingState } from '../../components/page-status.tsx'
import { formatBRL } from '../../lib/money.ts'
import { productsQuery } from './catalog.queries.ts'
import { FallbackImage } from './fallback-image.tsx'
import { CataloguePage } from '../../components/catalogue-page.tsx'

function ProductCard({ product }: { product: Product }) {
  const first = product.slider[0]
  return (
    <article className="relative flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition-shadow focus-within:shadow-md hover:shadow-md">
      <FallbackImage
        src={first ? sliderImageUrl('produtos', first) : null}
        fallback={DEFAULT_IMAGES.product}
        alt=""
        width={800}
        height={800}
        className="aspect-square w-full bg-slate-100 object-cover"
      />
      <div className="flex flex-1 flex-col gap-3 p-5">
        <h2 className="font-bold text-lg text-slate-900 leading-snug">
          <Link
            to="/produtos/$id"
            params={{ id: String(product.id) }}
            className="rounded after:absolute after:inset-0 after:content-[''] hover:text-teal-800"
          >
            {product.name}
          </Link>
        </h2>
        <p className="mt-auto whitespace-nowrap font-bold text-2xl text-teal-800">
          {formatBRL(product.price)}
        </p>
      </div>
    </article>
  )
}

/** /produtos: the products of the store, each opening its own page. */
export function ProductsPage() {
  const products = useQuery(productsQuery())
  return (
    <CataloguePage
      title="Produtos"
      intro={
        <>
          Simuladores, modelos anatômicos, livros e kits de treinamento escolhidos pelos professores do
          instituto.
        </>
      }
    >
      {products.isSuccess ? (
        products.data.length === 0 ? (
          <p className="mt-8 text-slate-700">Nenhum produto disponível no momento.</p>
        ) : (
          <ul className="mt-8 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {products.data.map((product) => (
              <li key={product.id}>
                <ProductCard product={product} />
              </li>
            ))}
          </ul>
        )
      ) : products.isError && !products.isFetching ? (
        <ErrorState onRetry={() => void products.refetch()} />
      ) : (
        <LoadingState label="carregando produtos..." />
      )}
    </CataloguePage>
  )
}
