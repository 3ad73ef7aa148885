import { Fragment, useId, useState } from 'react'
import type { ShowcaseCard } from '../../../../worker/contract/showcase.ts'
import { DEFAULT_IMAGES } from '../../../../worker/domain/institute.ts'
import { SmartLink } from '../../components/smart-link.tsx'
import { formatBRL } from '../../lib/money.ts'
import { AddToCartButton } from '../cart/add-to-cart-button.tsx'

// SPEC section 9: a name longer than this gives the image 7 of 12 columns instead of 5.
const LONG_NAME_LENGTH = 50
const FLOAT_MIN_S = 6
const FLOAT_SPREAD_S = 6

/**
 * Each card floats at its own pace between 6 and 12 s (SPEC section 1). The pace comes from the
 * card's id, not Math.random(): the page rendered by the Worker and the browser's hydration
 * must agree on it, and neighbouring ids still land far apart (golden-ratio steps).
 */
export function floatSeconds(id: number): number {
  const fraction = (Math.abs(id) * 0.618_033_988_75) % 1
  return FLOAT_MIN_S + fraction * FLOAT_SPREAD_S
}

export type CardAction = { kind: 'cart' } | { kind: 'link'; label: 'realizar inscrição' | 'Saiba mais' }

/** SPEC section 2: cart mode wins; otherwise an open course without a product is a sign-up. */
export function cardAction(card: Pick<ShowcaseCard, 'open' | 'product_id'>, cartMode: boolean): CardAction {
  if (cartMode) return { kind: 'cart' }
  return { kind: 'link', label: card.open && card.product_id === null ? 'realizar inscrição' : 'Saiba mais' }
}

function CardName({ card }: { card: ShowcaseCard }) {
  const parts = card.name_splited?.filter((part) => part.trim() !== '')
  if (!parts || parts.length === 0) return <>{card.name}</>
  return (
    <>
      {parts.map((part, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts are static text and may repeat
        <Fragment key={index}>
          {index > 0 ? <span className="block text-teal-700">+</span> : null}
          <span className="block">{part}</span>
        </Fragment>
      ))}
    </>
  )
}

export function CourseCard({ card, cartMode }: { card: ShowcaseCard; cartMode: boolean }) {
  const nameId = useId()
  const [src, setSrc] = useState(card.img ?? DEFAULT_IMAGES.course)
  const longName = card.name.length > LONG_NAME_LENGTH
  const showAmount = card.amount !== null && card.amount > card.price
  const action = cardAction(card, cartMode)

  return (
    <article
      className="course-card flex h-full flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
      style={{ animationDuration: `${floatSeconds(card.id).toFixed(2)}s` }}
    >
      <div className="grid grid-cols-12 items-center gap-4">
        <img
          src={src}
          alt={card.name}
          width={400}
          height={300}
          loading="lazy"
          decoding="async"
          onError={() =>
            setSrc((current) => (current === DEFAULT_IMAGES.course ? current : DEFAULT_IMAGES.course))
          }
          className={`${longName ? 'col-span-7' : 'col-span-5'} aspect-[4/3] w-full rounded-xl bg-slate-100 object-cover`}
        />
        <div className={`${longName ? 'col-span-5' : 'col-span-7'} flex flex-col items-start`}>
          {showAmount ? (
            <p className="text-slate-600 text-sm">
              <span className="sr-only">de </span>
              <s className="whitespace-nowrap">{formatBRL(card.amount)}</s>
              <span className="sr-only"> por</span>
            </p>
          ) : null}
          <p className="whitespace-nowrap font-bold text-2xl text-teal-800" data-testid="card-price">
            {formatBRL(card.price)}
          </p>
        </div>
      </div>
      <h3 id={nameId} className="font-bold text-lg text-slate-900 leading-snug">
        <CardName card={card} />
      </h3>
      <div className="text-slate-700 text-sm">
        <p className="font-semibold text-slate-800">{card.description_title}</p>
        <p className="mt-1 line-clamp-4">{card.description}</p>
      </div>
      <div className="mt-auto pt-2">
        {action.kind === 'cart' ? (
          <AddToCartButton id={card.id} type={card.type} describedBy={nameId} className="w-full" />
        ) : card.url ? (
          <SmartLink href={card.url} className="btn btn-outline w-full" describedBy={nameId}>
            {action.label}
          </SmartLink>
        ) : null}
      </div>
    </article>
  )
}
