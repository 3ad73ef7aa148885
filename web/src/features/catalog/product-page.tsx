import { useSuspenseQuery } from '@tanstack/react-query'
import { useId } from 'react'
import { Link } from '../../components/link.tsx'
import { formatBRL } from '../../lib/money.ts'
import { AddToCartButton } from '../cart/add-to-cart-button.tsx'
import { Markdown } from '../content/markdown.tsx'
import { Breadcrumbs } from './breadcrumbs.tsx'
import { productQuery } from './catalog.queries.ts'
import { CatalogSlider } from './image-slider.tsx'

/** /produtos/{id}: pictures, name, description, price and 'Adicionar ao carrinho'. */
export function ProductPage({ id }: { id: number }) {
  const { data: product } = useSuspenseQuery(productQuery(id))
  const nameId = useId()
  return (
    <article className="container-page py-8 md:py-12">
      <Breadcrumbs
        items={[
          <Link key="produtos" to="/produtos" className="link">
            Produtos
          </Link>,
        ]}
        current={product.name}
      />
      <div className="mt-6 grid gap-8 md:grid-cols-2 md:items-start">
        <CatalogSlider kind="product" slider={product.slider} label={product.name} />
        <div>
          <h1 id={nameId} className="font-extrabold text-3xl text-slate-900 tracking-tight md:text-4xl">
            {product.name}
          </h1>
          <p className="mt-4 whitespace-nowrap font-bold text-3xl text-teal-800" data-testid="product-price">
            {formatBRL(product.price)}
          </p>
          <AddToCartButton
            id={product.id}
            type="produto"
            describedBy={nameId}
            className="mt-5 w-full sm:w-auto"
          />
          <Markdown source={product.description} className="mt-8" />
        </div>
      </div>
    </article>
  )
}
