import { useQuery, useQueryClient } from '@tanstack/react-query'
import { CircleCheck, LogOut, MailWarning, Unlink } from 'lucide'
import { useState } from 'react'
import {
  ACCOUNT_MESSAGES,
  type AccountSecurity,
  type LinkedProvider,
} from '../../../../worker/contract/account.ts'
import { PROVIDER_LABELS, SOCIAL_PROVIDERS } from '../../../../worker/domain/social.ts'
import { Icon } from '../../components/icons.tsx'
import { QueryStatus } from '../../components/query-status.tsx'
import { confirm } from '../../lib/confirm.tsx'
import { formatInstantDate } from '../../lib/date.ts'
import { ActionButton } from '../../lib/form-field.tsx'
import { toastError, toastSuccess } from '../../lib/toast.ts'
import { ProviderMark, SocialLinkButtons } from '../auth/social-buttons.tsx'
import {
  accountKeys,
  accountSecurityQuery,
  useCancelEmailChange,
  useResendConfirmation,
  useSignOutEverywhere,
  useUnlinkProvider,
} from './account.queries.ts'

export const SIGN_OUT_EVERYWHERE_CONFIRMATION =
  'Todas as sessões desta conta serão encerradas, inclusive esta: você precisará entrar de novo em cada dispositivo.'

export const unlinkConfirmation = (label: string) =>
  `Desvincular ${label}? Você não poderá mais entrar com ${label} nesta conta até vinculá-lo de novo.`

/** '1 outra sessão aberta…', 'N outras…', or none. */
export function otherSessionsText(count: number): string {
  if (count <= 0) return 'Nenhuma outra sessão aberta: só este navegador está com a conta aberta.'
  if (count === 1) return 'Há 1 outra sessão aberta, em outro dispositivo ou navegador.'
  return `Há ${count} outras sessões abertas, em outros dispositivos ou navegadores.`
}

function SubHeading({ children }: { children: string }) {
  return <h3 className="font-semibold text-base text-slate-900">{children}</h3>
}

/** The account's e-mail: proved or not (with the link sent again), and a change awaiting its link. */
function EmailStatus({ email, security }: { email: string; security: AccountSecurity }) {
  const resend = useResendConfirmation()
  const cancel = useCancelEmailChange()
  const [sent, setSent] = useState<string | null>(null)
  const pending = security.pending_email
  return (
    <div className="space-y-3">
      <SubHeading>E-mail</SubHeading>
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="font-medium text-slate-900 [overflow-wrap:anywhere]">{email}</span>
        {security.email_verified ? (
          <span className="inline-flex items-center gap-1 rounded-full bg-emerald-100 px-3 py-1 font-semibold text-emerald-900 text-sm">
            <Icon drawing={CircleCheck} className="size-4" />
            Confirmado
          </span>
        ) : (
          <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-3 py-1 font-semibold text-amber-950 text-sm">
            <Icon drawing={MailWarning} className="size-4" />
            Não confirmado
          </span>
        )}
      </p>
      {security.email_verified ? null : (
        <>
          <p className="text-slate-700">{ACCOUNT_MESSAGES.unprovedNotice}</p>
          <ActionButton
            pending={resend.isPending}
            onClick={() =>
              resend.mutate(undefined, {
                onSuccess: ({ msg }) => setSent(msg || ACCOUNT_MESSAGES.confirmSent(email)),
                onError: (error) => void toastError(error, 'Não foi possível enviar o link.'),
              })
            }
          >
            Reenviar link de confirmação
          </ActionButton>
        </>
      )}
      <p role="status" className="font-medium text-teal-900 empty:hidden">
        {sent}
      </p>
      {pending ? (
        <div className="space-y-3 rounded-xl border border-amber-300 bg-amber-50 p-4">
          <p className="text-slate-900">
            Troca de e-mail aguardando confirmação:{' '}
            <strong className="[overflow-wrap:anywhere]">{pending}</strong>
          </p>
          <p className="text-slate-700 text-sm">{ACCOUNT_MESSAGES.changePending(pending)}</p>
          <ActionButton
            pending={cancel.isPending}
            onClick={() =>
              cancel.mutate(undefined, {
                onSuccess: ({ msg }) => void toastSuccess(msg || ACCOUNT_MESSAGES.changeCancelled),
                onError: (error) => void toastError(error, 'Não foi possível cancelar a troca.'),
              })
            }
          >
            Cancelar troca
          </ActionButton>
        </div>
      ) : null}
    </div>
  )
}

