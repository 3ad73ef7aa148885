import type { AdminOrder } from '../../../../worker/contract/admin-sales.ts'
import { ChargebackInput, ChargebackResult } from '../../../../worker/contract/refunds.ts'
import type { DisputeState } from '../../../../worker/domain/orders.ts'
import { DecideButton, DecisionPanel, Refusal, type RequestDescription } from './decision-panel.tsx'
import { formatDateTime } from './format.ts'

const DISPUTE: RequestDescription<DisputeState> = {
  id: 'pedido-contestacao',
  title: 'Contestação do pagamento (chargeback)',
  states: {
    open: { label: 'em aberto', tone: 'amber' },
    won: { label: 'ganha', tone: 'green' },
    lost: { label: 'perdida', tone: 'red' },
  },
  path: 'contestacao',
  answer: ChargebackResult,
  failure: 'Não foi possível registrar a contestação.',
}

/**
 * A chargeback's dispute (decision 023): while open, the order's certificates are suspended. Pagar.me
 * tells a dispute won only in the charge's payables, which 'Consultar o Pagar.me' reads now (the
 * reconciliation does every 6 hours); a lost one is recorded here, with how the institute learned it.
 */
export function ChargebackPanel({ order }: { order: AdminOrder }) {
  const dispute = order.dispute
  if (!dispute) return null
  return (
    <DecisionPanel
      request={DISPUTE}
      orderId={order.id}
      status={dispute.state}
      facts={[
        { label: 'Contestado em', value: formatDateTime(dispute.since) },
        {
          label: 'Sem resultado, conta como perdida em',
          value: dispute.lost_after ? formatDateTime(dispute.lost_after) : null,
        },
        {
          label: 'Certificados do pedido',
          value:
            dispute.state === 'open' ? 'suspensos' : dispute.state === 'won' ? 'restabelecidos' : 'revogados',
        },
      ]}
    >
      {(decision) =>
        dispute.state === 'open' ? (
          <div className="mt-2 space-y-2">
            <DecideButton
              decision={decision}
              className="btn btn-outline"
              onDecide={() => void decision.decide({ acao: 'consultar' }, ChargebackInput)}
            >
              Consultar o Pagar.me
            </DecideButton>
            <Refusal
              decision={decision}
              label="Como soube que a contestação foi perdida"
              className="btn btn-outline"
              onRefuse={() =>
                void decision.decide({ acao: 'perdida', observacao: decision.text }, ChargebackInput)
              }
            >
              Registrar contestação perdida
            </Refusal>
          </div>
        ) : null
      }
    </DecisionPanel>
  )
}
