import { useSuspenseQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { type PageSlug, pageQuery } from './content.queries.ts'
import { Markdown } from './markdown.tsx'

/** An institute page kept in the database: its title and its simple-markdown body. */
export function InstitutePage({ slug, children }: { slug: PageSlug; children?: ReactNode }) {
  const { data: page } = useSuspenseQuery(pageQuery(slug))
  return (
    <article className="container-page py-10 md:py-14">
      <h1 className="font-extrabold text-3xl text-slate-900 tracking-tight md:text-4xl">{page.title}</h1>
      <Markdown source={page.body} className="mt-6 max-w-3xl text-lg" />
      {children}
    </article>
  )
}
