import type { ReactNode } from 'react'
import { Link } from '../../components/link.tsx'

/** A student's list with nothing in it yet: why (`children`), and the way to the courses. */
export function NothingYet({ children }: { children: ReactNode }) {
  return (
    <p className="mt-6 text-lg text-slate-700">
      {children}{' '}
      <Link to="/cursos" className="font-semibold text-teal-800 underline">
        Conheça os cursos
      </Link>
      .
    </p>
  )
}
