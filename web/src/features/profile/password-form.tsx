import { type RefObject, useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import { ACCOUNT_MESSAGES, EmailCode } from '../../../../worker/contract/account.ts'
import { AUTH_MESSAGES, passwordChangeErrors } from '../../../../worker/contract/auth.ts'
import { ApiError } from '../../lib/api.ts'
import { ActionButton, PasswordField, SubmitButton, TextField } from '../../lib/form-field.tsx'
import { showToast, toastError, toastSuccess, unavailableMessage } from '../../lib/toast.ts'
import { useSendCode } from '../account/account.queries.ts'
import { fieldMessages } from '../auth/auth.errors.ts'
import { useChangePassword } from './profile.mutations.ts'

export const PASSWORD_UPDATE_FAILED = 'Erro ao atualizar senha do usuário.'

type PasswordValues = { senha_atual: string; senha_nova: string; senha_repete: string; codigo: string }
type PasswordFieldName = keyof PasswordValues

/** SPEC section 2: 'Atualizar senha' for the current user, 'Alterar senha' for a new (social) user. */
export const passwordFormLabel = (isNewUser: boolean) => (isNewUser ? 'Alterar senha' : 'Atualizar senha')

// Which field each message of SPEC section 5 is about, to mark it invalid.
const FIELD_OF: Record<string, PasswordFieldName> = {
  [AUTH_MESSAGES.currentRequired]: 'senha_atual',
  [AUTH_MESSAGES.currentPasswordWrong]: 'senha_atual',
  [AUTH_MESSAGES.newRequired]: 'senha_nova',
  [AUTH_MESSAGES.newTooShort]: 'senha_nova',
  [AUTH_MESSAGES.repeatRequired]: 'senha_repete',
  [AUTH_MESSAGES.repeatMismatch]: 'senha_repete',
  [ACCOUNT_MESSAGES.codeRequired]: 'codigo',
  [ACCOUNT_MESSAGES.codeInvalid]: 'codigo',
}

/** The code's own check, after the SPEC's messages (which keep their order). */
function codeErrors(codigo: string): string[] {
  if (codigo.trim() === '') return [ACCOUNT_MESSAGES.codeRequired]
  return EmailCode.safeParse(codigo).success ? [] : [ACCOUNT_MESSAGES.codeInvalid]
}

type PasswordChangeOptions = {
  isNewUser: boolean
  /**
   * A new user whose e-mail is not proved sets the first password with a code e-mailed here
   * (issue 28): whoever typed the e-mail at a checkout does not own the account by that alone.
   */
  codeTo?: string | undefined
  onSuccess?: () => void
}

/**
 * The password form's state: the SPEC's messages (checked by the contract's `passwordChangeErrors`,
 * the server's when it refuses) accumulate and show together, the code's after them.
 */
export function usePasswordChange({ isNewUser, codeTo, onSuccess }: PasswordChangeOptions) {
  const form = useForm<PasswordValues>({
    defaultValues: { senha_atual: '', senha_nova: '', senha_repete: '', codigo: '' },
  })
  const [messages, setMessages] = useState<string[]>([])
  const alertRef = useRef<HTMLDivElement>(null)
  const changePassword = useChangePassword()

  function show(list: string[]) {
    setMessages(list)
    // The list is a live region; focus also moves there so keyboard users land on it.
    requestAnimationFrame(() => alertRef.current?.focus())
  }

  const needsCode = isNewUser && codeTo !== undefined
  const submit = form.handleSubmit((values) => {
    const errors = [
      ...passwordChangeErrors(values, isNewUser),
      ...(needsCode ? codeErrors(values.codigo) : []),
    ]
    if (errors.length > 0) return show(errors)
    setMessages([])
    const { senha_atual, senha_nova, senha_repete } = values
    const input = isNewUser
      ? { senha_nova, senha_repete, ...(needsCode ? { codigo: values.codigo.replace(/\s+/g, '') } : {}) }
      : { senha_atual, senha_nova, senha_repete }
    changePassword.mutate(input, {
      onSuccess: ({ data }) => {
        form.reset()
        void toastSuccess(data || AUTH_MESSAGES.passwordUpdated)
        onSuccess?.()
      },
      onError: (error) => {
        const body = error instanceof ApiError ? error.body : null
        const serverMessages = [
          ...fieldMessages(body, 'senha_atual'),
          ...fieldMessages(body, 'senha'),
          ...fieldMessages(body, 'senha_nova'),
          ...fieldMessages(body, 'senha_repete'),
          ...fieldMessages(body, 'codigo'),
        ]
        if (serverMessages.length > 0) show(serverMessages)
        else void showToast('error', unavailableMessage(error) ?? PASSWORD_UPDATE_FAILED)
      },
    })
  })

  const invalid = new Set(messages.map((message) => FIELD_OF[message]).filter(Boolean))
  return {
    form,
    submit,
    messages,
    alertRef,
    invalid,
    pending: changePassword.isPending,
    codeTo: needsCode ? codeTo : undefined,
  }
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
  const isInvalid = (field: PasswordFieldName) => (state.invalid.has(field) ? true : undefined)
  return (
    <div className="space-y-4">
      {username ? (
        // Text, as the autofill table groups 'username'; named, though hidden (HTML_CodeSniffer H98, H91).
        <input
          type="text"
          name="username"
          autoComplete="username"
          aria-label="E-mail da conta"
          value={username}
          readOnly
          hidden
        />
      ) : null}
      <PasswordMessages messages={state.messages} alertRef={state.alertRef} />
      {isNewUser ? null : (
        <PasswordField
          label="Senha atual"
          purpose="current"
          aria-invalid={isInvalid('senha_atual')}
          {...register('senha_atual')}
        />
      )}
      <PasswordField
        label="Nova senha"
        purpose="new"
        aria-invalid={isInvalid('senha_nova')}
        {...register('senha_nova')}
      />
      <PasswordField
        label="Repetir a nova senha"
        purpose="repeat"
        aria-invalid={isInvalid('senha_repete')}
        {...register('senha_repete')}
      />
      {state.codeTo ? <CodeField email={state.codeTo} state={state} invalid={isInvalid('codigo')} /> : null}
      <SubmitButton pending={state.pending} className="btn btn-primary">
        {passwordFormLabel(isNewUser)}
      </SubmitButton>
    </div>
  )
}

/** 'Enviar código', the line saying where it went, and the 6 digits. */
function CodeField({
  email,
  state,
  invalid,
}: {
  email: string
  state: ReturnType<typeof usePasswordChange>
  invalid: true | undefined
}) {
  const sendCode = useSendCode()
  const [sent, setSent] = useState<string | null>(null)
  return (
    <fieldset className="min-w-0 space-y-3 rounded-xl border border-slate-300 p-4 [overflow-wrap:anywhere]">
      <legend className="px-1 font-medium text-slate-800 text-sm">Confirme que o e-mail é seu</legend>
      <p className="text-slate-700 text-sm">
        Para criar a senha, enviaremos um código de 6 dígitos para <strong>{email}</strong>.
      </p>
      <ActionButton
        pending={sendCode.isPending}
        onClick={() =>
          sendCode.mutate(undefined, {
            onSuccess: () => {
              setSent(ACCOUNT_MESSAGES.codeSent(email))
              state.form.setFocus('codigo')
            },
            onError: (error) => void toastError(error, 'Não foi possível enviar o código.'),
          })
        }
      >
        {sent ? 'Reenviar código' : 'Enviar código'}
      </ActionButton>
      <p role="status" className="font-medium text-teal-900 text-sm empty:hidden">
        {sent}
      </p>
      <TextField
        label="Código"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={7}
        hint="Os 6 dígitos do e-mail."
        aria-invalid={invalid}
        {...state.form.register('codigo')}
      />
    </fieldset>
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
export function PasswordForm({
  isNewUser,
  username,
  codeTo,
}: {
  isNewUser: boolean
  username?: string
  codeTo?: string | undefined
}) {
  const state = usePasswordChange({ isNewUser, codeTo })
  return (
    <form noValidate onSubmit={state.submit} aria-label={passwordFormLabel(isNewUser)}>
      <PasswordFields isNewUser={isNewUser} state={state} username={username} />
    </form>
  )
}
