import type { ReactNode } from 'react'

/** A public listing's page (courses, products, e-books, proceedings): its title, the sentence that introduces it, then the list. */
export function ListingPage({
  title,
  intro,
  children,
}: {
  title: string
  intro: ReactNode
  children: ReactNode
}) {
  return (
    <div className="container-page py-10 md:py-14">
      <h1 className="font-extrabold text-3xl text-slate-900 tracking-tight md:text-4xl">{title}</h1>
      <p className="mt-3 max-w-prose text-lg text-slate-700">{intro}</p>
      {children}
    </div>
  )
}
