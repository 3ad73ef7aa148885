import { useQuery } from '@tanstack/react-query'
import type { PurchaseDetail, Receipt } from '../../../../worker/contract/student.ts'
import { ORDER_STATE_LABELS } from '../../../../worker/domain/payments.ts'
import { BackHeading } from '../../components/back-heading.tsx'
import { QueryStatus } from '../../components/query-status.tsx'
import { curitibaFormat, formatInstantDate } from '../../lib/date.ts'
import { formatBRL } from '../../lib/money.ts'
import { OrderLines } from '../checkout/order-lines.tsx'
import { PurchaseInvoiceLine } from './purchase-invoice.tsx'
import { paymentText, UnderpaidNotice } from './purchases-page.tsx'
import { StateBadge } from './state-badge.tsx'
import { purchaseQuery } from './student.queries.ts'

const dateAndTime = curitibaFormat({ dateStyle: 'short', timeStyle: 'short' })
const dateTime = (iso: string) => dateAndTime(new Date(iso))

function Row({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-4 gap-y-1 py-1.5">
      <dt className="text-slate-600">{term}</dt>
      <dd className="font-medium text-slate-900 [overflow-wrap:anywhere]">{children}</dd>
    </div>
  )
}

function ReceiptData({ receipt }: { receipt: Receipt }) {
  return (
    <dl className="divide-y divide-slate-100 text-sm">
      {receipt.paid_at ? <Row term="Pago em">{dateTime(receipt.paid_at)}</Row> : null}
      {receipt.card ? (
        <Row term="Cartão">
          {[receipt.card.brand, receipt.card.last_four ? `final ${receipt.card.last_four}` : null]
            .filter(Boolean)
            .join(' ')}
          {receipt.card.holder_name ? ` (${receipt.card.holder_name})` : ''}
        </Row>
      ) : null}
      {receipt.instalments ? <Row term="Parcelas">{receipt.instalments}x</Row> : null}
      {receipt.authorization_code ? (
        <Row term="Código de autorização">{receipt.authorization_code}</Row>
      ) : null}
      {receipt.nsu ? <Row term="NSU">{receipt.nsu}</Row> : null}
      {receipt.tid ? <Row term="TID">{receipt.tid}</Row> : null}
      {receipt.boleto?.nosso_numero ? <Row term="Nosso número">{receipt.boleto.nosso_numero}</Row> : null}
      {receipt.boleto?.bank ? <Row term="Banco emissor">{receipt.boleto.bank}</Row> : null}
      {receipt.pix_end_to_end_id ? <Row term="Identificador do PIX">{receipt.pix_end_to_end_id}</Row> : null}
      {receipt.acquirer_message ? <Row term="Mensagem da operadora">{receipt.acquirer_message}</Row> : null}
      <Row term="Cobrança">{receipt.charge_id}</Row>
      {receipt.transaction_id ? <Row term="Transação">{receipt.transaction_id}</Row> : null}
    </dl>
  )
}

function Detail({ purchase }: { purchase: PurchaseDetail }) {
  return (
    <div className="mt-6 grid gap-6 lg:grid-cols-2 lg:items-start">
      <section aria-labelledby="pedido-resumo" className="rounded-2xl border border-slate-200 p-5">
        <h2 id="pedido-resumo" className="font-bold text-lg text-slate-900">
          Resumo
        </h2>
        <OrderLines items={purchase.items} className="mt-2 divide-y divide-slate-100" />
        <dl className="mt-3 divide-y divide-slate-100 border-slate-200 border-t text-sm">
          <Row term="Subtotal">{formatBRL(purchase.gross)}</Row>
          {purchase.discount > 0 ? <Row term="Descontos">-{formatBRL(purchase.discount)}</Row> : null}
          {purchase.interest > 0 ? (
            <Row term="Juros do parcelamento">{formatBRL(purchase.interest)}</Row>
          ) : null}
          {purchase.donation > 0 ? <Row term="Doação">{formatBRL(purchase.donation)}</Row> : null}
          <Row term="Total">{formatBRL(purchase.total)}</Row>
          <Row term="Forma de pagamento">{paymentText(purchase)}</Row>
          {purchase.refunded_cents > 0 ? (
            <Row term="Estornado">{formatBRL(purchase.refunded_cents)}</Row>
          ) : null}
          <Row term="Pagador">
            {purchase.payer.name}
            {purchase.payer.email ? ` (${purchase.payer.email})` : ''}
          </Row>
        </dl>
      </section>
      <section aria-labelledby="pedido-comprovante" className="rounded-2xl border border-slate-200 p-5">
        <h2 id="pedido-comprovante" className="font-bold text-lg text-slate-900">
          Comprovante do pagamento
        </h2>
        {purchase.receipt ? (
          <ReceiptData receipt={purchase.receipt} />
        ) : purchase.receipt_unavailable ? (
          <p className="mt-2 text-slate-700" role="status">
            O meio de pagamento não respondeu agora: os dados do comprovante aparecem aqui assim que ele
            voltar.
          </p>
        ) : (
          <p className="mt-2 text-slate-700">
            {purchase.paid_at
              ? `Pagamento confirmado em ${dateTime(purchase.paid_at)}.`
              : 'Este pedido não tem pagamento confirmado.'}
          </p>
        )}
      </section>
    </div>
  )
}

/** /usuario/compras/{id}: one order in full, with the provider's receipt data. */
export function PurchaseDetailPage({ orderId }: { orderId: string }) {
  const purchase = useQuery(purchaseQuery(orderId))
  return (
    <div className="container-page py-10 md:py-14">
      <BackHeading to="/usuario/compras" back="Minhas compras">
        Detalhes do pedido
      </BackHeading>
      <QueryStatus query={purchase} loading="Carregando o pedido..." />
      {purchase.data ? (
        <>
          <div className="mt-3 flex flex-wrap items-center gap-3">
            <StateBadge tone={purchase.data.status}>{ORDER_STATE_LABELS[purchase.data.status]}</StateBadge>
            <p className="text-slate-700">
              Feito em {formatInstantDate(purchase.data.created_at)} · pedido {purchase.data.order_id}
            </p>
          </div>
          {purchase.data.invoice ? (
            <div className="mt-4">
              <PurchaseInvoiceLine invoice={purchase.data.invoice} of="deste pedido" />
            </div>
          ) : null}
          {purchase.data.underpaid ? (
            <div className="mt-4">
              <UnderpaidNotice purchase={purchase.data} />
            </div>
          ) : null}
          <Detail purchase={purchase.data} />
        </>
      ) : null}
    </div>
  )
}
