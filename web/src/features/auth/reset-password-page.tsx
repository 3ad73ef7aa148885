import { zodResolver } from '@hookform/resolvers/zod'
import { CircleCheck, TriangleAlert } from 'lucide'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import { AUTH_MESSAGES, PASSWORD_MIN_LENGTH } from '../../../../worker/contract/auth.ts'
import { Icon } from '../../components/icons.tsx'
import { Link } from '../../components/link.tsx'
import { ApiError } from '../../lib/api.ts'
import { SubmitButton, TextField } from '../../lib/form-field.tsx'
import { errorMessage } from '../../lib/toast.ts'
import { fieldMessages } from './auth.errors.ts'
import { useResetPassword } from './auth.mutations.ts'

// The same rules as the contract's ResetPasswordInput, without the token (it comes from the link).
const NewPassword = z
  .object({
    password: z.string().min(PASSWORD_MIN_LENGTH, { error: 'A senha deve possuir no mínimo 6 caracteres.' }),
    password_confirmation: z.string().min(1, { error: 'Repita a nova senha.' }),
  })
  .refine((input) => input.password === input.password_confirmation, {
    error: 'As senhas não conferem.',
    path: ['password_confirmation'],
  })
type NewPassword = z.infer<typeof NewPassword>

/** The token can only be missing or malformed here; the server says whether it expired. */
const looksLikeToken = (token: string | undefined): token is string =>
  typeof token === 'string' && token.length >= 20 && token.length <= 200

function Notice({ tone, children }: { tone: 'ok' | 'error'; children: React.ReactNode }) {
  return (
    <div
      role={tone === 'ok' ? 'status' : 'alert'}
      className={`flex gap-3 rounded-xl border p-4 ${tone === 'ok' ? 'border-teal-300 bg-teal-50 text-teal-900' : 'border-red-300 bg-red-50 text-red-800'}`}
    >
      <Icon drawing={tone === 'ok' ? CircleCheck : TriangleAlert} className="mt-0.5 size-5 shrink-0" />
      <div className="space-y-3">{children}</div>
    </div>
  )
}

/** /senha/redefinir?token=…: the e-mailed link's page to choose a new password. */
export function ResetPasswordPage({ token, firstTime = false }: { token?: string; firstTime?: boolean }) {
  const resetPassword = useResetPassword()
  const [done, setDone] = useState<string | null>(null)
  const [failure, setFailure] = useState<string | null>(
    looksLikeToken(token) ? null : AUTH_MESSAGES.resetInvalid,
  )
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<NewPassword>({
    resolver: zodResolver(NewPassword),
    defaultValues: { password: '', password_confirmation: '' },
  })

  const submit = handleSubmit((values) => {
    if (!looksLikeToken(token)) return
    setFailure(null)
    resetPassword.mutate(
      { token, ...values },
      {
        onSuccess: ({ msg }) => setDone(msg || AUTH_MESSAGES.resetDone),
        onError: (error) => {
          const body = error instanceof ApiError ? error.body : null
          setFailure(fieldMessages(body, 'token')[0] ?? errorMessage(error, 'Erro ao redefinir a senha.'))
        },
      },
    )
  })

  const tokenRejected = !looksLikeToken(token) || failure === AUTH_MESSAGES.resetInvalid

  return (
    <div className="container-page py-10 md:py-14">
      <div className="mx-auto max-w-md">
        <h1 className="font-extrabold text-3xl text-slate-900 tracking-tight">
          {firstTime ? 'Criar sua senha' : 'Redefinir senha'}
        </h1>
        {firstTime && !done ? (
          <p className="mt-3 text-slate-700">
            Sua conta foi criada na sua primeira compra. Escolha uma senha para entrar na área do aluno com o
            seu e-mail.
          </p>
        ) : null}
        <div className="mt-6 space-y-6">
          {done ? (
            <Notice tone="ok">
              <p className="font-medium">{done}</p>
              <Link to="/login" className="btn btn-primary">
                Entrar
              </Link>
            </Notice>
          ) : (
            <>
              {failure ? (
                <Notice tone="error">
                  <p className="font-medium">{failure}</p>
                  {tokenRejected ? (
                    <p>
                      Em{' '}
                      <Link to="/login" className="link">
                        Acesse sua conta
                      </Link>
                      , use 'Esqueceu sua senha?' para receber um novo link.
                    </p>
                  ) : null}
                </Notice>
              ) : null}
              {tokenRejected ? null : (
                <form noValidate onSubmit={submit} className="space-y-4">
                  <TextField
                    label="Nova senha"
                    type="password"
                    autoComplete="new-password"
                    hint="No mínimo 6 caracteres."
                    error={errors.password?.message}
                    {...register('password')}
                  />
                  <TextField
                    label="Confirme a nova senha"
                    type="password"
                    autoComplete="new-password"
                    error={errors.password_confirmation?.message}
                    {...register('password_confirmation')}
                  />
                  <SubmitButton pending={resetPassword.isPending}>
                    {firstTime ? 'Criar senha' : 'Redefinir senha'}
                  </SubmitButton>
                </form>
              )}
            </>
          )}
        </div>
      </div>
    </div>
  )
}
