import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { RegisterInput } from '../../../../worker/contract/auth.ts'
import { EmailField, NameField, PasswordField, SubmitButton } from '../../lib/form-field.tsx'
import { PhoneField } from '../../lib/masked-input.tsx'
import { fieldErrors } from './auth.errors.ts'
import { useRegister } from './auth.mutations.ts'

type SignUpValues = { name: string; email: string; phone: string; password: string }
const FIELDS = ['name', 'email', 'phone', 'password'] as const

/** Name (trimmed by the schema), e-mail, masked phone and password; the account is logged in at once. */
export function SignUpForm() {
  const registerUser = useRegister()
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<SignUpValues, unknown, RegisterInput>({
    resolver: zodResolver(RegisterInput),
    defaultValues: { name: '', email: '', phone: '', password: '' },
  })

  function submit(values: RegisterInput) {
    registerUser.mutate(values, {
      // 'Erro ao cadastarar' is toasted by the mutation; the server's field messages go beside the fields.
      onError: (error) => {
        const messages = fieldErrors(error)
        for (const field of FIELDS) {
          const message = messages[field]
          if (message) setError(field, { type: 'server', message })
        }
      },
    })
  }

  return (
    <form noValidate onSubmit={handleSubmit(submit)} className="space-y-4">
      <NameField error={errors.name?.message} {...register('name')} />
      <EmailField error={errors.email?.message} {...register('email')} />
      <PhoneField control={control} name="phone" error={errors.phone?.message} />
      <PasswordField label="Senha" purpose="new" error={errors.password?.message} {...register('password')} />
      <SubmitButton pending={registerUser.isPending}>Cadastrar</SubmitButton>
    </form>
  )
}
