import * as Dialog from '@radix-ui/react-dialog'
import { X } from 'lucide'
import type { RefObject } from 'react'
import { Icon } from '../../components/icons.tsx'
import { AuthPanel } from './auth-panel.tsx'

type LoginDialogProps = {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** Opened without a Radix Trigger, so focus is handed back explicitly on close. */
  returnFocusTo: RefObject<HTMLElement | null>
}

/** Where focus goes when the dialog closes: its opener, or after a login the user menu that replaced it. */
function focusAfterClose(opener: HTMLElement | null) {
  if (opener?.isConnected) return opener.focus()
  const next = document.getElementById('user-menu-trigger') ?? document.getElementById('conteudo')
  next?.focus()
}

/** SPEC section 2: the login / sign-up modal, id loginModal. */
export default function LoginDialog({ open, onOpenChange, returnFocusTo }: LoginDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[1060] bg-slate-900/50 backdrop-blur-sm" />
        <Dialog.Content
          id="loginModal"
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault()
            focusAfterClose(returnFocusTo.current)
          }}
          className="fixed top-1/2 left-1/2 z-[1061] max-h-[92dvh] w-[min(94vw,52rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white shadow-xl focus:outline-none"
        >
          <AuthPanel Title={Dialog.Title} />
          <Dialog.Close className="icon-btn absolute top-3 right-3 bg-white/90" aria-label="Fechar">
            <Icon drawing={X} className="size-5" />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
