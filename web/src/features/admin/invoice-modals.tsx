import {
  type AdminInvoice,
  CancelInvoiceInput,
  CloseInvoiceInput,
  InvoiceActionResult,
} from '../../../../worker/contract/fiscal.ts'
import {
  CANCEL_MOTIVE_CODES,
  CANCEL_MOTIVES,
  CANCEL_TEXT_MAX,
  CANCEL_TEXT_MIN,
} from '../../../../worker/domain/fiscal.ts'
import { formatBRL } from '../../lib/money.ts'
import { send } from './admin-api.ts'
import { EnumOptions } from './fields.tsx'
import { ModalForm, type ModalFormDescription } from './form-fields.tsx'
import { useModalSave } from './use-modal-save.ts'

// The two forms of the admin's 'Notas fiscais' (issue 43) that ask the city something: each a
// description drawn by ModalForm, posted to the note's action.

export const CANCEL_MODAL_ID = 'admin-nota-cancelar'
export const CLOSE_MODAL_ID = 'admin-nota-encerrar'

type CancelValues = { motivo: string; justificativa: string }
const NO_REASON: CancelValues = { motivo: '', justificativa: '' }

/**
 * 'Cancelar nota': why, as the national layout's motive and in words (the provider's minimum of 15
 * characters), before the cancellation is asked of the city. It returns no money: the refund is
 * made from the sale.
 */
const cancelForm: ModalFormDescription<CancelValues, AdminInvoice> = {
  modalId: CANCEL_MODAL_ID,
  schema: CancelInvoiceInput,
  valuesOf: () => NO_REASON,
  title: () => 'Cancelar a nota na prefeitura',
  intro: (invoice) =>
    invoice
      ? `A nota${invoice.number ? ` nº ${invoice.number}` : ''} de ${invoice.buyer.name} (${formatBRL(invoice.value_cents)}) é cancelada na prefeitura. O cancelamento não devolve dinheiro: o estorno é feito na venda.`
      : undefined,
  storeLabel: 'Cancelar nota',
  fields: [
    {
      kind: 'select',
      name: 'motivo',
      label: 'Motivo',
      choices: (
        <>
          <option value="">Escolha o motivo</option>
          <EnumOptions values={CANCEL_MOTIVE_CODES} labels={CANCEL_MOTIVES} />
        </>
      ),
    },
    {
      kind: 'textarea',
      name: 'justificativa',
      label: 'Justificativa',
      rows: 3,
      maxLength: CANCEL_TEXT_MAX,
      hint: `De ${CANCEL_TEXT_MIN} a ${CANCEL_TEXT_MAX} caracteres; vai à prefeitura depois do nome do motivo. Ex.: valor lançado em dobro na nota.`,
    },
  ],
}

type CloseValues = { observacao: string }
const NOTHING_DONE: CloseValues = { observacao: '' }

/** 'Encerrar caso': what was done by hand, for a cancellation the city no longer accepts. */
const closeForm: ModalFormDescription<CloseValues, AdminInvoice> = {
  modalId: CLOSE_MODAL_ID,
  schema: CloseInvoiceInput,
  valuesOf: () => NOTHING_DONE,
  title: () => 'Encerrar o caso da nota',
  intro: (invoice) =>
    invoice
      ? `A prefeitura não aceita mais o cancelamento da nota de ${invoice.buyer.name}. Conte o que foi feito fora do site: fica registrado.`
      : undefined,
  storeLabel: 'Encerrar caso',
  fields: [
    {
      kind: 'textarea',
      name: 'observacao',
      label: 'O que foi feito',
      rows: 3,
      hint: 'Ex.: cancelada no portal da prefeitura em 10/03, processo 123.',
    },
  ],
}

/** A note's form posted to `/api/admin/notas-fiscais/{id}/{action}`, `success` toasted. */
function InvoiceActionModal<V extends CancelValues | CloseValues>({
  description,
  invoice,
  action,
  success,
}: {
  description: ModalFormDescription<V, AdminInvoice>
  invoice: AdminInvoice | null
  action: 'cancelar' | 'encerrar'
  success: string
}) {
  const save = useModalSave(description.modalId)
  return (
    <ModalForm
      description={description}
      item={invoice}
      onSubmit={(values, _mode, form) =>
        invoice
          ? save(
              'store',
              () =>
                send('POST', `/api/admin/notas-fiscais/${invoice.id}/${action}`, values, InvoiceActionResult),
              { success, setError: form.setError },
            )
          : undefined
      }
    />
  )
}

export const CancelInvoiceModal = ({ invoice }: { invoice: AdminInvoice | null }) => (
  <InvoiceActionModal
    description={cancelForm}
    invoice={invoice}
    action="cancelar"
    success="Cancelamento pedido à prefeitura."
  />
)

export const CloseCaseModal = ({ invoice }: { invoice: AdminInvoice | null }) => (
  <InvoiceActionModal description={closeForm} invoice={invoice} action="encerrar" success="Caso encerrado." />
)
