import { useId } from 'react'
import type { CourseBundle } from '../../../../worker/contract/catalog.ts'
import { scarcestSeats, seatsLabel } from '../../../../worker/domain/seats.ts'
import { formatBRL } from '../../lib/money.ts'
import { AddToCartButton } from '../cart/add-to-cart-button.tsx'
import { PaymentTerms } from './turma-card.tsx'

/**
 * One bundle that holds a class of the course: what it includes, its price against the sum of its
 * parts, and the same 'Adicionar ao carrinho' as the home page's cards. `seats` arrives after the
 * page is drawn; a bundle whose scarcest class is sold out is not offered (the cart refuses it).
 */
function BundleCard({ bundle, seats }: { bundle: CourseBundle; seats: Map<number, number> | undefined }) {
  const nameId = useId()
  const left = scarcestSeats(bundle.ids_turma.map((id) => seats?.get(id)))
  const few = seatsLabel(left)
  const soldOut = left === 0

  return (
    <article
      aria-labelledby={nameId}
      className="flex h-full flex-col gap-4 rounded-2xl border border-teal-200 bg-white p-5 shadow-sm"
    >
      <div>
        <h3 id={nameId} className="font-bold text-lg text-slate-900 leading-snug">
          {bundle.name}
        </h3>
        {bundle.description ? <p className="mt-2 text-slate-700 text-sm">{bundle.description}</p> : null}
      </div>
      <div>
        <p className="font-semibold text-slate-800 text-sm">Inclui:</p>
        <ul className="mt-1 list-disc space-y-1 pl-5 text-slate-700 text-sm">
          {bundle.courses.map((course) => (
            <li key={`${course.name}|${course.turma}`}>
              <span className="font-semibold text-slate-900">{course.name}</span> — {course.turma}
            </li>
          ))}
        </ul>
      </div>
      <div>
        <p className="text-slate-600 text-sm">
          <span className="sr-only">de </span>
          <s className="whitespace-nowrap">{formatBRL(bundle.valor_total)}</s>
          <span className="sr-only"> por</span>
        </p>
        <p className="whitespace-nowrap font-bold text-3xl text-teal-800" data-testid="bundle-price">
          {formatBRL(bundle.valor_descontado)}
        </p>
        <p
          className="mt-2 inline-block rounded-full bg-amber-100 px-3 py-1 font-semibold text-amber-950 text-sm"
          data-testid="bundle-saving"
        >
          Economize <span className="whitespace-nowrap">{formatBRL(bundle.economia)}</span>
        </p>
        <PaymentTerms instalmentTimes={bundle.instalment_times} boleto={bundle.boleto} />
      </div>
      <div className="mt-auto">
        {soldOut ? (
          <p
            className="rounded-full bg-slate-200 px-4 py-2.5 text-center font-semibold text-slate-800 text-sm"
            data-testid="bundle-seats"
          >
            Pacote esgotado
          </p>
        ) : (
          <>
            {few ? (
              <p className="mb-2 text-center font-semibold text-amber-900 text-sm" data-testid="bundle-seats">
                {few}
              </p>
            ) : null}
            <AddToCartButton id={bundle.id} type="pacote" describedBy={nameId} className="w-full" />
          </>
        )}
      </div>
    </article>
  )
}

/** 'Pacotes com este curso': nothing at all when no bundle on sale holds one of its classes. */
export function BundleOffers({
  bundles,
  seats,
}: {
  bundles: CourseBundle[]
  seats: Map<number, number> | undefined
}) {
  if (bundles.length === 0) return null
  return (
    <section id="pacotes" aria-labelledby="pacotes-titulo" className="mt-12">
      <h2 id="pacotes-titulo" className="font-bold text-2xl text-slate-900">
        Pacotes com este curso
      </h2>
      <ul className="mt-5 grid gap-6 md:grid-cols-2 xl:grid-cols-3">
        {bundles.map((bundle) => (
          <li key={bundle.id}>
            <BundleCard bundle={bundle} seats={seats} />
          </li>
        ))}
      </ul>
    </section>
  )
}
