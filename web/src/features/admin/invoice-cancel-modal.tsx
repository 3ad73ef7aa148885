import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import {
  type AdminInvoice,
  CancelInvoiceInput,
  InvoiceActionResult,
} from '../../../../worker/contract/fiscal.ts'
import {
  CANCEL_MOTIVE_CODES,
  CANCEL_MOTIVES,
  CANCEL_TEXT_MAX,
  CANCEL_TEXT_MIN,
} from '../../../../worker/domain/fiscal.ts'
import { FormModal } from '../../lib/form-modal.tsx'
import { formatBRL } from '../../lib/money.ts'
import { send } from './admin-api.ts'
import { EnumOptions, SelectField, TextAreaField } from './fields.tsx'
import { useModalSave } from './use-modal-save.ts'

export const CANCEL_MODAL_ID = 'admin-nota-cancelar'

type Values = { motivo: string; justificativa: string }

/**
 * 'Cancelar nota' (issue 43): why, as the national layout's motive and in words (the provider's
 * minimum of 15 characters), before the cancellation is asked of the city. It returns no money:
 * the refund is made from the sale.
 */
export function CancelInvoiceModal({ invoice }: { invoice: AdminInvoice | null }) {
  const save = useModalSave(CANCEL_MODAL_ID)
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<Values>({
    resolver: zodResolver(CancelInvoiceInput) as never,
    defaultValues: { motivo: '', justificativa: '' },
  })
  const submit = () =>
    handleSubmit((values) =>
      invoice
        ? save(
            'store',
            () =>
              send('POST', `/api/admin/notas-fiscais/${invoice.id}/cancelar`, values, InvoiceActionResult),
            { success: 'Cancelamento pedido à prefeitura.', setError, onSuccess: () => reset() },
          )
        : undefined,
    )()
  return (
    <FormModal
      id={CANCEL_MODAL_ID}
      title="Cancelar a nota na prefeitura"
      description={
        invoice
          ? `A nota${invoice.number ? ` nº ${invoice.number}` : ''} de ${invoice.buyer.name} (${formatBRL(invoice.value_cents)}) é cancelada na prefeitura. O cancelamento não devolve dinheiro: o estorno é feito na venda.`
          : undefined
      }
      storeLabel="Cancelar nota"
      onStore={() => void submit()}
    >
      <SelectField label="Motivo" error={errors.motivo?.message} {...register('motivo')}>
        <option value="">Escolha o motivo</option>
        <EnumOptions values={CANCEL_MOTIVE_CODES} labels={CANCEL_MOTIVES} />
      </SelectField>
      <TextAreaField
        label="Justificativa"
        rows={3}
        maxLength={CANCEL_TEXT_MAX}
        hint={`De ${CANCEL_TEXT_MIN} a ${CANCEL_TEXT_MAX} caracteres; vai à prefeitura depois do nome do motivo. Ex.: valor lançado em dobro na nota.`}
        error={errors.justificativa?.message}
        {...register('justificativa')}
      />
    </FormModal>
  )
}
