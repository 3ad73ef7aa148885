import * as Dialog from '@radix-ui/react-dialog'
import { X } from 'lucide-react'
import type { RefObject } from 'react'

type LoginDialogProps = {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** Opened without a Radix Trigger, so focus is handed back explicitly on close. */
  returnFocusTo: RefObject<HTMLElement | null>
}

/** Placeholder for the login / sign-up modal (SPEC section 2); its forms come in the auth issue. */
export default function LoginDialog({ open, onOpenChange, returnFocusTo }: LoginDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[1060] bg-slate-900/50 backdrop-blur-sm" />
        <Dialog.Content
          id="loginModal"
          onCloseAutoFocus={(event) => {
            event.preventDefault()
            returnFocusTo.current?.focus()
          }}
          className="fixed top-1/2 left-1/2 z-[1061] w-[min(94vw,28rem)] -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl focus:outline-none"
        >
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="font-bold text-slate-900 text-xl">
              Olá! Já possui uma conta?
            </Dialog.Title>
            <Dialog.Close className="icon-btn -mt-1 -mr-2" aria-label="Fechar">
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="mt-3 text-slate-700">
            Em breve você poderá entrar ou criar sua conta por aqui.
          </Dialog.Description>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
