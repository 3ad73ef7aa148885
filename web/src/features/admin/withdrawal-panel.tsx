import { useState } from 'react'
import type { AdminOrder } from '../../../../worker/contract/admin-sales.ts'
import { RefundOrderResult, WithdrawalDecisionInput } from '../../../../worker/contract/refunds.ts'
import { useDecision } from './admin-api.ts'
import { DecisionSection } from './decision-section.tsx'
import { TextAreaField } from './fields.tsx'
import { formatDateTime } from './format.ts'

const STATE = {
  requested: { label: 'aguardando resposta', tone: 'amber' },
  approved: { label: 'aprovado', tone: 'green' },
  refused: { label: 'recusado', tone: 'red' },
  available: { label: 'aberto', tone: 'slate' },
  expired: { label: 'prazo encerrado', tone: 'slate' },
} as const

/**
 * A buyer's request to give the purchase up within 7 days (issue 22, item 8): the reason, and the
 * institute's answer: approve (the refund goes to the provider) or refuse with an answer the buyer
 * reads. A boleto's money goes back to a bank account: approved through Estornar, with it.
 */
export function WithdrawalPanel({ order }: { order: AdminOrder }) {
  const withdrawal = order.withdrawal
  const [answer, setAnswer] = useState('')
  const decision = useDecision(
    `/api/admin/pedidos/${order.id}/reembolso-solicitado`,
    RefundOrderResult,
    'Não foi possível registrar a resposta.',
  )
  if (!withdrawal) return null
  const state = STATE[withdrawal.state]
  const waiting = withdrawal.state === 'requested'
  const boleto = order.payment_type === 'BOLETO'

  const decide = (decisao: 'aprovar' | 'recusar') =>
    decision.decide(
      decisao === 'recusar' ? { decisao, resposta: answer } : { decisao },
      WithdrawalDecisionInput,
    )

  return (
    <DecisionSection
      id="pedido-reembolso"
      title="Pedido de reembolso (arrependimento, 7 dias)"
      state={state}
      facts={[
        {
          label: 'Pedido em',
          value: withdrawal.requested_at ? formatDateTime(withdrawal.requested_at) : null,
        },
        { label: 'Motivo', value: withdrawal.reason, wrap: true },
        { label: 'Resposta', value: withdrawal.answer, wrap: true },
      ]}
    >
      {waiting ? (
        <div className="mt-2 space-y-2">
          {boleto ? (
            <p className="text-slate-700">
              Pago por boleto: o valor volta por transferência. Para aprovar, estorne o pedido pelo botão
              Estornar da matrícula, com a conta bancária do comprador.
            </p>
          ) : (
            <button
              type="button"
              className="btn btn-primary"
              disabled={decision.busy}
              onClick={() => void decide('aprovar')}
            >
              Aprovar e estornar
            </button>
          )}
          <TextAreaField
            label="Resposta ao comprador (ele lê)"
            rows={2}
            value={answer}
            error={decision.error}
            onChange={(event) => setAnswer(event.target.value)}
          />
          <button
            type="button"
            className="btn btn-outline"
            disabled={decision.busy}
            onClick={() => void decide('recusar')}
          >
            Recusar com esta resposta
          </button>
        </div>
      ) : null}
    </DecisionSection>
  )
}
