import { CircleCheck, Info, TriangleAlert } from 'lucide'
import type { ReactNode } from 'react'
import { Icon } from '../../components/icons.tsx'

const TONES = {
  ok: { role: 'status', icon: CircleCheck, className: 'border-teal-300 bg-teal-50 text-teal-900' },
  info: { role: 'status', icon: Info, className: 'border-sky-300 bg-sky-50 text-sky-950' },
  error: { role: 'alert', icon: TriangleAlert, className: 'border-red-300 bg-red-50 text-red-800' },
} as const

/** An outcome in a box: announced (status, or alert for a failure), with what to do next. */
export function Notice({ tone, children }: { tone: keyof typeof TONES; children: ReactNode }) {
  const { role, icon, className } = TONES[tone]
  return (
    <div role={role} className={`flex gap-3 rounded-xl border p-4 ${className}`}>
      <Icon drawing={icon} className="mt-0.5 size-5 shrink-0" />
      <div className="min-w-0 space-y-3 [overflow-wrap:anywhere]">{children}</div>
    </div>
  )
}
