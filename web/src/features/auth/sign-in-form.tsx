import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { LoginInput } from '../../../../worker/contract/auth.ts'
import { EmailField, PasswordField, SubmitButton } from '../../lib/form-field.tsx'
import { useLogin } from './auth.mutations.ts'

const SignInSchema = LoginInput.omit({ json: true })
type SignInValues = { email: string; password: string }

/** E-mail and password; Enter in the password field submits (a real form). */
export function SignInForm({ onForgotPassword }: { onForgotPassword: () => void }) {
  const login = useLogin()
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<SignInValues>({
    resolver: zodResolver(SignInSchema),
    defaultValues: { email: '', password: '' },
  })

  return (
    <form noValidate onSubmit={handleSubmit((values) => login.mutate(values))} className="space-y-4">
      <EmailField error={errors.email?.message} {...register('email')} />
      <PasswordField
        label="Senha"
        purpose="current"
        error={errors.password?.message}
        {...register('password')}
      />
      <div className="flex justify-end">
        <button type="button" className="link text-sm" onClick={onForgotPassword}>
          Esqueceu sua senha?
        </button>
      </div>
      <SubmitButton pending={login.isPending}>Entrar</SubmitButton>
    </form>
  )
}
