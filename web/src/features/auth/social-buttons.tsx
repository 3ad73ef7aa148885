import { LoaderCircle } from 'lucide'
import { lazy, Suspense, useState } from 'react'
import { Icon } from '../../components/icons.tsx'
import { type LinkableProvider, useSocialLink, useSocialLogin } from './social-login.ts'

// Asked only when linking needs the password: Radix's dialog stays out of the login form's chunk.
const LinkPasswordDialog = lazy(() => import('./link-password-dialog.tsx'))

// Instagram retired its login API (the server answers with a clear message), so no button for it.
const PROVIDERS: { id: LinkableProvider; label: string; className: string }[] = [
  {
    id: 'google',
    label: 'Google',
    className: 'border border-slate-400 bg-white text-slate-900 hover:bg-slate-50',
  },
  { id: 'facebook', label: 'Facebook', className: 'bg-[#0866ff] text-white hover:bg-[#0a5bc4]' },
]
const LINKABLE = PROVIDERS.map((provider) => provider.id)

export function ProviderMark({ provider }: { provider: LinkableProvider }) {
  if (provider === 'google') {
    return (
      <svg aria-hidden="true" viewBox="0 0 48 48" className="size-5">
        <path
          fill="#FFC107"
          d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z"
        />
        <path
          fill="#FF3D00"
          d="m6.3 14.7 6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z"
        />
        <path
          fill="#4CAF50"
          d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44z"
        />
        <path
          fill="#1976D2"
          d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z"
        />
      </svg>
    )
  }
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="currentColor">
      <path d="M24 12.07C24 5.41 18.63 0 12 0S0 5.4 0 12.07C0 18.1 4.39 23.1 10.13 24v-8.44H7.08v-3.49h3.04V9.41c0-3.02 1.8-4.7 4.54-4.7 1.31 0 2.68.24 2.68.24v2.97h-1.5c-1.5 0-1.96.93-1.96 1.89v2.26h3.32l-.53 3.5h-2.8V24C19.62 23.1 24 18.1 24 12.07z" />
    </svg>
  )
}

/** SPEC section 2: social login buttons; each opens the provider in a popup (SPEC section 4). */
export function SocialButtons() {
  const { start, pending } = useSocialLogin()
  return (
    <div className="mt-6">
      <p className="flex items-center gap-3 text-slate-600 text-sm before:h-px before:flex-1 before:bg-slate-300 after:h-px after:flex-1 after:bg-slate-300">
        ou entre com
      </p>
      <div className="mt-3 grid gap-2 sm:grid-cols-2">
        {PROVIDERS.map((provider) => (
          <button
            key={provider.id}
            type="button"
            className={`btn ${provider.className}`}
            aria-busy={pending === provider.id}
            onClick={() => start(provider.id)}
          >
            {pending === provider.id ? (
              <Icon drawing={LoaderCircle} className="size-5 animate-spin" />
            ) : (
              <ProviderMark provider={provider.id} />
            )}
            Entrar com {provider.label}
          </button>
        ))}
      </div>
    </div>
  )
}

type SocialLinkButtonsProps = {
  /** The providers still to link (all of them unless told). */
  providers?: readonly LinkableProvider[]
  /** Linking asks for the account's password first (no recent login, and a password is set). */
  needsPassword?: boolean
  onLinked?: () => void
}

/**
 * Meu perfil: link Google or Facebook to this account. A Facebook sign-in whose e-mail already has
 * an account is sent here, because Facebook does not vouch for the e-mail (DESIGN 7).
 */
export function SocialLinkButtons({
  providers = LINKABLE,
  needsPassword = false,
  onLinked,
}: SocialLinkButtonsProps) {
  const { start, pending } = useSocialLink({ onLinked })
  const [asking, setAsking] = useState<LinkableProvider | null>(null)
  const shown = PROVIDERS.filter((provider) => providers.includes(provider.id))
  return (
    <div className="mt-4 flex flex-wrap gap-2">
      {shown.map((provider) => (
        <button
          key={provider.id}
          type="button"
          className={`btn ${provider.className}`}
          aria-busy={pending === provider.id}
          aria-haspopup={needsPassword ? 'dialog' : undefined}
          onClick={() => (needsPassword ? setAsking(provider.id) : void start(provider.id))}
        >
          {pending === provider.id ? (
            <Icon drawing={LoaderCircle} className="size-5 animate-spin" />
          ) : (
            <ProviderMark provider={provider.id} />
          )}
          Vincular {provider.label}
        </button>
      ))}
      {asking ? (
        <Suspense fallback={null}>
          <LinkPasswordDialog
            provider={asking}
            label={PROVIDERS.find((provider) => provider.id === asking)?.label ?? asking}
            onClose={() => setAsking(null)}
            onSubmit={async (senha) => {
              const { passwordError } = await start(asking, senha)
              if (!passwordError) setAsking(null)
              return passwordError ?? null
            }}
          />
        </Suspense>
      ) : null}
    </div>
  )
}
