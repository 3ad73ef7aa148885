import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { CircleCheck, Clock, TriangleAlert } from 'lucide'
import { useEffect, useRef, useState } from 'react'
import type { PayResult } from '../../../../worker/contract/checkout.ts'
import { INSTITUTE } from '../../../../worker/domain/institute.ts'
import { grantsAccess } from '../../../../worker/domain/orders.ts'
import { ORDER_STATE_LABELS, type PaymentType } from '../../../../worker/domain/payments.ts'
import { Icon } from '../../components/icons.tsx'
import { Link } from '../../components/link.tsx'
import { ErrorState, LoadingState } from '../../components/page-status.tsx'
import { ActionButton } from '../../lib/form-field.tsx'
import { formatBRL } from '../../lib/money.ts'
import { errorMessage, toastError } from '../../lib/toast.ts'
import { authKeys } from '../auth/auth.queries.ts'
import { simulatePayment } from './checkout.mutations.ts'
import {
  awaitsPayment,
  checkoutKeys,
  type OrderStatus,
  orderQuery,
  paymentsConfigQuery,
} from './checkout.queries.ts'
import { OrderLines } from './order-lines.tsx'
import { recalledOrder } from './order-record.ts'
import { BoletoPanel, PixPanel } from './payment-panels.tsx'

export const STATUS_LABELS = ORDER_STATE_LABELS

/** SPEC section 8: the purchase went through, the confirmation e-mail did not. */
export const EMAIL_FAILED_MESSAGE = `Sua compra foi realizada com sucesso, mas não foi possível enviar o e-mail de confirmação. Entre em contato com o Centro de Ensino pelo e-mail ${INSTITUTE.emails.education}.`

type Method = PaymentType

const methodOf = (order: PayResult): Method =>
  order.ccj_pix_code ? 'PIX' : order.ccj_pay_number || order.ccj_boleto_link ? 'BOLETO' : 'CREDIT_CARD'

function heading(order: PayResult, method: Method, sawPending: boolean): string {
  switch (order.status) {
    case 'paid':
      return method === 'CREDIT_CARD' && !sawPending ? 'Pagamento aprovado' : 'Pagamento confirmado'
    case 'partially_refunded':
      return 'Pagamento confirmado'
    case 'underpaid':
      return 'Boleto pago a menor'
    case 'pending':
      return method === 'PIX' ? 'Pedido recebido: falta pagar o PIX' : 'Pedido recebido: falta pagar o boleto'
    case 'failed':
      return 'Pagamento recusado'
    case 'expired':
      return 'Pagamento expirado'
    case 'refunded':
      return 'Pagamento estornado'
    case 'charged_back':
      return 'Pagamento contestado'
    case 'chargeback_lost':
      return 'Contestação encerrada'
  }
}

/** After the sale: what a refund or a chargeback did to the order and its enrollments. */
function AfterSale({ order }: { order: PayResult }) {
  if (order.status === 'partially_refunded') {
    return (
      <p className="rounded-2xl bg-slate-50 p-5 text-slate-900 ring-1 ring-slate-200">
        Estornamos {formatBRL(order.refunded_cents)} deste pedido. Sua inscrição continua ativa.
      </p>
    )
  }
  if (order.status === 'refunded') {
    return (
      <p className="rounded-2xl bg-slate-50 p-5 text-slate-900 ring-1 ring-slate-200">
        O valor de {formatBRL(order.refunded_cents || order.total)} foi devolvido e as inscrições deste pedido
        foram canceladas.
      </p>
    )
  }
  if (order.status === 'charged_back') {
    return (
      <p className="rounded-2xl bg-slate-50 p-5 text-slate-900 ring-1 ring-slate-200">
        O pagamento foi contestado junto à operadora do cartão e as inscrições deste pedido foram canceladas.
        Em caso de dúvida, fale com o Centro de Ensino pelo e-mail {INSTITUTE.emails.education}.
      </p>
    )
  }
  if (order.status === 'underpaid') {
    return (
      <div className="rounded-2xl bg-amber-50 p-5 text-amber-950 ring-1 ring-amber-300">
        <p>
          O boleto foi pago com um valor menor que o total do pedido. A inscrição é confirmada quando a
          diferença for paga: veja quanto falta e pague por PIX ou boleto em Minhas compras.
        </p>
        <Link to="/usuario/compras" className="btn btn-outline mt-3">
          Ir para Minhas compras
        </Link>
      </div>
    )
  }
  if (order.status === 'chargeback_lost') {
    return (
      <p className="rounded-2xl bg-slate-50 p-5 text-slate-900 ring-1 ring-slate-200">
        A contestação do pagamento terminou com o valor devolvido ao titular do cartão: as inscrições e os
        certificados deste pedido foram encerrados. Em caso de dúvida, fale com o Centro de Ensino pelo e-mail{' '}
        {INSTITUTE.emails.education}.
      </p>
    )
  }
  return null
}

