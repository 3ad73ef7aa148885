import type { AdminOrder } from '../../../../worker/contract/admin-sales.ts'
import { RefundOrderResult, WithdrawalDecisionInput } from '../../../../worker/contract/refunds.ts'
import type { OrderRequest } from './decision-panel.tsx'
import { formatDateTime } from './format.ts'

/**
 * A buyer's request to give the purchase up within 7 days (issue 22, item 8): the reason, and the
 * institute's answer: approve (the refund goes to the provider) or refuse with an answer the buyer
 * reads. A boleto's money goes back to a bank account: approved through Estornar, with it.
 */
export const WITHDRAWAL: OrderRequest<NonNullable<AdminOrder['withdrawal']>['state']> = {
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
  input: WithdrawalDecisionInput,
  answer: RefundOrderResult,
  failure: 'Não foi possível registrar a resposta.',
  of: ({ withdrawal, payment_type }) =>
    withdrawal && {
      status: withdrawal.state,
      facts: [
        {
          label: 'Pedido em',
          value: withdrawal.requested_at ? formatDateTime(withdrawal.requested_at) : null,
        },
        { label: 'Motivo', value: withdrawal.reason, wrap: true },
        { label: 'Resposta', value: withdrawal.answer, wrap: true },
      ],
      open: withdrawal.state === 'requested',
      approve:
        payment_type === 'BOLETO'
          ? {
              note:
                'Pago por boleto: o valor volta por transferência. Para aprovar, estorne o pedido pelo botão ' +
                'Estornar da matrícula, com a conta bancária do comprador.',
            }
          : { button: 'Aprovar e estornar', input: { decisao: 'aprovar' } },
      refuse: {
        label: 'Resposta ao comprador (ele lê)',
        button: 'Recusar com esta resposta',
        input: (resposta) => ({ decisao: 'recusar', resposta }),
      },
    },
}
