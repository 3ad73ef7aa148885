import { useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { Clock, GraduationCap } from 'lucide'
import { Icon } from '../../components/icons.tsx'
import { Link } from '../../components/link.tsx'
import { Markdown } from '../content/markdown.tsx'
import { Breadcrumbs } from './breadcrumbs.tsx'
import { BundleOffers } from './bundle-offers.tsx'
import { courseQuery } from './catalog.queries.ts'
import { sectionOf } from './course-sections.ts'
import { PriceFrom } from './course-summary-card.tsx'
import { CatalogSlider } from './image-slider.tsx'
import { courseSeatsQuery } from './seats.queries.ts'
import { TurmaCard } from './turma-card.tsx'

/** /cursos/{url}: the course, its pictures, its classes (turmas), the bundles with it and its description. */
export function CoursePage({ url }: { url: string }) {
  const { data: course } = useSuspenseQuery(courseQuery(url))
  // Not suspended: seats change with every sale, so the shared render goes without them.
  const { data: seats } = useQuery(courseSeatsQuery(url))
  const section = sectionOf(course.section)
  const openCount = course.turmas.filter((turma) => turma.open).length

  return (
    <article className="container-page py-8 md:py-12">
      <Breadcrumbs
        items={[
          <Link key="cursos" to="/cursos" className="link">
            Cursos
          </Link>,
          <Link key="secao" to="/cursos" hash={section.id} className="link">
            {section.title}
          </Link>,
        ]}
        current={course.name}
      />
      <h1 className="mt-4 font-extrabold text-3xl text-slate-900 tracking-tight md:text-4xl">
        {course.name}
      </h1>

      <div className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,7fr)_minmax(0,5fr)] lg:items-start">
        <CatalogSlider kind="course" slider={course.slider} label={course.name} />
        <div>
          <p className="text-lg text-slate-700 leading-relaxed">{course.summary}</p>
          <ul className="mt-5 space-y-2 text-slate-800">
            <li className="flex items-center gap-2">
              <Icon drawing={GraduationCap} className="size-5 text-teal-700" />
              {section.title}
            </li>
            {course.workload_hours ? (
              <li className="flex items-center gap-2">
                <Icon drawing={Clock} className="size-5 text-teal-700" />
                Carga horária: {course.workload_hours} horas
              </li>
            ) : null}
          </ul>
          {course.price_from !== null ? (
            <PriceFrom cents={course.price_from} className="mt-5 text-slate-700" amountSize="text-2xl" />
          ) : null}
          <Link
            to="/cursos/$url"
            params={{ url: course.url }}
            hash="turmas"
            className="btn btn-primary mt-5 w-full sm:w-auto"
          >
            {openCount > 0 ? 'Ver turmas e inscrever-se' : 'Ver turmas'}
          </Link>
        </div>
      </div>

      <section id="turmas" aria-labelledby="turmas-titulo" className="mt-12">
        <h2 id="turmas-titulo" className="font-bold text-2xl text-slate-900">
          Turmas
        </h2>
        {course.turmas.length === 0 ? (
          <p className="mt-3 text-slate-700">Nenhuma turma disponível no momento.</p>
        ) : (
          <ul className="mt-5 grid gap-6 md:grid-cols-2 xl:grid-cols-3">
            {course.turmas.map((turma) => (
              <li key={turma.id}>
                <TurmaCard turma={turma} seatsLeft={seats?.get(turma.id)} />
              </li>
            ))}
          </ul>
        )}
      </section>

      <BundleOffers bundles={course.pacotes} seats={seats} />

      {/* Below the fold on a phone: laid out only when it comes near the screen. */}
      <section
        aria-labelledby="sobre-curso-titulo"
        className="mt-12 [contain-intrinsic-size:auto_1600px] [content-visibility:auto]"
      >
        <h2 id="sobre-curso-titulo" className="font-bold text-2xl text-slate-900">
          Sobre o curso
        </h2>
        <Markdown source={course.description} headingOffset={1} className="mt-4 max-w-prose" />
      </section>
    </article>
  )
}