function ProviderRow({ linked }: { linked: LinkedProvider }) {
  const unlink = useUnlinkProvider()
  const label = PROVIDER_LABELS[linked.provider]
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 p-4">
      <div className="flex min-w-0 items-start gap-3">
        <span className="mt-0.5">
          <ProviderMark provider={linked.provider} />
        </span>
        <div className="min-w-0">
          <p className="font-semibold text-slate-900">{label}</p>
          <p className="text-slate-700 text-sm [overflow-wrap:anywhere]">
            {linked.email ?? 'E-mail não informado pela rede social'}
          </p>
          <p className="text-slate-600 text-sm">Vinculado em {formatInstantDate(linked.linked_at)}</p>
        </div>
      </div>
      <ActionButton
        pending={unlink.isPending}
        icon={Unlink}
        className="btn btn-outline border-red-700 text-red-800"
        onClick={async () => {
          if (!(await confirm({ text: unlinkConfirmation(label), confirmLabel: 'Desvincular' }))) return
          unlink.mutate(linked.provider, {
            onSuccess: ({ msg }) => void toastSuccess(msg || ACCOUNT_MESSAGES.providerUnlinked),
            onError: (error) => void toastError(error, 'Não foi possível desvincular a rede social.'),
          })
        }}
      >
        Desvincular<span className="sr-only"> {label}</span>
      </ActionButton>
    </li>
  )
}

function Providers({ security }: { security: AccountSecurity }) {
  const queryClient = useQueryClient()
  const linked = new Set(security.providers.map((item) => item.provider))
  const unlinked = SOCIAL_PROVIDERS.filter((provider) => !linked.has(provider))
  return (
    <div className="space-y-3">
      <SubHeading>Redes sociais vinculadas</SubHeading>
      {security.providers.length > 0 ? (
        <ul className="space-y-3">
          {security.providers.map((item) => (
            <ProviderRow key={item.provider} linked={item} />
          ))}
        </ul>
      ) : (
        <p className="text-slate-700">Nenhuma rede social vinculada.</p>
      )}
      {unlinked.length > 0 ? (
        <>
          <p className="text-slate-700">
            Vincule sua conta do {unlinked.map((provider) => PROVIDER_LABELS[provider]).join(' ou do ')} para
            entrar com ela nas próximas vezes.
          </p>
          <SocialLinkButtons
            providers={unlinked}
            needsPassword={security.has_password && !security.recent_login}
            onLinked={() => void queryClient.invalidateQueries({ queryKey: accountKeys.all })}
          />
        </>
      ) : null}
    </div>
  )
}

function Sessions({ security }: { security: AccountSecurity }) {
  const signOut = useSignOutEverywhere()
  return (
    <div className="space-y-3">
      <SubHeading>Sessões</SubHeading>
      <p className="text-slate-700">{otherSessionsText(security.other_sessions)}</p>
      <ActionButton
        pending={signOut.isPending}
        icon={LogOut}
        onClick={async () => {
          const confirmed = await confirm({
            text: SIGN_OUT_EVERYWHERE_CONFIRMATION,
            confirmLabel: 'Sair de todos os dispositivos',
          })
          if (!confirmed) return
          signOut.mutate(undefined, {
            onSuccess: ({ msg }) => void toastSuccess(msg || ACCOUNT_MESSAGES.signedOutEverywhere),
            onError: (error) => void toastError(error, 'Não foi possível encerrar as sessões.'),
          })
        }}
      >
        Sair de todos os dispositivos
      </ActionButton>
    </div>
  )
}

/** Meu perfil's 'Segurança da conta': the e-mail's proof and change, linked logins, sessions. */
export function SecuritySection({ email }: { email: string }) {
  const security = useQuery(accountSecurityQuery())
  return (
    <section aria-labelledby="perfil-seguranca" className="rounded-2xl border border-slate-200 p-6">
      <h2 id="perfil-seguranca" className="font-semibold text-lg text-slate-900">
        Segurança da conta
      </h2>
      <QueryStatus query={security} />
      {security.data ? (
        <div className="mt-4 space-y-6">
          <EmailStatus email={email} security={security.data} />
          <Providers security={security.data} />
          <Sessions security={security.data} />
        </div>
      ) : null}
    </section>
  )
}
