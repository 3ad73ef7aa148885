import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { RefundBankAccount } from '../../../../worker/contract/refunds.ts'
import { confirm } from '../../lib/confirm.tsx'
import { FormModal } from '../../lib/form-modal.tsx'
import { toastSuccess } from '../../lib/toast.ts'
import { send } from './admin-api.ts'
import { FormFields } from './form-fields.tsx'
import { useModalSave } from './use-modal-save.ts'

type BankValues = {
  holder_name: string
  holder_document: string
  bank: string
  branch_number: string
  account_number: string
  account_check_digit: string
  type: 'checking' | 'savings'
}

/**
 * A paid boleto goes back by bank transfer: the payer's account, then the refund posted to `path`
 * (an order's or an edital fee payment's estorno), its answer's message toasted.
 */
export function BoletoRefundModal({
  id,
  path,
  answer,
  onDone,
}: {
  id: string
  path: string | null
  answer: z.ZodType<{ message: string }>
  onDone: () => void
}) {
  const save = useModalSave(id)
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<BankValues>({
    resolver: zodResolver(RefundBankAccount) as never,
    defaultValues: { type: 'checking' },
  })
  const submit = () =>
    handleSubmit(async (values) => {
      if (!path || !(await confirm())) return
      await save('store', () => send('POST', path, { bank_account: values }, answer), {
        success: 'Estorno solicitado.',
        setError: ((field: string, error: { message?: string }) =>
          setError(field.replace(/^bank_account\./, '') as keyof BankValues, error)) as never,
        onSuccess: (result) => {
          void toastSuccess(result.message)
          onDone()
        },
      })
    })()
  return (
    <FormModal
      id={id}
      title="Estornar boleto pago"
      description="O valor volta por transferência para a conta do pagador."
      storeLabel="Estornar"
      onStore={() => void submit()}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormFields
          form={{ register, control, errors }}
          fields={[
            { name: 'holder_name', label: 'Titular', wide: true },
            { name: 'holder_document', label: 'CPF ou CNPJ (só números)', input: { inputMode: 'numeric' } },
            { name: 'bank', label: 'Banco (3 dígitos)', input: { inputMode: 'numeric' } },
            { name: 'branch_number', label: 'Agência', input: { inputMode: 'numeric' } },
            { name: 'account_number', label: 'Conta', input: { inputMode: 'numeric' } },
            { name: 'account_check_digit', label: 'Dígito da conta' },
            {
              kind: 'select',
              name: 'type',
              label: 'Tipo de conta',
              choices: (
                <>
                  <option value="checking">Corrente</option>
                  <option value="savings">Poupança</option>
                </>
              ),
            },
          ]}
        />
      </div>
    </FormModal>
  )
}
