import { useQuery } from '@tanstack/react-query'
import { AdminOrder } from '../../../../worker/contract/admin-sales.ts'
import { OutsideRefundInput, RefundOrderResult } from '../../../../worker/contract/refunds.ts'
import { ORDER_STATE_LABELS, PAYMENT_TYPE_LABELS } from '../../../../worker/domain/payments.ts'
import { FormModal } from '../../lib/form-modal.tsx'
import { formatBRL } from '../../lib/money.ts'
import { adminQuery } from './admin-api.ts'
import { DISPUTE } from './chargeback-panel.tsx'
import { RequestPanels } from './decision-panel.tsx'
import { ResourceForm } from './form-fields.tsx'
import { formatDateTime } from './format.ts'
import { QueryState } from './page.tsx'
import { STUDENT_DOCUMENT } from './student-document-panel.tsx'
import { UNDERPAID } from './underpaid-orders.tsx'
import { WITHDRAWAL } from './withdrawal-panel.tsx'

// /admin/matriculas: an order's details, and the refund of an order paid outside the site.

export const ORDER_MODAL_ID = 'admin-pedido'
/** The requests an order's details show, each while the order holds one. */
const REQUESTS = [UNDERPAID, STUDENT_DOCUMENT, WITHDRAWAL, DISPUTE]
export const OUTSIDE_REFUND_MODAL_ID = 'admin-estorno-externo'
export function OrderModal({ orderId }: { orderId: string | null }) {
  const query = useQuery({
    ...adminQuery(['order', orderId], `/api/admin/pedidos/${orderId}`, AdminOrder),
    enabled: orderId !== null,
  })
  const row = (label: string, value: string | number | null | undefined) =>
    value === null || value === undefined || value === '' ? null : (
      <div className="grid grid-cols-[10rem_1fr] gap-2 py-1">
        <dt className="text-slate-600">{label}</dt>
        <dd className="break-all text-slate-900">{value}</dd>
      </div>
    )
  return (
    <FormModal id={ORDER_MODAL_ID} title={orderId ? `Pedido ${orderId}` : 'Pedido'} hideFooter>
      <QueryState query={query}>
        {(order) => (
          <div className="space-y-4 text-sm">
            <dl>
              {row('Estado', ORDER_STATE_LABELS[order.status])}
              {row('Forma de pagamento', order.payment_type ? PAYMENT_TYPE_LABELS[order.payment_type] : null)}
              {row('Parcelas', order.instalments)}
              {row('Total', formatBRL(order.total))}
              {row('Estornado', order.refunded ? formatBRL(order.refunded) : null)}
              {row(
                'Recebido',
                order.received !== null && order.received !== order.total
                  ? order.received < order.total
                    ? `${formatBRL(order.received)}: boleto pago a menor, faltam ${formatBRL(order.total - order.received)}`
                    : `${formatBRL(order.received)}: pago a maior, ${formatBRL(order.received - order.total)} além do total`
                  : null,
              )}
              {row('Criado em', formatDateTime(order.created_at))}
              {row('Pago em', order.paid_at ? formatDateTime(order.paid_at) : null)}
              {row('Comprador', `${order.payer.name} · ${order.payer.email} · ${order.payer.phone}`)}
              {row('CPF', order.payer.cpf)}
              {row('Presente para', order.gift ? `${order.gift.name} · ${order.gift.email}` : null)}
            </dl>
            <div>
              <h3 className="font-semibold text-slate-900">Itens</h3>
              <ul className="mt-1 list-disc pl-5">
                {order.items.map((item) => (
                  <li key={`${item.type}-${item.name}`}>
                    {item.name}: {formatBRL(item.net)}
                  </li>
                ))}
              </ul>
            </div>
            <RequestPanels order={order} requests={REQUESTS} />
            {order.gift_waits_for_proof ? (
              <p className="text-slate-700">
                O presente aguarda a confirmação do e-mail de quem o recebe: a conta desse e-mail ainda não o
                confirmou. A matrícula aparece quando for confirmado.
              </p>
            ) : null}
            <div>
              <h3 className="font-semibold text-slate-900">No provedor de pagamento</h3>
              <dl>
                {row('Provedor', order.provider.gateway)}
                {row('Pedido no provedor', order.provider.order_id)}
                {row('Cobrança', order.provider.charge_id)}
                {row('Boleto', order.provider.boleto_url)}
                {row('Linha digitável', order.provider.boleto_line)}
                {row('PIX copia e cola', order.provider.pix_code)}
                {row(
                  'Estorno pedido em',
                  order.provider.refund_requested_at
                    ? formatDateTime(order.provider.refund_requested_at)
                    : null,
                )}
                {row(
                  'Conferido em',
                  order.provider.reconciled_at ? formatDateTime(order.provider.reconciled_at) : null,
                )}
              </dl>
            </div>
          </div>
        )}
      </QueryState>
    </FormModal>
  )
}

/** Every opening starts blank (a module function: the form is filled only when it opens). */
const noReason = () => ({ motivo: '' })

/**
 * A paid order the provider holds no charge of (paid outside the site, the demo orders): the
 * refund made outside is recorded with how it was made; the enrollments end, the audit log keeps it.
 */
export function OutsideRefundModal({ order }: { order: { id: string; reason: string } | null }) {
  const path = `/api/admin/pedidos/${order?.id}/estorno-externo`
  return (
    <ResourceForm
      description={{
        modalId: OUTSIDE_REFUND_MODAL_ID,
        schema: OutsideRefundInput,
        valuesOf: noReason,
        path,
        success: (_item, result) => result.message,
        answer: RefundOrderResult,
        title: () => 'Registrar estorno externo',
        intro: order?.reason ?? '',
        storeLabel: 'Registrar estorno',
        fields: [
          {
            name: 'motivo',
            label: 'Como o valor foi devolvido?',
            input: { placeholder: 'Ex.: transferência PIX feita em 20/11 pela secretaria' },
          },
        ],
      }}
      item={null}
    />
  )
}
