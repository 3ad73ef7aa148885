import { Outlet, useRouterState } from '@tanstack/react-router'
import { LoaderCircle } from 'lucide'
import type { ReactNode } from 'react'
import { INSTITUTE } from '../../../../worker/domain/institute.ts'
import type { UserType } from '../../../../worker/domain/roles.ts'
import { Icon } from '../../components/icons.tsx'
import { Link } from '../../components/link.tsx'
import { AuthPanel, H2Title } from './auth-panel.tsx'
import { useCurrentUser } from './use-current-user.ts'

const TITLE_SUFFIX = ` | ${INSTITUTE.name}`

/** The page's own title (from its route `head`), so a guarded page keeps its heading. */
function useRouteTitle(): string {
  return useRouterState({
    select: (state) => {
      const meta = state.matches.at(-1)?.meta
      const entry = Array.isArray(meta)
        ? meta.find((item): item is { title: string } => typeof item?.title === 'string')
        : undefined
      return entry ? entry.title.replace(TITLE_SUFFIX, '') : 'Acesse sua conta'
    },
  })
}

function GateShell({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="container-page py-10 md:py-14">
      <h1 className="font-extrabold text-3xl text-slate-900 tracking-tight md:text-4xl">{title}</h1>
      <div className="mt-4">{children}</div>
    </div>
  )
}

/**
 * SPEC section 6: /usuario and /admin need a session; /admin also an administrator. Without a
 * session the page shows the login form in place, and renders itself once the user logs in.
 */
export function RequireUser({ requires }: { requires: UserType }) {
  const { user, isLoading } = useCurrentUser()
  const title = useRouteTitle()

  if (isLoading) {
    return (
      <GateShell title={title}>
        <p role="status" className="flex items-center gap-2 text-slate-700">
          <Icon drawing={LoaderCircle} className="size-5 animate-spin" />
          Carregando
        </p>
      </GateShell>
    )
  }
  if (!user) {
    return (
      <GateShell title={title}>
        <p className="text-lg text-slate-700">Entre na sua conta para acessar esta página.</p>
        <div className="mt-6 max-w-3xl overflow-hidden rounded-2xl border border-slate-200 shadow-sm">
          <AuthPanel Title={H2Title} />
        </div>
      </GateShell>
    )
  }
  if (requires === 'A' && user.type !== 'A') {
    return (
      <GateShell title="Acesso restrito">
        <p className="text-lg text-slate-700">Você não tem permissão para acessar esta área.</p>
        <Link to="/" className="btn btn-primary mt-6">
          Voltar para a página inicial
        </Link>
      </GateShell>
    )
  }
  return <Outlet />
}
