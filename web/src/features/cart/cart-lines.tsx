import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Trash2 } from 'lucide'
import type { ReactNode } from 'react'
import type { CartItem, CartView } from '../../../../worker/contract/cart.ts'
import { DEFAULT_IMAGES } from '../../../../worker/domain/institute.ts'
import { seatsLabel } from '../../../../worker/domain/seats.ts'
import { ActionButton } from '../../lib/form-field.tsx'
import { formatBRL } from '../../lib/money.ts'
import { FallbackImage } from '../catalog/fallback-image.tsx'
import { removeFromCart } from './cart.mutations.ts'

const TYPE_LABEL: Record<CartItem['type'], string> = { turma: 'Curso', produto: 'Produto', pacote: 'Pacote' }

function CartItemImage({ item, size }: { item: CartItem; size: number }) {
  return (
    <FallbackImage
      src={item.img}
      fallback={item.type === 'produto' ? DEFAULT_IMAGES.product : DEFAULT_IMAGES.course}
      width={size}
      height={size}
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

/** One row of a totals list: the label, then the amount; `total` is the last row, in bold. */
export function TotalRow({
  label,
  children,
  total = false,
  testId,
}: {
  label: ReactNode
  children: ReactNode
  total?: boolean
  testId?: string
}) {
  return (
    <div
      className={
        total
          ? 'flex justify-between gap-4 border-slate-200 border-t pt-2 font-bold text-base text-slate-900'
          : 'flex justify-between gap-4'
      }
    >
      <dt>{label}</dt>
      <dd className="whitespace-nowrap" data-testid={testId}>
        {children}
      </dd>
    </div>
  )
}

/** The discount's row of a totals list, when there is a discount. */
export function DiscountRow({ discount }: { discount: number }) {
  if (discount <= 0) return null
  return (
    <div className="flex justify-between gap-4 text-teal-800">
      <dt>Descontos</dt>
      <dd className="whitespace-nowrap">− {formatBRL(discount)}</dd>
    </div>
  )
}

/** num_itens, gross_total and net_value, with the discount between them. */
export function CartTotals({ view }: { view: Omit<CartView, 'itens'> }) {
  return (
    <dl className="space-y-1 text-slate-800 text-sm">
      <TotalRow label="Itens" testId="cart-num-itens">
        {view.num_itens}
      </TotalRow>
      <TotalRow label="Subtotal" testId="cart-gross-total">
        {formatBRL(view.gross_total)}
      </TotalRow>
      <DiscountRow discount={view.gross_total - view.net_value} />
      <TotalRow label="Total" total testId="cart-net-value">
        {formatBRL(view.net_value)}
      </TotalRow>
    </dl>
  )
}
