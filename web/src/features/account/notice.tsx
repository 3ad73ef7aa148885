import { CircleCheck, Info, TriangleAlert } from 'lucide'
import type { ReactNode } from 'react'
import { Icon } from '../../components/icons.tsx'

const TONES = {
  ok: { role: 'status', icon: CircleCheck, className: 'border-teal-300 bg-teal-50 text-teal-900' },
  info: { role: 'status', icon: Info, className: 'border-sky-300 bg-sky-50 text-sky-950' },
  error: { role: 'alert', icon: TriangleAlert, className: 'border-red-300 bg-red-50 text-red-800' },
} as const

/** An outcome in a box: announced (status, or alert for a failure), with what to do next. */
export function Notice({
  tone,
  message,
  children,
}: {
  tone: keyof typeof TONES
  /** The outcome itself, in bold; `children` say what to do next. */
  message: ReactNode
  children?: ReactNode
}) {
  const { role, icon, className } = TONES[tone]
  return (
    <div role={role} className={`flex gap-3 rounded-xl border p-4 ${className}`}>
      <Icon drawing={icon} className="mt-0.5 size-5 shrink-0" />
      <div className="min-w-0 space-y-3 [overflow-wrap:anywhere]">
        <p className="font-medium">{message}</p>
        {children}
      </div>
    </div>
  )
}

/** A page an e-mail's link opens: its title and the outcome (`body`) in a narrow column. */
export function EmailLinkPage({
  title,
  body,
  children,
}: {
  title: string
  body: ReactNode
  children?: ReactNode
}) {
  return (
    <div className="container-page py-10 md:py-14">
      <div className="mx-auto max-w-xl">
        <h1 className="font-extrabold text-3xl text-slate-900 tracking-tight">{title}</h1>
        <div className="mt-6">{body}</div>
      </div>
      {children}
    </div>
  )
}
