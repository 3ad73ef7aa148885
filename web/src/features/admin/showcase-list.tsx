import type { z } from 'zod'
import { ShowcaseListInput } from '../../../../worker/contract/admin-showcase.ts'
import { closeModal } from '../../lib/form-modal.tsx'
import { ModalForm, type ModalFormDescription } from './form-fields.tsx'
import { DRAFT_NOTE, type DraftList, LIST_MODAL_ID } from './showcase-draft.ts'

// The showcase editor's list form: a list's title, subtitle and whether its cards add to the cart.

const ListForm = ShowcaseListInput.pick({ title: true, sub_title: true, cart_mode: true })

type Values = { title: string; sub_title: string; cart_mode: boolean }

const LIST_FORM: ModalFormDescription<Values, DraftList> = {
  modalId: LIST_MODAL_ID,
  schema: ListForm,
  valuesOf: (list) => ({
    title: list?.title ?? '',
    sub_title: list?.sub_title ?? '',
    cart_mode: list?.cart_mode ?? false,
  }),
  title: (list) => (list ? `Editar lista: ${list.title}` : 'Nova lista'),
  intro: DRAFT_NOTE,
  fields: [
    { name: 'title', label: 'Título', hint: 'Vira o botão e a âncora da lista na home.' },
    { name: 'sub_title', label: 'Subtítulo' },
    {
      kind: 'checkbox',
      name: 'cart_mode',
      label: 'Modo carrinho',
      hint: "Cada card tem 'Adicionar ao carrinho'; sem ele, um link para a página do item.",
    },
  ],
}

export function ListModal({
  list,
  onSave,
}: {
  list: DraftList | null
  onSave: (values: z.output<typeof ListForm>) => void
}) {
  return (
    <ModalForm
      description={LIST_FORM}
      item={list}
      onSubmit={(values) => {
        onSave(values)
        closeModal(LIST_MODAL_ID)
      }}
    />
  )
}
