import { useQuery } from '@tanstack/react-query'
import { UnderpaidOrders } from '../../../../worker/contract/admin-sales.ts'
import { AcceptUnderpaidInput, AcceptUnderpaidResult } from '../../../../worker/contract/refunds.ts'
import { formatBRL } from '../../lib/money.ts'
import { adminQuery } from './admin-api.ts'
import type { OrderRequest } from './decision-panel.tsx'
import { formatDateTime } from './format.ts'
import { QueryState } from './page.tsx'
import { TwoLines } from './table.tsx'

// A boleto paid short (issue 40, item 5): its order gives nothing until the student pays the
// difference or the institute decides: accept what came, or refund it (the boleto's refund, to a
// bank account). Such an order holds no enrollment, so the enrollments page lists them apart.

/** In the order's details: what arrived and what is missing, and 'Aceitar o valor recebido'. */
export const UNDERPAID: OrderRequest<'underpaid'> = {
  id: 'pedido-pago-a-menor',
  title: 'Boleto pago a menor',
  states: { underpaid: { label: 'aguarda a diferença ou a decisão', tone: 'amber' } },
  path: 'valor-recebido',
  input: AcceptUnderpaidInput,
  answer: AcceptUnderpaidResult,
  failure: 'Não foi possível aceitar o valor recebido.',
  of: (order) =>
    order.status !== 'underpaid' || order.missing === null
      ? null
      : {
          status: 'underpaid',
          facts: [
            { label: 'Recebido', value: formatBRL(order.received ?? 0) },
            { label: 'Faltam', value: formatBRL(order.missing) },
            {
              label: 'O que acontece',
              value:
                'o aluno pode pagar a diferença em Minhas compras; aceitar o valor recebido abre as matrículas; ' +
                'estornar devolve o que chegou (na lista de boletos pagos a menor, com a conta bancária).',
              wrap: true,
            },
          ],
          open: true,
          refuse: {
            label: 'Por que aceitar o valor recebido',
            button: 'Aceitar o valor recebido',
            input: (observacao) => ({ observacao }),
            primary: true,
          },
        },
}

/** The boletos paid short waiting now: each opens its order, or refunds what arrived. */
export function UnderpaidOrdersSection({
  onOpen,
  onRefund,
}: {
  onOpen: (orderId: string) => void
  onRefund: (orderId: string) => void
}) {
  const query = useQuery(adminQuery(['underpaid'], '/api/admin/pedidos-pagos-a-menor', UnderpaidOrders))
  // Shown only when some wait (or the list could not be read): none is the usual case.
  if (!query.data?.length && !query.isError) return null
  return (
    <section
      aria-labelledby="boletos-pagos-a-menor"
      className="mb-6 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950"
    >
      <h2 id="boletos-pagos-a-menor" className="font-semibold text-lg">
        Boletos pagos a menor
      </h2>
      <p className="mt-1 text-sm">
        Não abrem matrícula até o aluno pagar a diferença ou o instituto decidir: aceitar o valor recebido (no
        pedido) ou estornar o que chegou.
      </p>
      <QueryState query={query} loading="Carregando os boletos pagos a menor...">
        {(orders) => (
          <ul className="mt-3 divide-y divide-amber-200">
            {orders.map((order) => (
              <li
                key={order.order_id}
                className="flex flex-wrap items-center justify-between gap-3 py-2 text-sm"
              >
                <div className="min-w-0">
                  <TwoLines main={order.payer.name} detail={order.payer.email} wrap />
                  <p>
                    Recebido {formatBRL(order.received)} de {formatBRL(order.total)}; faltam{' '}
                    {formatBRL(order.missing)}
                    {order.difference_pending ? ' (diferença gerada, aguardando pagamento)' : ''}
                  </p>
                  <p className="text-xs">desde {formatDateTime(order.since)}</p>
                </div>
                <div className="flex flex-wrap gap-2">
                  <button type="button" className="btn btn-outline" onClick={() => onOpen(order.order_id)}>
                    Ver pedido<span className="sr-only"> de {order.payer.name}</span>
                  </button>
                  <button type="button" className="btn btn-outline" onClick={() => onRefund(order.order_id)}>
                    Estornar o que chegou<span className="sr-only"> de {order.payer.name}</span>
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  )
}
