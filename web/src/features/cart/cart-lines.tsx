import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Trash2 } from 'lucide'
import { useState } from 'react'
import type { CartItem, CartView } from '../../../../worker/contract/cart.ts'
import { DEFAULT_IMAGES } from '../../../../worker/domain/institute.ts'
import { seatsLabel } from '../../../../worker/domain/seats.ts'
import { ActionButton } from '../../lib/form-field.tsx'
import { formatBRL } from '../../lib/money.ts'
import { removeFromCart } from './cart.mutations.ts'

const TYPE_LABEL: Record<CartItem['type'], string> = { turma: 'Curso', produto: 'Produto', pacote: 'Pacote' }

function CartItemImage({ item, size }: { item: CartItem; size: number }) {
  const fallback = item.type === 'produto' ? DEFAULT_IMAGES.product : DEFAULT_IMAGES.course
  const [src, setSrc] = useState(item.img || fallback)
  return (
    <img
      src={src}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      onError={() => setSrc(fallback)}
      className="aspect-square shrink-0 rounded-lg bg-slate-100 object-cover"
      style={{ width: size, height: size }}
    />
  )
}

/** Gross struck through when above net (SPEC section 3), then the net. */
export function LinePrice({ gross, net }: { gross: number; net: number }) {
  return (
    <span className="flex flex-wrap items-baseline justify-end gap-x-2">
      {gross > net ? (
        <span className="text-slate-600 text-sm">
          <span className="sr-only">de </span>
          <s className="whitespace-nowrap">{formatBRL(gross)}</s>
          <span className="sr-only"> por</span>
        </span>
      ) : null}
      <span className="whitespace-nowrap font-bold text-slate-900">{formatBRL(net)}</span>
    </span>
  )
}

function CartLine({ item, compact }: { item: CartItem; compact: boolean }) {
  const queryClient = useQueryClient()
  const remove = useMutation({ mutationFn: () => removeFromCart(item, queryClient) })
  const seats = seatsLabel(item.seats_left)
  return (
    <li className="flex items-start gap-3 py-3">
      <CartItemImage item={item} size={compact ? 56 : 80} />
      <div className="min-w-0 flex-1">
        <p className="text-slate-600 text-xs uppercase tracking-wide">{TYPE_LABEL[item.type]}</p>
        <p className={`font-semibold text-slate-900 leading-snug ${compact ? 'text-sm' : ''}`}>{item.name}</p>
        {seats ? (
          <p
            className={`font-semibold text-sm ${item.seats_left === 0 ? 'text-red-800' : 'text-amber-900'}`}
            data-testid="cart-item-seats"
          >
            {seats}
          </p>
        ) : null}
        <div className="mt-1 flex items-center justify-between gap-2">
          <ActionButton
            className="inline-flex min-h-9 items-center gap-1 rounded-full px-2 font-medium text-red-800 text-sm hover:bg-red-50"
            onClick={() => remove.mutate()}
            pending={remove.isPending}
            icon={Trash2}
            aria-label={`Remover ${item.name}`}
          >
            Remover
          </ActionButton>
          <LinePrice gross={item.gross_value} net={item.net_value} />
        </div>
      </div>
    </li>
  )
}

/** The cart's lines, each with its remove button. */
export function CartLines({ items, compact = false }: { items: CartItem[]; compact?: boolean }) {
  return (
    <ul className="divide-y divide-slate-200" aria-label="Itens do carrinho">
      {items.map((item) => (
        <CartLine key={`${item.type}-${item.id}`} item={item} compact={compact} />
      ))}
    </ul>
  )
}

/** num_itens, gross_total and net_value, with the discount between them. */
export function CartTotals({ view }: { view: Omit<CartView, 'itens'> }) {
  const discount = view.gross_total - view.net_value
  return (
    <dl className="space-y-1 text-slate-800 text-sm">
      <div className="flex justify-between gap-4">
        <dt>Itens</dt>
        <dd data-testid="cart-num-itens">{view.num_itens}</dd>
      </div>
      <div className="flex justify-between gap-4">
        <dt>Subtotal</dt>
        <dd className="whitespace-nowrap" data-testid="cart-gross-total">
          {formatBRL(view.gross_total)}
        </dd>
      </div>
      {discount > 0 ? (
        <div className="flex justify-between gap-4 text-teal-800">
          <dt>Descontos</dt>
          <dd className="whitespace-nowrap">− {formatBRL(discount)}</dd>
        </div>
      ) : null}
      <div className="flex justify-between gap-4 border-slate-200 border-t pt-2 font-bold text-base text-slate-900">
        <dt>Total</dt>
        <dd className="whitespace-nowrap" data-testid="cart-net-value">
          {formatBRL(view.net_value)}
        </dd>
      </div>
    </dl>
  )
}
