import type { AdminOrder } from '../../../../worker/contract/admin-sales.ts'
import { RefundOrderResult, WithdrawalDecisionInput } from '../../../../worker/contract/refunds.ts'
import { DecideButton, DecisionPanel, Refusal, type RequestDescription } from './decision-panel.tsx'
import { formatDateTime } from './format.ts'

const WITHDRAWAL: RequestDescription<NonNullable<AdminOrder['withdrawal']>['state']> = {
  id: 'pedido-reembolso',
  title: 'Pedido de reembolso (arrependimento, 7 dias)',
  states: {
    requested: { label: 'aguardando resposta', tone: 'amber' },
    approved: { label: 'aprovado', tone: 'green' },
    refused: { label: 'recusado', tone: 'red' },
    available: { label: 'aberto', tone: 'slate' },
    expired: { label: 'prazo encerrado', tone: 'slate' },
  },
  path: 'reembolso-solicitado',
  answer: RefundOrderResult,
  failure: 'Não foi possível registrar a resposta.',
}

/**
 * A buyer's request to give the purchase up within 7 days (issue 22, item 8): the reason, and the
 * institute's answer: approve (the refund goes to the provider) or refuse with an answer the buyer
 * reads. A boleto's money goes back to a bank account: approved through Estornar, with it.
 */
export function WithdrawalPanel({ order }: { order: AdminOrder }) {
  const withdrawal = order.withdrawal
  if (!withdrawal) return null
  return (
    <DecisionPanel
      request={WITHDRAWAL}
      orderId={order.id}
      status={withdrawal.state}
      facts={[
        {
          label: 'Pedido em',
          value: withdrawal.requested_at ? formatDateTime(withdrawal.requested_at) : null,
        },
        { label: 'Motivo', value: withdrawal.reason, wrap: true },
        { label: 'Resposta', value: withdrawal.answer, wrap: true },
      ]}
    >
      {(decision) =>
        withdrawal.state === 'requested' ? (
          <div className="mt-2 space-y-2">
            {order.payment_type === 'BOLETO' ? (
              <p className="text-slate-700">
                Pago por boleto: o valor volta por transferência. Para aprovar, estorne o pedido pelo botão
                Estornar da matrícula, com a conta bancária do comprador.
              </p>
            ) : (
              <DecideButton
                decision={decision}
                className="btn btn-primary"
                onDecide={() => void decision.decide({ decisao: 'aprovar' }, WithdrawalDecisionInput)}
              >
                Aprovar e estornar
              </DecideButton>
            )}
            <Refusal
              decision={decision}
              label="Resposta ao comprador (ele lê)"
              className="btn btn-outline"
              onRefuse={() =>
                void decision.decide({ decisao: 'recusar', resposta: decision.text }, WithdrawalDecisionInput)
              }
            >
              Recusar com esta resposta
            </Refusal>
          </div>
        ) : null
      }
    </DecisionPanel>
  )
}
