import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect } from 'react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { ShowcaseListInput } from '../../../../worker/contract/admin-showcase.ts'
import { closeModal, FormModal } from '../../lib/form-modal.tsx'
import { useFormModal } from '../../lib/form-modal-state.tsx'
import { FormFields } from './form-fields.tsx'
import { type DraftList, LIST_MODAL_ID } from './showcase-draft.ts'

// The showcase editor's list form: a list's title, subtitle and whether its cards add to the cart.

const ListForm = ShowcaseListInput.pick({ title: true, sub_title: true, cart_mode: true })

export function ListModal({
  list,
  onSave,
}: {
  list: DraftList | null
  onSave: (values: z.output<typeof ListForm>) => void
}) {
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<{ title: string; sub_title: string; cart_mode: boolean }>({
    resolver: zodResolver(ListForm) as never,
  })
  // Filled anew at each opening: a second 'Nova lista' starts empty, not with the last one's words.
  const { open } = useFormModal(LIST_MODAL_ID)
  useEffect(() => {
    if (!open) return
    reset({
      title: list?.title ?? '',
      sub_title: list?.sub_title ?? '',
      cart_mode: list?.cart_mode ?? false,
    })
  }, [open, list, reset])
  const submit = () =>
    handleSubmit((values) => {
      onSave(values as z.output<typeof ListForm>)
      closeModal(LIST_MODAL_ID)
    })()
  return (
    <FormModal
      id={LIST_MODAL_ID}
      title={list ? `Editar lista: ${list.title}` : 'Nova lista'}
      description="A mudança entra no rascunho; a home muda quando você publicar."
      onStore={() => void submit()}
      onUpdate={() => void submit()}
    >
      <div className="space-y-4">
        <FormFields
          form={{ register, control, errors }}
          fields={[
            { name: 'title', label: 'Título', hint: 'Vira o botão e a âncora da lista na home.' },
            { name: 'sub_title', label: 'Subtítulo' },
            {
              kind: 'checkbox',
              name: 'cart_mode',
              label: 'Modo carrinho',
              hint: "Cada card tem 'Adicionar ao carrinho'; sem ele, um link para a página do item.",
            },
          ]}
        />
      </div>
    </FormModal>
  )
}
