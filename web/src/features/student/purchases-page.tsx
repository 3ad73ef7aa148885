import { useQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { RefreshCw } from 'lucide'
import type { Purchase } from '../../../../worker/contract/student.ts'
import { grantsAccess } from '../../../../worker/domain/orders.ts'
import { ORDER_STATE_LABELS, PAYMENT_TYPE_LABELS } from '../../../../worker/domain/payments.ts'
import { Link } from '../../components/link.tsx'
import { QueryStatus } from '../../components/query-status.tsx'
import { formatInstantDate } from '../../lib/date.ts'
import { ActionButton } from '../../lib/form-field.tsx'
import { formatBRL } from '../../lib/money.ts'
import { showToast, toastError } from '../../lib/toast.ts'
import { writeCartHash } from '../cart/cart-storage.ts'
import { OrderLines } from '../checkout/order-lines.tsx'
import { BoletoPanel, PixPanel } from '../checkout/payment-panels.tsx'
import { NothingYet } from './nothing-yet.tsx'
import { PurchaseInvoiceLine } from './purchase-invoice.tsx'
import { StateBadge } from './state-badge.tsx'
import { purchasesQuery, repricedCart, usePayDifference, useReissuePayment } from './student.queries.ts'
import { WithdrawalSection } from './withdrawal.tsx'

export function paymentText(purchase: Pick<Purchase, 'payment_type' | 'instalments' | 'instalment_value'>) {
  if (!purchase.payment_type) return 'Sem pagamento (gratuito)'
  const label = PAYMENT_TYPE_LABELS[purchase.payment_type]
  if (purchase.payment_type !== 'CREDIT_CARD') return label
  return purchase.instalments > 1
    ? `${label} em ${purchase.instalments}x de ${formatBRL(purchase.instalment_value)}`
    : `${label} à vista`
}

function Reissue({ purchase }: { purchase: Purchase }) {
  const reissue = useReissuePayment()
  const navigate = useNavigate()
  const what = purchase.payment_type === 'PIX' ? 'PIX' : 'boleto'
  const refused = (error: unknown) => {
    void toastError(error, `Não foi possível gerar o novo ${what}.`)
    // The order is no longer sold as it was: its items go to the cart, at today's prices.
    const cart = repricedCart(error)
    if (cart) {
      writeCartHash(cart)
      void navigate({ to: '/carrinho-de-compras' })
    }
  }
  return (
    <div className="rounded-xl bg-amber-50 p-4 text-amber-950 ring-1 ring-amber-300">
      <p>
        O {what} deste pedido venceu sem pagamento. Você pode gerar um novo {what} para o mesmo pedido, sem
        refazer a compra.
      </p>
      <ActionButton
        className="btn btn-outline mt-3"
        pending={reissue.isPending}
        icon={RefreshCw}
        onClick={() =>
          reissue.mutate(
            { orderId: purchase.order_id },
            {
              onSuccess: () => void showToast('success', `Novo ${what} gerado.`),
              onError: refused,
            },
          )
        }
      >
        Gerar novo {what}
      </ActionButton>
    </div>
  )
}

/** 'Pagar a diferença por PIX' and '… por boleto': the difference becomes an order of its own, listed here. */
function PayDifferenceButtons({ purchase }: { purchase: Purchase }) {
  const pay = usePayDifference()
  const choose = (paymentType: 'PIX' | 'BOLETO') =>
    pay.mutate(
      { orderId: purchase.order_id, paymentType },
      {
        onSuccess: () =>
          void showToast(
            'success',
            paymentType === 'PIX' ? 'PIX da diferença gerado.' : 'Boleto da diferença gerado.',
          ),
        onError: (error) => void toastError(error, 'Não foi possível gerar o pagamento da diferença.'),
      },
    )
  return (
    <div className="mt-3 flex flex-wrap gap-2">
      {(
        [
          ['PIX', 'PIX', 'btn-primary'],
          ['BOLETO', 'boleto', 'btn-outline'],
        ] as const
      ).map(([type, label, style]) => (
        <button
          key={type}
          type="button"
          className={`btn ${style}`}
          disabled={pay.isPending}
          aria-busy={pay.isPending || undefined}
          onClick={() => choose(type)}
        >
          Pagar a diferença por {label}
        </button>
      ))}
    </div>
  )
}

/**
 * A boleto paid short (issue 40, item 5): what arrived, what is missing, and how to pay it; the
 * enrollment opens once the difference is paid (or the institute accepts what came).
 */
export function UnderpaidNotice({ purchase }: { purchase: Purchase }) {
  const short = purchase.underpaid
  if (!short) return null
  return (
    <div className="rounded-xl bg-amber-50 p-4 text-amber-950 ring-1 ring-amber-300">
      <p className="font-semibold">
        Boleto pago a menor: recebemos {formatBRL(short.received)} de {formatBRL(purchase.total)}; faltam{' '}
        {formatBRL(short.missing)}.
      </p>
      <p className="mt-1">
        {short.can_pay_difference
          ? 'A inscrição é confirmada quando a diferença chegar. Pague-a por PIX ou boleto: o pagamento aparece nesta lista como um pedido à parte.'
          : 'O Centro de Ensino vai analisar o pagamento e entrar em contato.'}
      </p>
      {short.can_pay_difference ? <PayDifferenceButtons purchase={purchase} /> : null}
    </div>
  )
}

/**
 * A student document the institute rejected (issue 29, item 3): why, and the difference to pay by
 * PIX or boleto before the deadline (the new order then shows here with its code or slip).
 */
function StudentDocumentNotice({ purchase }: { purchase: Purchase }) {
  const document = purchase.student_document
  if (document?.status !== 'rejected') return null
  const open =
    document.difference > 0 &&
    !document.difference_paid &&
    document.deadline !== null &&
    new Date(document.deadline).getTime() > Date.now() &&
    grantsAccess(purchase.status)
  return (
    <div className="rounded-xl bg-amber-50 p-4 text-amber-950 ring-1 ring-amber-300">
      <p className="font-semibold">O documento de estudante deste pedido foi recusado.</p>
      {document.reason ? <p className="mt-1 break-words">Motivo: {document.reason}</p> : null}
      {document.difference_paid ? (
        <p className="mt-1">
          A diferença de {formatBRL(document.difference)} foi paga: sua inscrição continua.
        </p>
      ) : open ? (
        <>
          <p className="mt-1">
            Para manter a inscrição, pague a diferença de {formatBRL(document.difference)} até{' '}
            {formatInstantDate(document.deadline!)}. Sem o pagamento, o pedido será cancelado e o valor,
            estornado.
          </p>
          <PayDifferenceButtons purchase={purchase} />
        </>
      ) : null}
    </div>
  )
}

function PurchaseCard({ purchase }: { purchase: Purchase }) {
  const titleId = `pedido-${purchase.order_id}`
  return (
    <article aria-labelledby={titleId} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2 id={titleId} className="font-bold text-lg text-slate-900">
          Pedido de {formatInstantDate(purchase.created_at)}
        </h2>
        <StateBadge tone={purchase.status}>{ORDER_STATE_LABELS[purchase.status]}</StateBadge>
      </div>
      <OrderLines items={purchase.items} className="mt-3 divide-y divide-slate-100" />
      <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
        <div>
          <dt className="inline text-slate-600">Pagamento: </dt>
          <dd className="inline font-medium text-slate-900">{paymentText(purchase)}</dd>
        </div>
        <div>
          <dt className="inline text-slate-600">Total: </dt>
          <dd className="inline whitespace-nowrap font-bold text-slate-900">{formatBRL(purchase.total)}</dd>
        </div>
        {purchase.gift ? (
          <div className="sm:col-span-2">
            <dt className="inline text-slate-600">Presente para: </dt>
            <dd className="inline wrap-anywhere text-slate-900">
              {purchase.gift.name} ({purchase.gift.email})
            </dd>
          </div>
        ) : null}
        {purchase.refunded_cents > 0 ? (
          <div>
            <dt className="inline text-slate-600">Estornado: </dt>
            <dd className="inline whitespace-nowrap text-slate-900">{formatBRL(purchase.refunded_cents)}</dd>
          </div>
        ) : null}
      </dl>
      <div className="mt-4 space-y-4">
        <PurchaseInvoiceLine
          invoice={purchase.invoice}
          of={`do pedido de ${formatInstantDate(purchase.created_at)}`}
        />
        {purchase.boleto ? (
          <BoletoPanel
            level={3}
            link={purchase.boleto.link}
            line={purchase.boleto.line}
            dueAt={purchase.boleto.due_at}
          />
        ) : null}
        {purchase.pix ? (
          <PixPanel
            level={3}
            code={purchase.pix.code}
            expiresAt={purchase.pix.expires_at}
            amount={formatBRL(purchase.total)}
            expiredHint="Recarregue a página: depois do fechamento, você pode gerar um novo PIX aqui."
          />
        ) : null}
        {purchase.can_reissue ? <Reissue purchase={purchase} /> : null}
        <UnderpaidNotice purchase={purchase} />
        <StudentDocumentNotice purchase={purchase} />
        <WithdrawalSection purchase={purchase} />
      </div>
      <Link
        to="/usuario/compras/$orderId"
        params={{ orderId: purchase.order_id }}
        className="mt-4 inline-block font-semibold text-teal-800 underline"
      >
        Ver detalhes do pedido<span className="sr-only"> de {formatInstantDate(purchase.created_at)}</span>
      </Link>
    </article>
  )
}

/** /usuario/compras: every order of the student, newest first. */
export function PurchasesPage() {
  const purchases = useQuery(purchasesQuery())
  return (
    <div className="container-page py-10 md:py-14">
      <h1 className="font-extrabold text-3xl text-slate-900 tracking-tight md:text-4xl">Minhas compras</h1>
      <QueryStatus query={purchases} loading="Carregando suas compras..." />
      {purchases.data?.length === 0 ? <NothingYet>Você ainda não fez compras.</NothingYet> : null}
      {purchases.data?.length ? (
        <ul className="mt-8 space-y-6">
          {purchases.data.map((purchase) => (
            <li key={purchase.order_id}>
              <PurchaseCard purchase={purchase} />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}
