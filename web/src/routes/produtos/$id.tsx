import { createFileRoute, notFound } from '@tanstack/react-router'
import { NotFound } from '../../components/not-found.tsx'
import { RouteError, RoutePending } from '../../components/page-status.tsx'
import { productQuery } from '../../features/catalog/catalog.queries.ts'
import { ProductPage } from '../../features/catalog/product-page.tsx'
import { productHead } from '../../features/seo/heads.ts'
import { loadOrNotFound, type NotFoundData } from '../../lib/load.ts'

const NOT_FOUND = 'Produto não encontrado.'

/** '12' → 12; anything else ('abc', '0', '1.5') is no product at all. */
function productId(param: string): number {
  const id = /^[1-9]\d{0,9}$/.test(param) ? Number(param) : Number.NaN
  if (!Number.isSafeInteger(id)) throw notFound({ data: { message: NOT_FOUND } satisfies NotFoundData })
  return id
}

export const Route = createFileRoute('/produtos/$id')({
  loader: ({ context, params }) =>
    loadOrNotFound(context.queryClient, productQuery(productId(params.id)), NOT_FOUND),
  head: ({ loaderData, match }) => productHead(loaderData, match.pathname),
  component: ProductRoute,
  pendingComponent: RoutePending,
  errorComponent: RouteError,
  notFoundComponent: NotFound,
})

function ProductRoute() {
  const { id } = Route.useParams()
  return <ProductPage id={Number(id)} />
}
