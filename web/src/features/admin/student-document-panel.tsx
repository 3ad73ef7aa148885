import {
  StudentDocumentDecided,
  StudentDocumentDecision,
  StudentDocumentLink,
} from '../../../../worker/contract/student-documents.ts'
import { formatBRL } from '../../lib/money.ts'
import { toastError } from '../../lib/toast.ts'
import { send as sendAdmin } from './admin-api.ts'
import type { OrderRequest } from './decision-panel.tsx'
import { formatDateTime } from './format.ts'

/** Opens the document through a short signed link. */
async function openDocument(orderId: string) {
  // A tab opened now, before the call, is not taken for a pop-up; the link then fills it.
  const tab = window.open('', '_blank')
  try {
    const link = await sendAdmin(
      'POST',
      `/api/admin/pedidos/${orderId}/documento-estudante/link`,
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

/**
 * The student document of an order (issue 29, item 3): seen through a short signed link, approved
 * or rejected with the reason the student reads; a rejection asks the student for the difference.
 * Its states' words and tones: the editais' applications show them too.
 */
export const STUDENT_DOCUMENT: OrderRequest<'pending' | 'approved' | 'rejected'> = {
  id: 'documento-estudante',
  title: 'Documento de estudante',
  states: {
    pending: { label: 'aguardando análise', tone: 'amber' },
    approved: { label: 'aprovado', tone: 'green' },
    rejected: { label: 'recusado', tone: 'red' },
  },
  path: 'documento-estudante',
  input: StudentDocumentDecision,
  answer: StudentDocumentDecided,
  failure: 'Não foi possível registrar a decisão.',
  of: ({ id, student_document: document }) =>
    document && {
      status: document.status,
      facts: [
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
      ],
      lead: document.has_file ? (
        <button type="button" className="btn btn-outline" onClick={() => void openDocument(id)}>
          Ver documento
        </button>
      ) : (
        <p className="text-slate-600">O arquivo já foi apagado (prazo de guarda).</p>
      ),
      open: document.status === 'pending',
      approve: { button: 'Aprovar', input: { decision: 'approve' } },
      refuse: {
        label: 'Motivo da recusa (o aluno lê)',
        button: 'Recusar e pedir a diferença',
        input: (reason) => ({ decision: 'reject', reason }),
      },
    },
}
