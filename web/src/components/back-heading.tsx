import type { LinkProps } from '@tanstack/react-router'
import { ArrowLeft } from 'lucide'
import type { ReactNode } from 'react'
import { Icon } from './icons.tsx'
import { Link } from './link.tsx'

/** A page opened from a list of the student area: the way back to the list, then the page's heading. */
export function BackHeading({
  to,
  back,
  children,
}: {
  to: LinkProps['to']
  back: string
  children: ReactNode
}) {
  return (
    <>
      <Link to={to} className="inline-flex items-center gap-1 font-semibold text-teal-800 underline">
        <Icon drawing={ArrowLeft} className="size-4" />
        {back}
      </Link>
      <h1 className="mt-3 font-extrabold text-3xl text-slate-900 tracking-tight md:text-4xl">{children}</h1>
    </>
  )
}
