import type { CheckoutView } from '../../../../worker/contract/cart.ts'
import { Link } from '../../components/link.tsx'
import { formatBRL } from '../../lib/money.ts'
import { DiscountRow, LinePrice, TotalRow } from '../cart/cart-lines.tsx'

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
        <TotalRow
          label={`Subtotal (${view.totals.num_itens === 1 ? '1 item' : `${view.totals.num_itens} itens`})`}
        >
          {formatBRL(view.totals.gross_total)}
        </TotalRow>
        <DiscountRow discount={view.totals.gross_total - view.totals.net_value} />
        {charge.interest > 0 ? (
          <TotalRow label={`Juros do parcelamento (${charge.instalments}x)`}>
            {formatBRL(charge.interest)}
          </TotalRow>
        ) : null}
        {donationCents > 0 ? <TotalRow label="Doação">{formatBRL(donationCents)}</TotalRow> : null}
        <TotalRow label="Total a pagar" total testId="checkout-total">
          {formatBRL(charge.total)}
        </TotalRow>
      </dl>
    </section>
  )
}
