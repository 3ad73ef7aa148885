import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import {
  AdminApplication,
  type AdminApplicationRow,
  DecisionInput,
  PlanRefundResult,
} from '../../../../worker/contract/admin-editais.ts'
import {
  APPLICATION_STATE_LABELS,
  type ApplicationDecision,
  type ApplicationState,
  FEE_KIND_LABELS,
  FEE_STATE_LABELS,
  type FeeState,
} from '../../../../worker/domain/editais.ts'
import { ORDER_STATE_LABELS, PLAN_PAYMENT_METHOD_LABELS } from '../../../../worker/domain/payments.ts'
import { ApiError } from '../../lib/api.ts'
import { confirm } from '../../lib/confirm.tsx'
import { openModal } from '../../lib/form-modal.tsx'
import { formatBRL } from '../../lib/money.ts'
import { errorMessage, toastError, toastSuccess } from '../../lib/toast.ts'
import { adminQuery, send, useRefreshAdmin } from './admin-api.ts'
import { BoletoRefundModal } from './boleto-refund-modal.tsx'
import { TextAreaField } from './fields.tsx'
import { formatDateTime, formatDay } from './format.ts'
import { QueryState } from './page.tsx'
import { STUDENT_DOCUMENT } from './student-document-panel.tsx'
import { Badge, type Tone } from './table.tsx'

// One application of a call, opened from the call's list: the applicant, the documents, each fee
// with its payments (and their refund), and the decision: approve, waiting list or refuse.

const BOLETO_REFUND_MODAL_ID = 'admin-estorno-taxa-boleto'

export const APPLICATION_STATE_TONES: Record<ApplicationState, Tone> = {
  submitted: 'amber',
  approved: 'green',
  waitlisted: 'teal',
  rejected: 'red',
  cancelled: 'slate',
}

export const FEE_STATE_TONES: Record<FeeState, Tone> = {
  paid: 'green',
  pending: 'amber',
  due: 'slate',
  late: 'red',
  refunded: 'teal',
}

export function ApplicationStateBadge({ state }: { state: ApplicationState }) {
  return <Badge tone={APPLICATION_STATE_TONES[state]}>{APPLICATION_STATE_LABELS[state]}</Badge>
}

/** The decisions, their buttons' words and the toast once taken. */
const DECISIONS: { decision: ApplicationDecision; label: string; done: string; className: string }[] = [
  { decision: 'approved', label: 'Aprovar', done: 'Inscrição aprovada.', className: 'btn btn-primary' },
  {
    decision: 'waitlisted',
    label: 'Lista de espera',
    done: 'Inscrição na lista de espera.',
    className: 'btn btn-outline',
  },
  { decision: 'rejected', label: 'Recusar', done: 'Inscrição recusada.', className: 'btn btn-outline' },
]

type Application = ReturnType<typeof AdminApplication.parse>
type Payment = Application['fees'][number]['payments'][number]

/** Approve, waiting list or refuse (with the reason the applicant reads); a 409 said on the spot. */
function Decision({ application }: { application: Application }) {
  const refresh = useRefreshAdmin()
  const [reason, setReason] = useState(application.decision_reason ?? '')
  const [busy, setBusy] = useState(false)
  const [reasonError, setReasonError] = useState<string | undefined>()
  const [refusal, setRefusal] = useState<string | null>(null)
  if (application.status === 'cancelled') {
    return <p className="text-slate-700">Inscrição cancelada: não há o que decidir.</p>
  }
  async function decide(decision: ApplicationDecision, done: string) {
    const checked = DecisionInput.safeParse({ decision, reason })
    if (!checked.success) {
      setReasonError(checked.error.issues[0]?.message)
      return
    }
    setBusy(true)
    setReasonError(undefined)
    setRefusal(null)
    try {
      await send('POST', `/api/admin/inscricoes/${application.id}/decisao`, checked.data, AdminApplication)
      void toastSuccess(done)
    } catch (error) {
      // Places full (or someone decided first): the reason stays on screen, not only in a toast.
      if (error instanceof ApiError && error.status === 409) setRefusal(errorMessage(error))
      else void toastError(error, 'Não foi possível registrar a decisão.')
    } finally {
      setBusy(false)
    }
    await refresh()
  }
  return (
    <div className="space-y-3">
      <TextAreaField
        label="Motivo (o candidato lê; obrigatório para recusar)"
        rows={2}
        value={reason}
        error={reasonError}
        onChange={(event) => setReason(event.target.value)}
      />
      {refusal ? (
        <p role="alert" className="rounded-lg bg-red-50 p-3 font-medium text-red-900">
          {refusal}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {DECISIONS.filter((option) => option.decision !== application.status).map((option) => (
          <button
            key={option.decision}
            type="button"
            className={option.className}
            disabled={busy}
            onClick={() => void decide(option.decision, option.done)}
          >
            {option.label}
          </button>
        ))}
      </div>
    </div>
  )
}

/** A fee's payment: how, how much, when, its state; 'Estornar' while the provider can refund it. */
function PaymentLine({ payment, onRefund }: { payment: Payment; onRefund: (payment: Payment) => void }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-1">
      <span>
        {PLAN_PAYMENT_METHOD_LABELS[payment.payment_method]}
        {payment.instalments > 1 ? ` em ${payment.instalments}x` : ''} · {formatBRL(payment.amount_cents)} ·{' '}
        {ORDER_STATE_LABELS[payment.status]}
        {payment.paid_at
          ? ` em ${formatDateTime(payment.paid_at)}`
          : ` (criado em ${formatDateTime(payment.created_at)})`}
        {payment.refunded_cents ? ` · estornado ${formatBRL(payment.refunded_cents)}` : ''}
        {payment.refund_requested ? ' · estorno aguardando o provedor' : ''}
      </span>
      {payment.refundable && !payment.refund_requested ? (
        <button type="button" className="btn btn-outline" onClick={() => onRefund(payment)}>
          Estornar<span className="sr-only"> o pagamento de {formatBRL(payment.amount_cents)}</span>
        </button>
      ) : null}
    </li>
  )
}

function Facts({ facts }: { facts: [label: string, value: string | null][] }) {
  return (
    <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[10rem_1fr]">
      {facts
        .filter(([, value]) => value)
        .map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-slate-600">{label}</dt>
            <dd className="break-words text-slate-900">{value}</dd>
          </div>
        ))}
    </dl>
  )
}

