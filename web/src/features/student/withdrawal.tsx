import { Undo2 } from 'lucide'
import { useId, useState } from 'react'
import { type Purchase, WITHDRAWAL_MESSAGES } from '../../../../worker/contract/student.ts'
import { WITHDRAWAL_DAYS } from '../../../../worker/domain/orders.ts'
import { Icon } from '../../components/icons.tsx'
import { formatInstantDate } from '../../lib/date.ts'
import { FieldShell, INPUT_CLASS, SubmitButton } from '../../lib/form-field.tsx'
import { showToast, toastError } from '../../lib/toast.ts'
import { useRequestWithdrawal } from './student.queries.ts'

const REASON_MAX = 1000

/**
 * The buyer's right of withdrawal in Minhas compras (CDC art. 49; issue 22, item 8): within 7 days
 * of the payment, 'Solicitar reembolso' with a reason; afterwards, why it is gone; once asked, what
 * became of it.
 */
export function WithdrawalSection({ purchase }: { purchase: Purchase }) {
  const withdrawal = purchase.withdrawal
  const [open, setOpen] = useState(false)
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string | undefined>()
  const request = useRequestWithdrawal()
  const formId = useId()
  if (!withdrawal) return null
  const endsAt = formatInstantDate(withdrawal.ends_at)

  if (withdrawal.state === 'expired') {
    return (
      <p className="text-slate-700 text-sm">
        O prazo de {WITHDRAWAL_DAYS} dias para desistir desta compra (direito de arrependimento, Código de
        Defesa do Consumidor, art. 49) terminou em {endsAt}. Se precisar, fale com o Centro de Ensino.
      </p>
    )
  }
  if (withdrawal.state === 'requested') {
    return (
      <div className="rounded-xl bg-sky-50 p-4 text-sky-950 ring-1 ring-sky-300">
        <p className="font-semibold">
          Reembolso solicitado em {formatInstantDate(withdrawal.requested_at!)}.
        </p>
        <p className="mt-1">O instituto vai responder por e-mail e aqui.</p>
      </div>
    )
  }
  if (withdrawal.state === 'approved') {
    const done = purchase.status === 'refunded'
    return (
      <div className="rounded-xl bg-emerald-50 p-4 text-emerald-950 ring-1 ring-emerald-300">
        <p className="font-semibold">
          {done ? 'Reembolso feito: o valor foi estornado e o acesso, encerrado.' : 'Reembolso aprovado.'}
        </p>
        {done ? null : (
          <p className="mt-1">O estorno foi pedido à operadora e aparece aqui quando ela confirmar.</p>
        )}
      </div>
    )
  }
  if (withdrawal.state === 'refused') {
    return (
      <div className="rounded-xl bg-amber-50 p-4 text-amber-950 ring-1 ring-amber-300">
        <p className="font-semibold">O instituto recusou o pedido de reembolso.</p>
        {withdrawal.answer ? <p className="mt-1 break-words">Resposta: {withdrawal.answer}</p> : null}
      </div>
    )
  }

  const submit = () => {
    const text = reason.trim()
    if (text.length < 3 || text.length > REASON_MAX) {
      setError(WITHDRAWAL_MESSAGES.reason)
      return
    }
    setError(undefined)
    request.mutate(
      { orderId: purchase.order_id, reason: text },
      {
        onSuccess: (result) => {
          setOpen(false)
          void showToast('success', result.message)
        },
        onError: (failure) => void toastError(failure, 'Não foi possível pedir o reembolso.'),
      },
    )
  }

  return (
    <div className="rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
      <p className="text-slate-800">
        Você pode desistir desta compra até {endsAt} (direito de arrependimento, {WITHDRAWAL_DAYS} dias).{' '}
        {withdrawal.at_once
          ? 'O valor é estornado na hora e o acesso ao curso termina.'
          : 'O pedido vai ao instituto, que responde por e-mail e aqui.'}
      </p>
      {open ? (
        <form
          id={formId}
          className="mt-3 space-y-3"
          onSubmit={(event) => {
            event.preventDefault()
            submit()
          }}
        >
          <FieldShell label="Por que você desiste da compra?" error={error}>
            {(ids) => (
              <textarea
                {...ids}
                // Opened by the button: the reason is what comes next.
                ref={(element) => element?.focus()}
                rows={3}
                maxLength={REASON_MAX}
                value={reason}
                onChange={(event) => {
                  setReason(event.target.value)
                  setError(undefined)
                }}
                className={`${INPUT_CLASS} resize-y`}
              />
            )}
          </FieldShell>
          <div className="flex flex-wrap gap-2">
            <SubmitButton className="btn btn-primary" pending={request.isPending}>
              {withdrawal.at_once ? 'Confirmar o reembolso' : 'Enviar o pedido de reembolso'}
            </SubmitButton>
            <button type="button" className="btn btn-outline" onClick={() => setOpen(false)}>
              Cancelar
            </button>
          </div>
        </form>
      ) : (
        <button type="button" className="btn btn-outline mt-3" onClick={() => setOpen(true)}>
          <Icon drawing={Undo2} className="size-4" />
          Solicitar reembolso
        </button>
      )}
    </div>
  )
}
