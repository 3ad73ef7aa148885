import { type RefObject, useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import { AUTH_MESSAGES, passwordChangeErrors } from '../../../../worker/contract/auth.ts'
import { ApiError } from '../../lib/api.ts'
import { SubmitButton, TextField } from '../../lib/form-field.tsx'
import { showToast, toastSuccess, unavailableMessage } from '../../lib/toast.ts'
import { fieldMessages } from '../auth/auth.errors.ts'
import { useChangePassword } from './profile.mutations.ts'

export const PASSWORD_UPDATE_FAILED = 'Erro ao atualizar senha do usuário.'

type PasswordValues = { senha_atual: string; senha_nova: string; senha_repete: string }
type PasswordField = keyof PasswordValues

/** SPEC section 2: 'Atualizar senha' for the current user, 'Alterar senha' for a new (social) user. */
export const passwordFormLabel = (isNewUser: boolean) => (isNewUser ? 'Alterar senha' : 'Atualizar senha')

// Which field each message of SPEC section 5 is about, to mark it invalid.
const FIELD_OF: Record<string, PasswordField> = {
  [AUTH_MESSAGES.currentRequired]: 'senha_atual',
  [AUTH_MESSAGES.currentPasswordWrong]: 'senha_atual',
  [AUTH_MESSAGES.newRequired]: 'senha_nova',
  [AUTH_MESSAGES.newTooShort]: 'senha_nova',
  [AUTH_MESSAGES.repeatRequired]: 'senha_repete',
  [AUTH_MESSAGES.repeatMismatch]: 'senha_repete',
}

/**
 * The password form's state: the SPEC's messages (checked by the contract's `passwordChangeErrors`,
 * the server's when it refuses) accumulate and show together.
 */
export function usePasswordChange({ isNewUser, onSuccess }: { isNewUser: boolean; onSuccess?: () => void }) {
  const form = useForm<PasswordValues>({
    defaultValues: { senha_atual: '', senha_nova: '', senha_repete: '' },
  })
  const [messages, setMessages] = useState<string[]>([])
  const alertRef = useRef<HTMLDivElement>(null)
  const changePassword = useChangePassword()

  function show(list: string[]) {
    setMessages(list)
    // The list is a live region; focus also moves there so keyboard users land on it.
    requestAnimationFrame(() => alertRef.current?.focus())
  }

  const submit = form.handleSubmit((values) => {
    const errors = passwordChangeErrors(values, isNewUser)
    if (errors.length > 0) return show(errors)
    setMessages([])
    const input = isNewUser ? { senha_nova: values.senha_nova, senha_repete: values.senha_repete } : values
    changePassword.mutate(input, {
      onSuccess: ({ data }) => {
        form.reset()
        void toastSuccess(data || AUTH_MESSAGES.passwordUpdated)
        onSuccess?.()
      },
      onError: (error) => {
        const body = error instanceof ApiError ? error.body : null
        const serverMessages = [...fieldMessages(body, 'senha_atual'), ...fieldMessages(body, 'senha')]
        if (serverMessages.length > 0) show(serverMessages)
        else void showToast('error', unavailableMessage(error) ?? PASSWORD_UPDATE_FAILED)
      },
    })
  })

  const invalid = new Set(messages.map((message) => FIELD_OF[message]).filter(Boolean))
  return { form, submit, messages, alertRef, invalid, pending: changePassword.isPending }
}

type PasswordFieldsProps = {
  isNewUser: boolean
  state: ReturnType<typeof usePasswordChange>
  /** The account's e-mail, in a hidden username field so password managers file the new password under it. */
  username?: string
}

/** The fields, the accumulated messages and the submit button; the caller supplies the `<form>`. */
export function PasswordFields({ isNewUser, state, username }: PasswordFieldsProps) {
  const { register } = state.form
  const isInvalid = (field: PasswordField) => (state.invalid.has(field) ? true : undefined)
  return (
    <div className="space-y-4">
      {username ? (
        <input type="email" name="username" autoComplete="username" value={username} readOnly hidden />
      ) : null}
      <PasswordMessages messages={state.messages} alertRef={state.alertRef} />
      {isNewUser ? null : (
        <TextField
          label="Senha atual"
          type="password"
          autoComplete="current-password"
          aria-invalid={isInvalid('senha_atual')}
          {...register('senha_atual')}
        />
      )}
      <TextField
        label="Nova senha"
        type="password"
        autoComplete="new-password"
        hint="No mínimo 6 caracteres."
        aria-invalid={isInvalid('senha_nova')}
        {...register('senha_nova')}
      />
      <TextField
        label="Repetir a nova senha"
        type="password"
        autoComplete="new-password"
        aria-invalid={isInvalid('senha_repete')}
        {...register('senha_repete')}
      />
      <SubmitButton pending={state.pending} className="btn btn-primary">
        {passwordFormLabel(isNewUser)}
      </SubmitButton>
    </div>
  )
}

function PasswordMessages({
  messages,
  alertRef,
}: {
  messages: string[]
  alertRef: RefObject<HTMLDivElement | null>
}) {
  return (
    <div ref={alertRef} tabIndex={-1} role="alert">
      {messages.length > 0 ? (
        <ul className="list-disc space-y-1 rounded-lg border border-red-300 bg-red-50 py-3 pr-4 pl-8 font-medium text-red-800 text-sm">
          {messages.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}

/** The password form on its own page section ('Atualizar senha' / 'Alterar senha'). */
export function PasswordForm({ isNewUser, username }: { isNewUser: boolean; username?: string }) {
  const state = usePasswordChange({ isNewUser })
  return (
    <form noValidate onSubmit={state.submit} aria-label={passwordFormLabel(isNewUser)}>
      <PasswordFields isNewUser={isNewUser} state={state} username={username} />
    </form>
  )
}
