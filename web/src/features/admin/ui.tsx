import type { UseQueryResult } from '@tanstack/react-query'
import { useRouterState } from '@tanstack/react-router'
import { type ComponentProps, type ReactNode, useEffect, useRef, useState } from 'react'
import { curitibaDateTime } from '../../../../worker/domain/time-zone.ts'
import { Link } from '../../components/link.tsx'
import { ErrorState, LoadingState } from '../../components/page-status.tsx'
import { FieldShell, INPUT_CLASS } from '../../lib/form-field.tsx'
import { errorMessage } from '../../lib/toast.ts'

// The admin screens' shared pieces: the page frame with the admin menu, loading and error
// states, pages of a list, tables that scroll on a phone, and the form fields the modals use.

/**
 * A chevron drawn here, as lucide draws it. The carousel and the image slider of the public pages
 * import lucide's own; were the admin screens to import them too, the bundler would split them off
 * into a file of their own, one more file on the home page's first load.
 */
export function Chevron({ to, className }: { to: 'left' | 'right'; className: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
    >
      <path d={to === 'left' ? 'm15 18-6-6 6-6' : 'm9 18 6-6-6-6'} />
    </svg>
  )
}

const SECTIONS = [
  { to: '/admin', label: 'Dashboard' },
  { to: '/admin/course', label: 'Cursos' },
  { to: '/admin/turmas', label: 'Turmas' },
  { to: '/admin/matriculas', label: 'Matrículas' },
  { to: '/admin/leads', label: 'Leads' },
  { to: '/admin/qrcode', label: 'Qrcode/Link' },
  { to: '/admin/home', label: 'Home' },
] as const

