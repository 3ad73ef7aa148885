import { BookOpen } from 'lucide'
import { Icon } from '../../components/icons.tsx'

/** An e-book's page count on its card (/ebooks, /usuario/ebooks), when it is known. */
export function EbookPages({ pages }: { pages: number | null | undefined }) {
  if (!pages) return null
  return (
    <p className="flex items-center gap-1 text-slate-600 text-sm">
      <Icon drawing={BookOpen} className="size-4" />
      {pages} páginas
    </p>
  )
}
