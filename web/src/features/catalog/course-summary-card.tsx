import { Clock } from 'lucide'
import type { CourseSummary } from '../../../../worker/contract/catalog.ts'
import { DEFAULT_IMAGES, sliderImageUrl } from '../../../../worker/domain/institute.ts'
import { Icon } from '../../components/icons.tsx'
import { Link } from '../../components/link.tsx'
import { formatBRL } from '../../lib/money.ts'
import { FallbackImage } from './fallback-image.tsx'

/** A course in the /cursos grid; the whole card opens /cursos/{url}. */
export function CourseSummaryCard({ course }: { course: CourseSummary }) {
  const first = course.slider[0]
  return (
    <article className="relative flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition-shadow focus-within:shadow-md hover:shadow-md">
      <FallbackImage
        src={first ? sliderImageUrl('cursos', first) : null}
        fallback={DEFAULT_IMAGES.course}
        alt=""
        width={800}
        height={500}
        className="aspect-[8/5] w-full bg-slate-100 object-cover"
      />
      <div className="flex flex-1 flex-col gap-3 p-5">
        <h3 className="font-bold text-lg text-slate-900 leading-snug">
          <Link
            to="/cursos/$url"
            params={{ url: course.url }}
            className="rounded after:absolute after:inset-0 after:content-[''] hover:text-teal-800"
          >
            {course.name}
          </Link>
        </h3>
        <p className="line-clamp-4 text-slate-700 text-sm">{course.summary}</p>
        <div className="mt-auto flex flex-wrap items-end justify-between gap-2 pt-2">
          {course.price_from === null ? (
            <p className="font-semibold text-slate-700 text-sm">Sem turmas abertas no momento</p>
          ) : (
            <p className="text-slate-700 text-sm">
              a partir de{' '}
              <span className="whitespace-nowrap font-bold text-teal-800 text-xl">
                {formatBRL(course.price_from)}
              </span>
            </p>
          )}
          {course.workload_hours ? (
            <p className="flex items-center gap-1 text-slate-600 text-sm">
              <Icon drawing={Clock} className="size-4" />
              {course.workload_hours} horas
            </p>
          ) : null}
        </div>
      </div>
    </article>
  )
}
