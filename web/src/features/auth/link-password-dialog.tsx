import * as Dialog from '@radix-ui/react-dialog'
import { type FormEvent, useRef, useState } from 'react'
import { ACCOUNT_MESSAGES } from '../../../../worker/contract/account.ts'
import { DialogCloseButton, DialogShell } from '../../components/dialog-shell.tsx'
import { PasswordField, SubmitButton } from '../../lib/form-field.tsx'
import type { LinkableProvider } from './social-login.ts'

type LinkPasswordDialogProps = {
  provider: LinkableProvider
  label: string
  onClose: () => void
  /** Opens the popup and asks for its address: the password's error, or null once under way. */
  onSubmit: (senha: string) => Promise<string | null>
}

/**
 * Linking a provider without a recent login asks for the account's password first. Its submit
 * is the click that opens the provider's popup, so the popup opens from a user gesture.
 */
export default function LinkPasswordDialog({ provider, label, onClose, onSubmit }: LinkPasswordDialogProps) {
  const [senha, setSenha] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [pending, setPending] = useState(false)
  const inputRef = useRef<HTMLInputElement>(null)
  // Opened without a Radix Trigger: focus goes back to the button that asked, by hand.
  const [opener] = useState(() => document.activeElement)

  // Back on the field, whose description now reads the error.
  function refuse(message: string) {
    setError(message)
    requestAnimationFrame(() => inputRef.current?.focus())
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (pending) return
    if (senha === '') return refuse(ACCOUNT_MESSAGES.providerPasswordRequired)
    setError(null)
    setPending(true)
    const refused = await onSubmit(senha)
    setPending(false)
    if (refused) refuse(refused)
  }

  return (
    <DialogShell
      open
      onOpenChange={(open) => !open && onClose()}
      id={`vincular-${provider}`}
      onClosed={() => {
        if (opener instanceof HTMLElement && opener.isConnected) opener.focus()
      }}
      className="fixed top-1/2 left-1/2 z-[1061] w-[min(94vw,28rem)] -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white shadow-xl focus:outline-none"
    >
      <div className="flex items-start justify-between gap-4 border-slate-200 border-b px-6 py-4">
        <Dialog.Title className="font-semibold text-lg text-slate-900">Vincular {label}</Dialog.Title>
        <DialogCloseButton className="icon-btn -mr-2" />
      </div>
      <form noValidate onSubmit={submit} className="space-y-4 px-6 py-4">
        <Dialog.Description className="text-slate-700">
          {ACCOUNT_MESSAGES.providerPasswordRequired}
        </Dialog.Description>
        <PasswordField
          ref={inputRef}
          label="Sua senha"
          purpose="current"
          value={senha}
          onChange={(event) => setSenha(event.target.value)}
          error={error ?? undefined}
        />
        <div className="flex flex-wrap justify-end gap-3">
          <Dialog.Close className="btn btn-outline">Cancelar</Dialog.Close>
          <SubmitButton pending={pending} className="btn btn-primary">
            Continuar
          </SubmitButton>
        </div>
      </form>
    </DialogShell>
  )
}
