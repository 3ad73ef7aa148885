import type { ReactNode } from 'react'

/** Green when done, amber while waiting, red when late, grey otherwise: the colour repeats what the text says. */
const TONES: Record<string, string> = {
  paid: 'bg-emerald-100 text-emerald-900',
  partially_refunded: 'bg-emerald-100 text-emerald-900',
  pending: 'bg-amber-100 text-amber-950',
  underpaid: 'bg-amber-100 text-amber-950',
  due: 'bg-sky-100 text-sky-950',
  late: 'bg-red-100 text-red-900',
}

export function StateBadge({ tone, children }: { tone: string; children: ReactNode }) {
  return (
    <span
      className={`inline-flex rounded-full px-3 py-1 font-semibold text-sm ${TONES[tone] ?? 'bg-slate-200 text-slate-900'}`}
    >
      {children}
    </span>
  )
}
