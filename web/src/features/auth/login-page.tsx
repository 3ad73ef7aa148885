import { useRouter } from '@tanstack/react-router'
import { LoaderCircle } from 'lucide'
import { useEffect } from 'react'
import { Icon } from '../../components/icons.tsx'
import { AuthPanel, H1Title } from './auth-panel.tsx'
import { useCurrentUser } from './use-current-user.ts'

/** Only a path of this site: '/usuario/perfil' yes, '//evil.example' or 'https://…' no. */
export function safeRedirect(target: string | undefined): string {
  if (!target?.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return '/'
  return target
}

/** /login: the modal's form as a page; once logged in, on to `redirect` or the home page. */
export function LoginPage({ redirect }: { redirect?: string }) {
  const { user, isLoading } = useCurrentUser()
  const router = useRouter()

  // The target is a full path with its own search and hash, hence the history rather than `to`.
  useEffect(() => {
    if (user) router.history.replace(safeRedirect(redirect))
  }, [user, redirect, router])

  if (user) return null
  return (
    <div className="container-page py-10 md:py-14">
      {isLoading ? (
        <p role="status" className="flex items-center gap-2 text-slate-700">
          <Icon drawing={LoaderCircle} className="size-5 animate-spin" />
          Carregando
        </p>
      ) : (
        <div className="mx-auto max-w-4xl overflow-hidden rounded-2xl border border-slate-200 shadow-sm">
          <AuthPanel Title={H1Title} />
        </div>
      )}
    </div>
  )
}
