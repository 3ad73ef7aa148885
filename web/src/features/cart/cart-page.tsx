import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { ShoppingCart, TicketPercent } from 'lucide'
import { type FormEvent, useId, useState } from 'react'
import type { Recommendations } from '../../../../worker/contract/cart.ts'
import { DEFAULT_IMAGES } from '../../../../worker/domain/institute.ts'
import { Icon } from '../../components/icons.tsx'
import { Link } from '../../components/link.tsx'
import { ErrorState, LoadingState } from '../../components/page-status.tsx'
import { ActionButton, INPUT_CLASS, SubmitButton } from '../../lib/form-field.tsx'
import { formatBRL } from '../../lib/money.ts'
import { errorMessage } from '../../lib/toast.ts'
import { PriceFrom } from '../catalog/course-summary-card.tsx'
import { FallbackImage } from '../catalog/fallback-image.tsx'
import { addToCart, applyCoupon } from './cart.mutations.ts'
import { recommendationsQuery } from './cart.queries.ts'
import { CartLines, CartTotals } from './cart-lines.tsx'
import { useStoredCart } from './use-stored-cart.ts'

function PageShell({ children }: { children: React.ReactNode }) {
  return (
    <div className="container-page py-10 md:py-14">
      <h1 className="font-extrabold text-3xl text-slate-900 tracking-tight md:text-4xl">
        Carrinho de compras
      </h1>
      <div className="mt-6">{children}</div>
    </div>
  )
}

function EmptyCart() {
  return (
    <div className="rounded-2xl border border-slate-200 bg-slate-50 p-8 text-center">
      <Icon drawing={ShoppingCart} className="mx-auto size-10 text-teal-700" />
      <p className="mt-3 font-semibold text-lg text-slate-900">Seu carrinho está vazio.</p>
      <p className="mt-1 text-slate-700">Escolha um curso ou produto e ele aparecerá aqui.</p>
      <div className="mt-5 flex flex-wrap justify-center gap-3">
        <Link to="/cursos" className="btn btn-primary">
          Ver cursos
        </Link>
        <Link to="/produtos" className="btn btn-outline">
          Ver produtos
        </Link>
      </div>
    </div>
  )
}

