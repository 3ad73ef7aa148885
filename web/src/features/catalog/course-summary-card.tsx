import { Clock } from 'lucide'
import type { CourseSummary } from '../../../../worker/contract/catalog.ts'
import { Icon } from '../../components/icons.tsx'
import { Link } from '../../components/link.tsx'
import { formatBRL } from '../../lib/money.ts'
import { CARD_LINK_CLASS, CatalogCard } from './catalog-card.tsx'

/** 'a partir de R$ …': the lowest price among a course's open classes. */
export function PriceFrom({
  cents,
  className,
  amountSize,
}: {
  cents: number
  className: string
  amountSize: string
}) {
  return (
    <p className={className}>
      a partir de{' '}
      <span className={`whitespace-nowrap font-bold text-teal-800 ${amountSize}`}>{formatBRL(cents)}</span>
    </p>
  )
}

/** A course in the /cursos grid; the whole card opens /cursos/{url}. */
export function CourseSummaryCard({ course }: { course: CourseSummary }) {
  return (
    <CatalogCard
      kind="course"
      slider={course.slider}
      heading="h3"
      title={
        <Link to="/cursos/$url" params={{ url: course.url }} className={CARD_LINK_CLASS}>
          {course.name}
        </Link>
      }
    >
      <p className="line-clamp-4 text-slate-700 text-sm">{course.summary}</p>
      <div className="mt-auto flex flex-wrap items-end justify-between gap-2 pt-2">
        {course.price_from === null ? (
          <p className="font-semibold text-slate-700 text-sm">Sem turmas abertas no momento</p>
        ) : (
          <PriceFrom cents={course.price_from} className="text-slate-700 text-sm" amountSize="text-xl" />
        )}
        {course.workload_hours ? (
          <p className="flex items-center gap-1 text-slate-600 text-sm">
            <Icon drawing={Clock} className="size-4" />
            {course.workload_hours} horas
          </p>
        ) : null}
      </div>
    </CatalogCard>
  )
}
