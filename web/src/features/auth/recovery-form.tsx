import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { ResetRequestInput } from '../../../../worker/contract/auth.ts'
import { EmailField, SubmitButton } from '../../lib/form-field.tsx'
import { useRequestPasswordReset } from './auth.mutations.ts'

/** Asks for the reset link; SPEC section 4: a successful request goes back to sign-in mode. */
export function RecoveryForm({ onSent, onCancel }: { onSent: () => void; onCancel: () => void }) {
  const requestReset = useRequestPasswordReset()
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<{ email: string }>({ resolver: zodResolver(ResetRequestInput), defaultValues: { email: '' } })

  return (
    <form
      noValidate
      onSubmit={handleSubmit(({ email }) => requestReset.mutate(email, { onSuccess: onSent }))}
      className="space-y-4"
    >
      <p className="text-slate-700">
        Informe o e-mail da sua conta: enviaremos um link para você criar uma nova senha.
      </p>
      <EmailField error={errors.email?.message} {...register('email')} />
      <SubmitButton pending={requestReset.isPending}>Enviar link</SubmitButton>
      <button type="button" className="link block text-sm" onClick={onCancel}>
        Voltar para o login
      </button>
    </form>
  )
}