function CouponForm() {
  const queryClient = useQueryClient()
  const inputId = useId()
  const [key, setKey] = useState('')
  const apply = useMutation({
    mutationFn: (value: string) => applyCoupon(value, queryClient),
    onSuccess: (applied) => {
      if (applied) setKey('')
    },
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (key.trim() !== '') apply.mutate(key)
  }
  return (
    <form onSubmit={submit} className="space-y-2">
      <label htmlFor={inputId} className="block font-medium text-slate-800 text-sm">
        Cupom de desconto
      </label>
      <div className="flex gap-2">
        <input
          id={inputId}
          name="cupom"
          value={key}
          onChange={(event) => setKey(event.target.value.toUpperCase())}
          autoComplete="off"
          autoCapitalize="characters"
          maxLength={40}
          className={INPUT_CLASS}
        />
        <SubmitButton
          className="btn btn-outline shrink-0"
          pending={apply.isPending}
          icon={TicketPercent}
          disabled={key.trim() === ''}
        >
          Aplicar cupom
        </SubmitButton>
      </div>
    </form>
  )
}

/** A recommendation's card (a course or a product) and its picture. */
const SUGGESTION_CLASS = 'flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm'

function SuggestionPicture({ src, kind }: { src: string; kind: 'course' | 'product' }) {
  return (
    <FallbackImage
      src={src}
      fallback={DEFAULT_IMAGES[kind]}
      width={320}
      height={240}
      className="aspect-[4/3] w-full rounded-xl bg-slate-100 object-cover"
    />
  )
}

function ProductSuggestion({ product }: { product: Recommendations['produtos'][number] }) {
  const queryClient = useQueryClient()
  const nameId = useId()
  const add = useMutation({
    mutationFn: () => addToCart({ id: product.id, type: 'produto', option: 'add' }, queryClient),
  })
  return (
    <li className={SUGGESTION_CLASS}>
      <SuggestionPicture src={product.img} kind="product" />
      <Link
        to="/produtos/$id"
        params={{ id: String(product.id) }}
        id={nameId}
        className="font-semibold text-slate-900 hover:underline"
      >
        {product.name}
      </Link>
      <p className="font-bold text-teal-800">{formatBRL(product.price)}</p>
      <ActionButton
        className="btn btn-outline mt-auto"
        aria-describedby={nameId}
        pending={add.isPending}
        onClick={() => add.mutate()}
      >
        Adicionar ao carrinho
      </ActionButton>
    </li>
  )
}

function RecommendationsSection({ hash }: { hash: string }) {
  const query = useQuery(recommendationsQuery(hash))
  const cursos = query.data?.cursos ?? []
  const produtos = query.data?.produtos ?? []
  if (query.isPending || query.isError || cursos.length + produtos.length === 0) return null
  return (
    <section aria-labelledby="recomendacoes" className="mt-12">
      <h2 id="recomendacoes" className="font-bold text-2xl text-slate-900">
        Você também pode gostar
      </h2>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {cursos.map((curso) => (
          <li key={`curso-${curso.id}`} className={SUGGESTION_CLASS}>
            <SuggestionPicture src={curso.img} kind="course" />
            <p className="font-semibold text-slate-900">{curso.name}</p>
            {curso.price_from !== null ? (
              <PriceFrom cents={curso.price_from} className="text-slate-700 text-sm" amountSize="text-base" />
            ) : null}
            <Link
              to="/cursos/$url"
              params={{ url: curso.url }}
              className="btn btn-outline mt-auto"
              aria-label={`Saiba mais: ${curso.name}`}
            >
              Saiba mais
            </Link>
          </li>
        ))}
        {produtos.map((product) => (
          <ProductSuggestion key={`produto-${product.id}`} product={product} />
        ))}
      </ul>
    </section>
  )
}

/** /carrinho-de-compras: items, coupon, totals, recommendations and 'Finalizar compra'. */
export function CartPage() {
  const { hash, cart, query } = useStoredCart()

  if (hash !== null && query.isPending) {
    return (
      <PageShell>
        <LoadingState label="Carregando carrinho..." />
      </PageShell>
    )
  }
  if (hash !== null && query.isError && !cart) {
    return (
      <PageShell>
        <ErrorState
          title="Erro ao carregar o carrinho"
          detail={errorMessage(query.error, '') || undefined}
          onRetry={() => void query.refetch()}
        />
      </PageShell>
    )
  }
  if (hash === null || !cart || cart.data.data.itens.length === 0) {
    return (
      <PageShell>
        <EmptyCart />
      </PageShell>
    )
  }

  const view = cart.data.data
  return (
    <PageShell>
      <div className="grid gap-8 lg:grid-cols-[1fr_22rem] lg:items-start">
        <section aria-labelledby="itens-carrinho">
          <h2 id="itens-carrinho" className="sr-only">
            Itens
          </h2>
          <CartLines items={view.itens} />
        </section>
        <aside
          aria-label="Resumo do pedido"
          className="space-y-5 rounded-2xl border border-slate-200 bg-slate-50 p-5"
        >
          <CouponForm />
          <CartTotals view={view} />
          <p className="text-slate-700 text-sm">
            {cart.data.boleto
              ? 'Pague com cartão de crédito, PIX ou boleto.'
              : 'Pague com cartão de crédito ou PIX.'}
          </p>
          {/* A document of its own: only the checkout's policy lets the page reach the card gateway. */}
          <Link
            to="/checkout/$hash"
            params={{ hash: cart.hash }}
            reloadDocument
            className="btn btn-primary w-full"
          >
            Finalizar compra
          </Link>
          <Link to="/cursos" className="link block text-center text-sm">
            Continuar comprando
          </Link>
        </aside>
      </div>
      <RecommendationsSection hash={cart.hash} />
    </PageShell>
  )
}
