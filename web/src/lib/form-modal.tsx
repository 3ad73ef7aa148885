import * as Dialog from '@radix-ui/react-dialog'
import { LoaderCircle } from 'lucide'
import type { FormEvent, ReactNode } from 'react'
import { DialogCloseButton, DialogShell } from '../components/dialog-shell.tsx'
import { Icon } from '../components/icons.tsx'
import { useFormModal } from './form-modal-state.tsx'

export {
  CLOSE_MODAL_EVENT,
  closeModal,
  type FormModalMode,
  FormModalProvider,
  OPEN_MODAL_EVENT,
  type OpenModalDetail,
  openModal,
} from './form-modal-state.tsx'

export type FormModalProps = {
  id: string
  title: string
  description?: string
  children: ReactNode
  storeLabel?: string
  updateLabel?: string
  /** Some modals (e.g. 'Adicionar nova senha') have no footer. */
  hideFooter?: boolean
  onStore?: () => void
  onUpdate?: () => void
}

/** SPEC section 2: the shared form modal, with 'Fechar' and a store or update button. */
export function FormModal({
  id,
  title,
  description,
  children,
  storeLabel = 'Cadastrar',
  updateLabel = 'Atualizar',
  hideFooter = false,
  onStore,
  onUpdate,
}: FormModalProps) {
  const { open, mode, action, opener, close } = useFormModal(id)
  const loading = mode === 'load'
  const formId = `${id}-form`

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (loading) return
    if (action === 'store') onStore?.()
    else onUpdate?.()
  }

  return (
    <DialogShell
      open={open}
      onOpenChange={(next) => !next && close()}
      id={id}
      onClosed={() => {
        if (opener instanceof HTMLElement) opener.focus()
      }}
      {...(description ? {} : { 'aria-describedby': undefined })}
      className="fixed top-1/2 left-1/2 z-[1061] flex max-h-[90vh] w-[min(94vw,40rem)] -translate-x-1/2 -translate-y-1/2 flex-col rounded-2xl bg-white shadow-xl focus:outline-none"
    >
      <div className="flex items-start justify-between gap-4 border-slate-200 border-b px-6 py-4">
        <Dialog.Title className="font-semibold text-lg text-slate-900">{title}</Dialog.Title>
        {hideFooter ? <DialogCloseButton className="icon-btn -mr-2" /> : null}
      </div>
      {description ? (
        <Dialog.Description className="px-6 pt-4 text-slate-700">{description}</Dialog.Description>
      ) : null}
      <form id={formId} onSubmit={submit} className="overflow-y-auto px-6 py-4" aria-busy={loading}>
        {children}
      </form>
      {hideFooter ? null : (
        <div className="flex justify-end gap-3 border-slate-200 border-t px-6 py-4">
          <Dialog.Close className="btn btn-outline">Fechar</Dialog.Close>
          <button type="submit" form={formId} className="btn btn-primary" disabled={loading}>
            {loading ? <Icon drawing={LoaderCircle} className="size-4 animate-spin" /> : null}
            {action === 'store' ? storeLabel : updateLabel}
          </button>
        </div>
      )}
    </DialogShell>
  )
}
