import { ChevronRight } from 'lucide'
import type { ReactNode } from 'react'
import { Icon } from '../../components/icons.tsx'

/** 'Cursos › Cursos online › Hemodiálise…': the last crumb is the current page. */
export function Breadcrumbs({ items, current }: { items: ReactNode[]; current: string }) {
  return (
    <nav aria-label="Trilha de navegação" className="text-slate-700 text-sm">
      <ol className="flex flex-wrap items-center gap-1">
        {items.map((item, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed, ordered trail
          <li key={index} className="flex items-center gap-1">
            {item}
            <Icon drawing={ChevronRight} className="size-4 text-slate-500" />
          </li>
        ))}
        <li aria-current="page" className="font-semibold text-slate-900">
          {current}
        </li>
      </ol>
    </nav>
  )
}
