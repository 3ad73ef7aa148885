import { useState } from 'react'
import type { AdminOrder } from '../../../../worker/contract/admin-sales.ts'
import {
  StudentDocumentDecided,
  StudentDocumentDecision,
  StudentDocumentLink,
} from '../../../../worker/contract/student-documents.ts'
import { formatBRL } from '../../lib/money.ts'
import { toastError } from '../../lib/toast.ts'
import { send as sendAdmin, useDecision } from './admin-api.ts'
import { DecisionSection } from './decision-section.tsx'
import { TextAreaField } from './fields.tsx'
import { formatDateTime } from './format.ts'

const STATE = {
  pending: { label: 'aguardando análise', tone: 'amber' },
  approved: { label: 'aprovado', tone: 'green' },
  rejected: { label: 'recusado', tone: 'red' },
} as const

/**
 * The student document of an order (issue 29, item 3): seen through a short signed link, approved
 * or rejected with the reason the student reads; a rejection asks the student for the difference.
 */
export function StudentDocumentPanel({ order }: { order: AdminOrder }) {
  const document = order.student_document
  const [reason, setReason] = useState('')
  const decision = useDecision(
    `/api/admin/pedidos/${order.id}/documento-estudante`,
    StudentDocumentDecided,
    'Não foi possível registrar a decisão.',
  )
  if (!document) return null
  const state = STATE[document.status]

  async function open() {
    // A tab opened now, before the call, is not taken for a pop-up; the link then fills it.
    const tab = window.open('', '_blank')
    try {
      const link = await sendAdmin(
        'POST',
        `/api/admin/pedidos/${order.id}/documento-estudante/link`,
        undefined,
        StudentDocumentLink,
      )
      if (tab) tab.location.href = link.url
      else window.location.assign(link.url)
    } catch (failure) {
      tab?.close()
      void toastError(failure, 'Não foi possível abrir o documento.')
    }
  }

  const decide = (verdict: 'approve' | 'reject') =>
    decision.decide(
      verdict === 'reject' ? { decision: verdict, reason } : { decision: verdict },
      StudentDocumentDecision,
    )

  return (
    <DecisionSection
      id="documento-estudante"
      title="Documento de estudante"
      state={state}
      facts={[
        { label: 'Desconto do preço de estudante', value: formatBRL(document.difference) },
        { label: 'Analisado em', value: document.decided_at ? formatDateTime(document.decided_at) : null },
        { label: 'Motivo da recusa', value: document.reason, wrap: true },
        {
          label: 'Diferença',
          value:
            document.status === 'rejected' && document.difference > 0
              ? document.difference_paid
                ? 'paga'
                : `não paga${document.deadline ? ` (prazo: ${formatDateTime(document.deadline)})` : ''}`
              : null,
        },
      ]}
    >
      <div className="mt-2 flex flex-wrap gap-2">
        {document.has_file ? (
          <button type="button" className="btn btn-outline" onClick={() => void open()}>
            Ver documento
          </button>
        ) : (
          <p className="text-slate-600">O arquivo já foi apagado (prazo de guarda).</p>
        )}
        {document.status === 'pending' ? (
          <button
            type="button"
            className="btn btn-primary"
            disabled={decision.busy}
            onClick={() => void decide('approve')}
          >
            Aprovar
          </button>
        ) : null}
      </div>
      {document.status === 'pending' ? (
        <div className="mt-3">
          <TextAreaField
            label="Motivo da recusa (o aluno lê)"
            rows={2}
            value={reason}
            error={decision.error}
            onChange={(event) => setReason(event.target.value)}
          />
          <button
            type="button"
            className="btn btn-outline mt-2"
            disabled={decision.busy}
            onClick={() => void decide('reject')}
          >
            Recusar e pedir a diferença
          </button>
        </div>
      ) : null}
    </DecisionSection>
  )
}
