import { zodResolver } from '@hookform/resolvers/zod'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import type { LinkedProvider } from '../../../../worker/contract/account.ts'
import { AUTH_MESSAGES, PASSWORD_MIN_LENGTH } from '../../../../worker/contract/auth.ts'
import { PROVIDER_LABELS, type SocialProvider } from '../../../../worker/domain/social.ts'
import { Link } from '../../components/link.tsx'
import { ApiError } from '../../lib/api.ts'
import { formatInstantDate } from '../../lib/date.ts'
import { PasswordField, SubmitButton } from '../../lib/form-field.tsx'
import { errorMessage } from '../../lib/toast.ts'
import { resetAccountQuery } from '../account/account.queries.ts'
import { Notice } from '../account/notice.tsx'
import { fieldMessages } from './auth.errors.ts'
import { useResetPassword } from './auth.mutations.ts'
import { ProviderMark } from './social-buttons.tsx'

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

/**
 * The providers linked to the account, each with 'Desvincular': someone who got into the account
 * may have linked their own Google or Facebook to keep a way in after the password changes.
 */
function LinkedProviders({
  providers,
  unlink,
  onToggle,
}: {
  providers: LinkedProvider[]
  unlink: ReadonlySet<SocialProvider>
  onToggle: (provider: SocialProvider, checked: boolean) => void
}) {
  return (
    <fieldset className="min-w-0 space-y-3 rounded-xl border border-slate-300 p-4">
      <legend className="px-1 font-medium text-slate-800 text-sm">Redes sociais vinculadas</legend>
      <p className="text-slate-700 text-sm">
        Também entram nesta conta as redes sociais abaixo. Se alguma não for sua, desvincule-a junto com a
        nova senha.
      </p>
      <ul className="space-y-2">
        {providers.map((linked) => {
          const label = PROVIDER_LABELS[linked.provider]
          const id = `desvincular-${linked.provider}`
          return (
            <li key={linked.provider} className="flex items-start gap-3">
              <input
                id={id}
                type="checkbox"
                className="mt-1 size-5 shrink-0 accent-teal-700"
                checked={unlink.has(linked.provider)}
                onChange={(event) => onToggle(linked.provider, event.target.checked)}
                aria-describedby={`${id}-dados`}
              />
              <div className="min-w-0">
                <label htmlFor={id} className="flex items-center gap-2 font-medium text-slate-900">
                  <ProviderMark provider={linked.provider} />
                  Desvincular {label}
                </label>
                <p id={`${id}-dados`} className="text-slate-600 text-sm [overflow-wrap:anywhere]">
                  {linked.email ?? 'E-mail não informado pela rede social'} · vinculado em{' '}
                  {formatInstantDate(linked.linked_at)}
                </p>
              </div>
            </li>
          )
        })}
      </ul>
    </fieldset>
  )
}

/** /senha/redefinir?token=…: the e-mailed link's page to choose a new password. */
export function ResetPasswordPage({ token, firstTime = false }: { token?: string; firstTime?: boolean }) {
  const resetPassword = useResetPassword()
  const account = useQuery({ ...resetAccountQuery(token ?? ''), enabled: looksLikeToken(token) })
  const [unlink, setUnlink] = useState<ReadonlySet<SocialProvider>>(new Set())
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
      { token, ...values, ...(unlink.size > 0 ? { desvincular: [...unlink] } : {}) },
      {
        onSuccess: ({ msg }) => setDone(msg || AUTH_MESSAGES.resetDone),
        onError: (error) => {
          const body = error instanceof ApiError ? error.body : null
          setFailure(fieldMessages(body, 'token')[0] ?? errorMessage(error, 'Erro ao redefinir a senha.'))
        },
      },
    )
  })

  // The account's look-up already knows a link that no longer holds.
  const accountRefused = account.error instanceof ApiError && account.error.status === 422
  const tokenRejected = !looksLikeToken(token) || failure === AUTH_MESSAGES.resetInvalid || accountRefused
  const shownFailure = failure ?? (accountRefused ? AUTH_MESSAGES.resetInvalid : null)

  return (
    <div className="container-page py-10 md:py-14">
      <div className="mx-auto max-w-md">
        <h1 className="font-extrabold text-3xl text-slate-900 tracking-tight">
          {firstTime ? 'Criar sua senha' : 'Redefinir senha'}
        </h1>
        {firstTime && !done ? (
          <p className="mt-3 text-slate-700">
            Sua conta foi criada com este e-mail numa compra (sua, ou um presente que você recebeu). Escolha
            uma senha para entrar na área do aluno com o seu e-mail.
          </p>
        ) : null}
        <div className="mt-6 space-y-6">
          {done ? (
            <Notice tone="ok" message={done}>
              <Link to="/login" className="btn btn-primary">
                Entrar
              </Link>
            </Notice>
          ) : (
            <>
              {shownFailure ? (
                <Notice tone="error" message={shownFailure}>
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
                  {account.data ? (
                    <p className="text-slate-700">
                      Conta: <strong className="[overflow-wrap:anywhere]">{account.data.email}</strong>
                      <input
                        type="email"
                        autoComplete="username"
                        value={account.data.email}
                        readOnly
                        hidden
                      />
                    </p>
                  ) : null}
                  <PasswordField
                    label="Nova senha"
                    purpose="new"
                    error={errors.password?.message}
                    {...register('password')}
                  />
                  <PasswordField
                    label="Confirme a nova senha"
                    purpose="repeat"
                    error={errors.password_confirmation?.message}
                    {...register('password_confirmation')}
                  />
                  {account.data && account.data.providers.length > 0 ? (
                    <LinkedProviders
                      providers={account.data.providers}
                      unlink={unlink}
                      onToggle={(provider, checked) =>
                        setUnlink((current) => {
                          const next = new Set(current)
                          if (checked) next.add(provider)
                          else next.delete(provider)
                          return next
                        })
                      }
                    />
                  ) : null}
                  {account.isError && !accountRefused ? (
                    <p className="text-slate-600 text-sm">
                      Não foi possível ver as redes sociais vinculadas à conta; a senha pode ser trocada mesmo
                      assim.
                    </p>
                  ) : null}
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
