import type { CheckoutView } from '../../../../worker/contract/cart.ts'
import { Link } from '../../components/link.tsx'
import { formatBRL } from '../../lib/money.ts'
import { LinePrice } from '../cart/cart-lines.tsx'

type Charge = { instalments: number; total: number; interest: number }

function Badge({ children }: { children: React.ReactNode }) {
  return (
    <span className="inline-block rounded-full bg-amber-100 px-2 py-0.5 font-semibold text-amber-950 text-xs">
      {children}
    </span>
  )
}

/** What is being bought, priced by the server, and what will be charged with the choices made. */
export function OrderSummary({
  view,
  charge,
  donationCents,
}: {
  view: CheckoutView
  charge: Charge
  donationCents: number
}) {
  const couponKey = (couponId: number | null) =>
    couponId === null ? null : (view.cupons.find((cupom) => cupom.cupom.id === couponId)?.key ?? null)
  const discount = view.totals.gross_total - view.totals.net_value

  return (
    <section aria-labelledby="resumo-pedido" className="rounded-2xl border border-slate-200 bg-slate-50 p-5">
      <div className="flex items-baseline justify-between gap-4">
        <h2 id="resumo-pedido" className="font-bold text-slate-900 text-xl">
          Resumo do pedido
        </h2>
        <Link to="/carrinho-de-compras" className="link text-sm">
          Editar carrinho
        </Link>
      </div>
      <ul className="mt-3 divide-y divide-slate-200" aria-label="Itens do pedido">
        {view.turmas.map((turma) => {
          const coupon = couponKey(turma.coupon_id)
          return (
            <li key={`turma-${turma.id}`} className="py-3">
              <p className="font-semibold text-slate-900 leading-snug">{turma.course.name}</p>
              <p className="text-slate-700 text-sm">{turma.name}</p>
              <div className="mt-1 flex flex-wrap items-center justify-between gap-2">
                <span className="flex flex-wrap gap-1">
                  {turma.student_price_applied ? <Badge>Preço de estudante</Badge> : null}
                  {coupon ? <Badge>Cupom {coupon}</Badge> : null}
                </span>
                <LinePrice gross={turma.gross_value} net={turma.net_value} />
              </div>
            </li>
          )
        })}
        {view.produtos.map((produto) => (
          <li key={`produto-${produto.id}`} className="py-3">
            <p className="font-semibold text-slate-900 leading-snug">{produto.name}</p>
            <div className="mt-1 flex justify-end">
              <LinePrice gross={produto.price} net={produto.net_value} />
            </div>
          </li>
        ))}
        {view.pacotes.map((pacote) => (
          <li key={`pacote-${pacote.id}`} className="py-3">
            <p className="font-semibold text-slate-900 leading-snug">{pacote.name}</p>
            <ul className="mt-1 list-disc pl-5 text-slate-700 text-sm">
              {pacote.courses.map((course) => (
                <li key={course.turma.id}>{course.turma.course.name}</li>
              ))}
            </ul>
            <div className="mt-1 flex justify-end">
              <LinePrice gross={pacote.valor_total} net={pacote.valor_descontado} />
            </div>
          </li>
        ))}
      </ul>
      <dl className="mt-2 space-y-1 border-slate-200 border-t pt-3 text-slate-800 text-sm">
        <div className="flex justify-between gap-4">
          <dt>Subtotal ({view.totals.num_itens === 1 ? '1 item' : `${view.totals.num_itens} itens`})</dt>
          <dd className="whitespace-nowrap">{formatBRL(view.totals.gross_total)}</dd>
        </div>
        {discount > 0 ? (
          <div className="flex justify-between gap-4 text-teal-800">
            <dt>Descontos</dt>
            <dd className="whitespace-nowrap">− {formatBRL(discount)}</dd>
          </div>
        ) : null}
        {charge.interest > 0 ? (
          <div className="flex justify-between gap-4">
            <dt>Juros do parcelamento ({charge.instalments}x)</dt>
            <dd className="whitespace-nowrap">{formatBRL(charge.interest)}</dd>
          </div>
        ) : null}
        {donationCents > 0 ? (
          <div className="flex justify-between gap-4">
            <dt>Doação</dt>
            <dd className="whitespace-nowrap">{formatBRL(donationCents)}</dd>
          </div>
        ) : null}
        <div className="flex justify-between gap-4 border-slate-200 border-t pt-2 font-bold text-base text-slate-900">
          <dt>Total a pagar</dt>
          <dd className="whitespace-nowrap" data-testid="checkout-total">
            {formatBRL(charge.total)}
          </dd>
        </div>
      </dl>
    </section>
  )
}
