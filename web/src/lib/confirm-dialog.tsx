import * as AlertDialog from '@radix-ui/react-alert-dialog'

export type ConfirmDialogProps = {
  open: boolean
  title: string
  text: string
  confirmLabel: string
  cancelLabel: string
  onAnswer: (answer: boolean) => void
  /** confirm() has no Radix Trigger: focus goes back to what had it when it was called. */
  opener: Element | null
}

/** The Radix part of the confirm dialog, loaded on the first `confirm()` call. */
export default function ConfirmDialog({
  open,
  title,
  text,
  confirmLabel,
  cancelLabel,
  onAnswer,
  opener,
}: ConfirmDialogProps) {
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !next && onAnswer(false)}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-[1060] bg-slate-900/50 backdrop-blur-sm" />
        <AlertDialog.Content
          onCloseAutoFocus={(event) => {
            event.preventDefault()
            if (opener instanceof HTMLElement) opener.focus()
          }}
          className="fixed top-1/2 left-1/2 z-[1061] w-[min(92vw,28rem)] -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl focus:outline-none"
        >
          <AlertDialog.Title className="font-semibold text-lg text-slate-900">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-slate-700">{text}</AlertDialog.Description>
          <div className="mt-6 flex justify-end gap-3">
            <AlertDialog.Cancel className="btn btn-outline">{cancelLabel}</AlertDialog.Cancel>
            <AlertDialog.Action className="btn btn-primary" onClick={() => onAnswer(true)}>
              {confirmLabel}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  )
}
