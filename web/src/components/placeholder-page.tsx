import type { ReactNode } from 'react'

/** A screen whose content arrives in a later issue: a real heading and one sentence. */
export function PlaceholderPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="container-page py-12 md:py-16">
      <h1 className="font-extrabold text-3xl text-slate-900 tracking-tight md:text-4xl">{title}</h1>
      <div className="mt-4 max-w-prose space-y-4 text-lg text-slate-700">{children}</div>
    </div>
  )
}
