import type { UseQueryResult } from '@tanstack/react-query'
import { useRouterState } from '@tanstack/react-router'
import { type ReactNode, useEffect, useRef } from 'react'
import { Link } from '../../components/link.tsx'
import { ErrorState, LoadingState } from '../../components/page-status.tsx'
import { errorMessage } from '../../lib/toast.ts'
import { ADMIN_SECTIONS } from './sections.ts'

// The frame of every admin screen: the admin menu, the title, and a query's loading and error states.

const SECTIONS = [
  { to: '/admin', label: 'Dashboard' },
  ...Object.entries(ADMIN_SECTIONS).map(([section, label]) => ({ to: `/admin/${section}`, label })),
]

/** The admin menu of SPEC section 2, as tabs at the top of every admin page. */
function AdminNav() {
  const path = useRouterState({ select: (state) => state.location.pathname.replace(/\/$/, '') || '/' })
  const nav = useRef<HTMLElement>(null)
  // On a phone the tabs wrap onto two lines (all in sight); where a wide bar scrolls sideways, the
  // current one is brought into the middle of it.
  useEffect(() => {
    const bar = nav.current
    const current = [...(bar?.querySelectorAll<HTMLAnchorElement>('a') ?? [])].find(
      (link) => link.pathname === path,
    )
    if (!bar || !current) return
    bar.scrollLeft = current.offsetLeft - (bar.clientWidth - current.offsetWidth) / 2
  }, [path])
  return (
    <nav ref={nav} aria-label="Administração" className="relative -mx-1 mb-6 md:overflow-x-auto">
      <ul className="flex flex-wrap gap-x-1 border-slate-200 border-b px-1 md:min-w-max md:flex-nowrap">
        {SECTIONS.map((section) => {
          // A section's own pages (a call's page under Editais) keep its tab current.
          const current =
            path === section.to || (section.to !== '/admin' && path.startsWith(`${section.to}/`))
          return (
            <li key={section.to}>
              <Link
                to={section.to}
                aria-current={current ? 'page' : undefined}
                className={`inline-block rounded-t-lg px-3 py-2.5 font-medium text-sm ${
                  current ? 'border-teal-700 border-b-2 text-teal-900' : 'text-slate-700 hover:text-teal-800'
                }`}
              >
                {section.label}
              </Link>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}

export function AdminPage({
  title,
  description,
  actions,
  children,
}: {
  title: string
  description?: string
  actions?: ReactNode
  children: ReactNode
}) {
  return (
    <div className="container-page py-8 md:py-10">
      <AdminNav />
      <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-extrabold text-3xl text-slate-900 tracking-tight md:text-4xl">{title}</h1>
          {description ? <p className="mt-2 max-w-prose text-slate-700">{description}</p> : null}
        </div>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </div>
      {children}
    </div>
  )
}

/** A query's loading row, its error with a retry, or its data. */
export function QueryState<T>({
  query,
  children,
  loading,
}: {
  query: UseQueryResult<T>
  children: (data: T) => ReactNode
  loading?: string
}) {
  if (query.data !== undefined) return <>{children(query.data)}</>
  if (query.isError) {
    return <ErrorState detail={errorMessage(query.error, '')} onRetry={() => void query.refetch()} />
  }
  return <LoadingState label={loading} />
}