/** The admin menu of SPEC section 2, as tabs at the top of every admin page. */
function AdminNav() {
  const path = useRouterState({ select: (state) => state.location.pathname.replace(/\/$/, '') || '/' })
  const nav = useRef<HTMLElement>(null)
  // On a phone the tabs scroll sideways: the current one is brought into the middle of the bar.
  useEffect(() => {
    const bar = nav.current
    const current = [...(bar?.querySelectorAll<HTMLAnchorElement>('a') ?? [])].find(
      (link) => link.pathname === path,
    )
    if (!bar || !current) return
    bar.scrollLeft = current.offsetLeft - (bar.clientWidth - current.offsetWidth) / 2
  }, [path])
  return (
    <nav ref={nav} aria-label="Administração" className="relative -mx-1 mb-6 overflow-x-auto">
      <ul className="flex min-w-max gap-1 border-slate-200 border-b px-1">
        {SECTIONS.map((section) => {
          const current = path === section.to
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

/** The page of a list, back to 1 whenever its filters (`filtersKey`) change. */
export function usePage(filtersKey: string): [number, (page: number) => void] {
  const [state, setState] = useState({ key: filtersKey, page: 1 })
  return [state.key === filtersKey ? state.page : 1, (page) => setState({ key: filtersKey, page })]
}

/** 'Página 2 de 5' with previous and next. */
export function Pagination({
  page,
  perPage,
  total,
  onPage,
  label,
}: {
  page: number
  perPage: number
  total: number
  onPage: (page: number) => void
  label: string
}) {
  const pages = Math.max(1, Math.ceil(total / perPage))
  return (
    <nav
      aria-label={`Páginas de ${label}`}
      className="mt-4 flex flex-wrap items-center justify-between gap-3"
    >
      <p className="text-slate-700 text-sm" aria-live="polite">
        {total === 0 ? 'Nenhum resultado' : `${total} ${total === 1 ? 'resultado' : 'resultados'}`} · Página{' '}
        {page} de {pages}
      </p>
      <div className="flex gap-2">
        <button
          type="button"
          className="btn btn-outline"
          disabled={page <= 1}
          onClick={() => onPage(page - 1)}
        >
          <Chevron to="left" className="size-4" />
          Anterior
        </button>
        <button
          type="button"
          className="btn btn-outline"
          disabled={page >= pages}
          onClick={() => onPage(page + 1)}
        >
          Próxima
          <Chevron to="right" className="size-4" />
        </button>
      </div>
    </nav>
  )
}

/**
 * A table that scrolls sideways on a phone; the scrolling region takes the keyboard focus. It is
 * positioned (`relative`) so that what the cells place absolutely (the buttons' `sr-only` words)
 * scrolls and clips with the table: unpositioned, those boxes escaped the region and widened the
 * whole page on a phone (issue 22, item 1).
 */
export function DataTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1)
      tabIndex={0}
      className="relative min-w-0 overflow-x-auto rounded-xl border border-slate-200 bg-white"
    >
      <table className="w-full min-w-[40rem] border-collapse text-left text-sm">{children}</table>
    </section>
  )
}

export const TH = 'border-slate-200 border-b bg-slate-50 px-3 py-2.5 font-semibold text-slate-800'
export const TD = 'border-slate-100 border-b px-3 py-2.5 align-top text-slate-800'

export function EmptyRow({ columns, children }: { columns: number; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={columns} className="px-3 py-6 text-center text-slate-700">
        {children}
      </td>
    </tr>
  )
}

const TONES = {
  green: 'bg-green-100 text-green-900',
  amber: 'bg-amber-100 text-amber-900',
  red: 'bg-red-100 text-red-900',
  slate: 'bg-slate-100 text-slate-800',
  teal: 'bg-teal-100 text-teal-900',
} as const

export function Badge({ tone = 'slate', children }: { tone?: keyof typeof TONES; children: ReactNode }) {
  return (
    <span
      className={`inline-block whitespace-nowrap rounded-full px-2 py-0.5 font-medium text-xs ${TONES[tone]}`}
    >
      {children}
    </span>
  )
}

type SelectFieldProps = Omit<ComponentProps<'select'>, 'id' | 'className'> & {
  label: string
  error?: string | undefined
  hint?: string
  className?: string
  children: ReactNode
}

export function SelectField({ label, error, hint, className, children, ...select }: SelectFieldProps) {
  return (
    <FieldShell label={label} error={error} hint={hint} className={className}>
      {(control) => (
        <select {...select} {...control} className={INPUT_CLASS}>
          {children}
        </select>
      )}
    </FieldShell>
  )
}

/** The `<option>`s of an enumeration, each with its pt-BR label (one home per enum: worker/domain). */
export function EnumOptions<T extends string>({
  values,
  labels,
}: {
  values: readonly T[]
  labels: Readonly<Record<T, string>>
}) {
  return values.map((value) => (
    <option key={value} value={value}>
      {labels[value]}
    </option>
  ))
}

type TextAreaFieldProps = Omit<ComponentProps<'textarea'>, 'id' | 'className'> & {
  label: string
  error?: string | undefined
  hint?: string
  className?: string
}

export function TextAreaField({ label, error, hint, className, rows = 4, ...textarea }: TextAreaFieldProps) {
  return (
    <FieldShell label={label} error={error} hint={hint} className={className}>
      {(control) => <textarea rows={rows} {...textarea} {...control} className={INPUT_CLASS} />}
    </FieldShell>
  )
}

type CheckboxFieldProps = Omit<ComponentProps<'input'>, 'type' | 'className'> & {
  label: string
  hint?: string
}

export function CheckboxField({ label, hint, ...input }: CheckboxFieldProps) {
  return (
    <label className="flex items-start gap-3 py-1 text-slate-800">
      <input type="checkbox" {...input} className="mt-0.5 size-5 shrink-0 accent-teal-700" />
      <span>
        <span className="font-medium">{label}</span>
        {hint ? <span className="block text-slate-600 text-sm">{hint}</span> : null}
      </span>
    </label>
  )
}

/** A labelled search box of a list's toolbar. */
export function SearchInput({
  label,
  value,
  onChange,
  placeholder,
}: {
  label: string
  value: string
  onChange: (value: string) => void
  placeholder?: string
}) {
  return (
    <FieldShell label={label} className="min-w-0 flex-1 basis-full sm:basis-auto sm:max-w-xs">
      {(control) => (
        <input
          {...control}
          type="search"
          value={value}
          placeholder={placeholder}
          onChange={(event) => onChange(event.target.value)}
          className={INPUT_CLASS}
        />
      )}
    </FieldShell>
  )
}

/** '23/11/2026 15:48' in Curitiba. */
export function formatDateTime(iso: string): string {
  return curitibaDateTime(new Date(iso))
}

/** '2026-11-23' → '23/11/2026'. */
export function formatDay(day: string): string {
  return `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`
}
