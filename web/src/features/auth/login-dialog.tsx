import * as Dialog from '@radix-ui/react-dialog'
import { DialogCloseButton, DialogShell, type OpenedDialogProps } from '../../components/dialog-shell.tsx'
import { AuthPanel } from './auth-panel.tsx'

/** Where focus goes when the dialog closes: its opener, or after a login the user menu that replaced it. */
function focusAfterClose(opener: HTMLElement | null) {
  if (opener?.isConnected) return opener.focus()
  const next = document.getElementById('user-menu-trigger') ?? document.getElementById('conteudo')
  next?.focus()
}

/** SPEC section 2: the login / sign-up modal, id loginModal. */
export default function LoginDialog({ returnFocusTo, ...dialog }: OpenedDialogProps) {
  return (
    <DialogShell
      {...dialog}
      id="loginModal"
      aria-describedby={undefined}
      onClosed={() => focusAfterClose(returnFocusTo.current)}
      className="fixed top-1/2 left-1/2 z-[1061] max-h-[92dvh] w-[min(94vw,52rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white shadow-xl focus:outline-none"
    >
      <AuthPanel Title={Dialog.Title} />
      <DialogCloseButton className="icon-btn absolute top-3 right-3 bg-white/90" />
    </DialogShell>
  )
}