/** The application opened from the list, below it; its heading takes the focus when it opens. */
export function ApplicationPanel({ row, onClose }: { row: AdminApplicationRow; onClose: () => void }) {
  const query = useQuery(
    adminQuery(['application', row.id], `/api/admin/inscricoes/${row.id}`, AdminApplication),
  )
  const refresh = useRefreshAdmin()
  const heading = useRef<HTMLHeadingElement>(null)
  const [boletoPath, setBoletoPath] = useState<string | null>(null)
  useEffect(() => {
    heading.current?.focus()
    heading.current?.scrollIntoView({ block: 'start' })
  }, [])

  async function refund(payment: Payment) {
    const path = `/api/admin/editais/pagamentos/${payment.id}/estorno`
    if (payment.payment_method === 'boleto') {
      setBoletoPath(path)
      openModal(BOLETO_REFUND_MODAL_ID, 'store')
      return
    }
    if (!(await confirm())) return
    try {
      const result = await send('POST', path, {}, PlanRefundResult)
      void toastSuccess(result.message)
    } catch (error) {
      void toastError(error, 'Erro ao estornar o pagamento.')
    }
    await refresh()
  }

  return (
    <section
      aria-labelledby="inscricao-titulo"
      className="mt-6 min-w-0 rounded-xl border border-slate-200 bg-white p-4"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2
          id="inscricao-titulo"
          ref={heading}
          tabIndex={-1}
          className="font-semibold text-lg text-slate-900"
        >
          Inscrição de {row.name}
        </h2>
        <button type="button" className="btn btn-outline" onClick={onClose}>
          Fechar inscrição
        </button>
      </div>
      <QueryState query={query} loading="Carregando a inscrição...">
        {(application) => (
          <div className="mt-3 space-y-5 text-sm">
            <p>
              <ApplicationStateBadge state={application.status} />
              {application.decided_at ? (
                <span className="ml-2 text-slate-700">
                  decidida em {formatDateTime(application.decided_at)}
                </span>
              ) : null}
            </p>
            <Facts
              facts={[
                ['Nome', application.applicant.name],
                ['E-mail', application.applicant.email],
                ['CPF', application.applicant.cpf],
                ['Telefone', application.applicant.phone],
                ['Inscrita em', formatDateTime(application.created_at)],
                ['Motivo informado', application.decision_reason],
              ]}
            />
            <section aria-labelledby="inscricao-documentos">
              <h3 id="inscricao-documentos" className="font-semibold text-slate-900">
                Documentos
              </h3>
              {application.documents.length === 0 ? (
                <p className="text-slate-700">Nenhum documento enviado.</p>
              ) : (
                <ul className="mt-1 space-y-1">
                  {application.documents.map((document) => (
                    <li key={document.order_id}>
                      <span className="break-all font-mono text-xs">{document.order_id}</span> ·{' '}
                      {formatDateTime(document.created_at)} ·{' '}
                      {document.status ? (
                        <Badge tone={STUDENT_DOCUMENT.states[document.status].tone}>
                          {STUDENT_DOCUMENT.states[document.status].label}
                        </Badge>
                      ) : (
                        'sem documento de estudante'
                      )}
                    </li>
                  ))}
                </ul>
              )}
            </section>
            <section aria-labelledby="inscricao-taxas">
              <h3 id="inscricao-taxas" className="font-semibold text-slate-900">
                Taxas
              </h3>
              {application.fees.length === 0 ? (
                <p className="text-slate-700">Nenhuma taxa se aplica a esta inscrição.</p>
              ) : (
                <ul className="mt-1 divide-y divide-slate-100">
                  {application.fees.map((fee) => (
                    <li key={fee.plan_id} className="py-2">
                      <p className="flex flex-wrap items-center gap-2">
                        <span className="font-medium">{fee.name}</span>
                        <span className="text-slate-600">
                          {FEE_KIND_LABELS[fee.kind]} · {formatBRL(fee.amount_cents)}
                          {fee.due_on ? ` · vence em ${formatDay(fee.due_on)}` : ''}
                        </span>
                        <Badge tone={FEE_STATE_TONES[fee.state]}>{FEE_STATE_LABELS[fee.state]}</Badge>
                      </p>
                      {fee.payments.length > 0 ? (
                        <ul className="mt-1 pl-4">
                          {fee.payments.map((payment) => (
                            <PaymentLine
                              key={payment.id}
                              payment={payment}
                              onRefund={(p) => void refund(p)}
                            />
                          ))}
                        </ul>
                      ) : null}
                    </li>
                  ))}
                </ul>
              )}
            </section>
            <section aria-labelledby="inscricao-decisao">
              <h3 id="inscricao-decisao" className="mb-2 font-semibold text-slate-900">
                Decisão
              </h3>
              <Decision key={`${application.id}-${application.status}`} application={application} />
            </section>
          </div>
        )}
      </QueryState>
      <BoletoRefundModal id={BOLETO_REFUND_MODAL_ID} path={boletoPath} answer={PlanRefundResult} />
    </section>
  )
}
