import type { z } from 'zod'
import { RefundBankAccount } from '../../../../worker/contract/refunds.ts'
import { confirm } from '../../lib/confirm.tsx'
import { send } from './admin-api.ts'
import { ModalForm, type ModalFormDescription } from './form-fields.tsx'
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

const NO_ACCOUNT: BankValues = {
  holder_name: '',
  holder_document: '',
  bank: '',
  branch_number: '',
  account_number: '',
  account_check_digit: '',
  type: 'checking',
}

function bankForm(id: string): ModalFormDescription<BankValues, null> {
  return {
    modalId: id,
    schema: RefundBankAccount,
    valuesOf: blankAccount,
    title: () => 'Estornar boleto pago',
    intro: 'O valor volta por transferência para a conta do pagador.',
    storeLabel: 'Estornar',
    twoColumns: true,
    fields: [
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
    ],
  }
}

/** Every opening starts with no account (a module function: the form is filled only when it opens). */
const blankAccount = () => NO_ACCOUNT

/**
 * A paid boleto goes back by bank transfer: the payer's account, then the refund posted to `path`
 * (an order's or an edital fee payment's estorno), its answer's message toasted (once) and the
 * admin screens read again.
 */
export function BoletoRefundModal({
  id,
  path,
  answer,
}: {
  id: string
  path: string | null
  answer: z.ZodType<{ message: string }>
}) {
  const save = useModalSave(id)
  return (
    <ModalForm
      description={bankForm(id)}
      item={null}
      onSubmit={async (values, mode, form) => {
        if (!path || !(await confirm())) return
        await save(mode, () => send('POST', path, { bank_account: values }, answer), {
          success: (result) => result.message,
          // The server names the fields below bank_account.
          setError: ((field: string, error: { message?: string }) =>
            form.setError(field.replace(/^bank_account\./, '') as keyof BankValues, error)) as never,
        })
      }}
    />
  )
}
