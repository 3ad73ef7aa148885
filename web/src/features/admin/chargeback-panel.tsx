import { ChargebackInput, ChargebackResult } from '../../../../worker/contract/refunds.ts'
import type { DisputeState } from '../../../../worker/domain/orders.ts'
import type { OrderRequest } from './decision-panel.tsx'
import { formatDateTime } from './format.ts'

/**
 * A chargeback's dispute (decision 023): while open, the order's certificates are suspended. Pagar.me
 * tells a dispute won only in the charge's payables, which 'Consultar o Pagar.me' reads now (the
 * reconciliation does every 6 hours); a lost one is recorded here, with how the institute learned it.
 */
export const DISPUTE: OrderRequest<DisputeState> = {
  id: 'pedido-contestacao',
  title: 'Contestação do pagamento (chargeback)',
  states: {
    open: { label: 'em aberto', tone: 'amber' },
    won: { label: 'ganha', tone: 'green' },
    lost: { label: 'perdida', tone: 'red' },
  },
  path: 'contestacao',
  input: ChargebackInput,
  answer: ChargebackResult,
  failure: 'Não foi possível registrar a contestação.',
  of: ({ dispute }) =>
    dispute && {
      status: dispute.state,
      facts: [
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
      ],
      open: dispute.state === 'open',
      approve: { button: 'Consultar o Pagar.me', input: { acao: 'consultar' }, outline: true },
      refuse: {
        label: 'Como soube que a contestação foi perdida',
        button: 'Registrar contestação perdida',
        input: (observacao) => ({ acao: 'perdida', observacao }),
      },
    },
}