function SimulatePayment({ orderId }: { orderId: string }) {
  const queryClient = useQueryClient()
  const simulate = useMutation({
    mutationFn: () => simulatePayment(orderId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: checkoutKeys.order(orderId) }),
    onError: (error) => void toastError(error, 'Não foi possível simular o pagamento.'),
  })
  return (
    <div className="rounded-2xl border border-amber-300 border-dashed bg-amber-50 p-4 text-amber-950">
      <p className="text-sm">Ambiente de testes: nenhum pagamento de verdade é feito aqui.</p>
      <ActionButton
        className="btn btn-outline mt-2"
        pending={simulate.isPending}
        onClick={() => simulate.mutate()}
      >
        Simular pagamento
      </ActionButton>
    </div>
  )
}

function OrderItems({ order }: { order: OrderStatus }) {
  return (
    <section aria-labelledby="itens-pedido" className="rounded-2xl border border-slate-200 bg-slate-50 p-5">
      <h2 id="itens-pedido" className="font-bold text-lg text-slate-900">
        Itens do pedido
      </h2>
      <OrderLines items={order.items} className="mt-2 divide-y divide-slate-200" />
      <dl className="mt-2 space-y-1 border-slate-200 border-t pt-2 text-sm">
        {order.instalments > 1 ? (
          <div className="flex justify-between gap-4">
            <dt>Parcelamento</dt>
            <dd className="whitespace-nowrap">
              {order.instalments}x de {formatBRL(order.instalment_value)}
            </dd>
          </div>
        ) : null}
        <div className="flex justify-between gap-4 font-bold text-base text-slate-900">
          <dt>Total</dt>
          <dd className="whitespace-nowrap">{formatBRL(order.total)}</dd>
        </div>
      </dl>
    </section>
  )
}

/** /pedido/{order_id}: approved card, boleto or PIX to pay (with live status), or what went wrong. */
export function OrderPage({ orderId }: { orderId: string }) {
  const queryClient = useQueryClient()
  const query = useQuery(orderQuery(orderId))
  const config = useQuery(paymentsConfigQuery())
  const [record] = useState(() => recalledOrder(orderId))
  const order = query.data
  const sawPending = useRef(false)
  if (order?.status === 'pending') sawPending.current = true
  const paid = order ? grantsAccess(order.status) : false

  // Paid: the enrollments exist now; the header's user (and a session made at checkout) is re-read.
  useEffect(() => {
    if (paid) void queryClient.invalidateQueries({ queryKey: authKeys.user() })
  }, [paid, queryClient])

  if (query.isPending) {
    return (
      <div className="container-page py-12">
        <LoadingState label="Carregando pedido..." />
      </div>
    )
  }
  if (!order) {
    return (
      <div className="container-page py-12">
        <h1 className="font-extrabold text-3xl text-slate-900">Pedido</h1>
        <ErrorState
          title="Erro ao carregar o pedido"
          detail={errorMessage(query.error, '') || undefined}
          onRetry={() => void query.refetch()}
        />
      </div>
    )
  }

  const method = methodOf(order)
  const pending = awaitsPayment(order)
  const statusIcon = paid ? CircleCheck : order.status === 'pending' ? Clock : TriangleAlert

  return (
    <div className="container-page max-w-4xl py-10 md:py-14">
      <div className="flex items-start gap-3">
        <Icon
          drawing={statusIcon}
          className={`mt-1 size-8 shrink-0 ${paid ? 'text-teal-700' : order.status === 'pending' ? 'text-amber-700' : 'text-red-700'}`}
        />
        <div>
          <h1 className="font-extrabold text-3xl text-slate-900 tracking-tight md:text-4xl">
            {heading(order, method, sawPending.current)}
          </h1>
          <p className="mt-1 text-slate-700" aria-live="polite">
            Situação do pagamento: <strong data-testid="order-status">{STATUS_LABELS[order.status]}</strong>
          </p>
        </div>
      </div>

      {record?.emailFailed ? (
        <p role="alert" className="mt-5 rounded-lg bg-amber-50 p-4 text-amber-950 ring-1 ring-amber-300">
          {EMAIL_FAILED_MESSAGE}
        </p>
      ) : null}

      <div className="mt-6 space-y-6">
        {paid ? (
          <div className="rounded-2xl bg-teal-50 p-5 text-teal-950 ring-1 ring-teal-200">
            <p>Sua inscrição está confirmada. Os cursos já estão na sua área do aluno.</p>
            <Link to="/usuario/cursos" className="btn btn-primary mt-3">
              Meus cursos
            </Link>
          </div>
        ) : null}
        {pending && method === 'PIX' && order.ccj_pix_code ? (
          <PixPanel
            code={order.ccj_pix_code}
            expiresAt={order.pix_expires_at}
            amount={formatBRL(order.total)}
          />
        ) : null}
        {pending && method === 'BOLETO' ? (
          <BoletoPanel link={order.ccj_boleto_link} line={order.ccj_pay_number} dueAt={order.boleto_due_at} />
        ) : null}
        {pending && config.data?.gateway === 'sandbox' ? <SimulatePayment orderId={orderId} /> : null}
        <AfterSale order={order} />
        {order.status === 'failed' || order.status === 'expired' ? (
          <p className="text-slate-800">
            Nada foi cobrado. Você pode voltar aos{' '}
            <Link to="/cursos" className="link">
              cursos
            </Link>{' '}
            e fazer um novo pedido.
          </p>
        ) : null}
        <OrderItems order={order} />
        <p className="text-slate-600 text-sm">Pedido {order.order_id}</p>
      </div>
    </div>
  )
}
