import { useQuery } from '@tanstack/react-query'
import type { CourseSummary } from '../../../../worker/contract/catalog.ts'
import { Link } from '../../components/link.tsx'
import { ListingPage } from '../../components/listing-page.tsx'
import { ErrorState, LoadingState } from '../../components/page-status.tsx'
import { useScrollToHash } from '../../lib/scroll-to-hash.ts'
import { coursesQuery } from './catalog.queries.ts'
import { COURSE_SECTIONS } from './course-sections.ts'
import { CourseSummaryCard } from './course-summary-card.tsx'

function SectionCourses({ courses }: { courses: CourseSummary[] }) {
  if (courses.length === 0) {
    return <p className="mt-4 text-slate-700">Nenhum curso publicado nesta seção no momento.</p>
  }
  return (
    <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {courses.map((course) => (
        <li key={course.id}>
          <CourseSummaryCard course={course} />
        </li>
      ))}
    </ul>
  )
}

/** /cursos: the three anchored sections (SPEC section 2), filled once the course list arrives. */
export function CoursesPage() {
  const courses = useQuery(coursesQuery())
  // The sections grow when the cards arrive: the anchor in the URL is applied again then.
  useScrollToHash(courses.isSuccess)

  return (
    <ListingPage
      title="Cursos"
      intro={
        <>
          Cursos online, presenciais e de nefrologia intervencionista, planejados por especialistas.{' '}
          <Link to="/cursos/sobre" className="link">
            Saiba como funcionam os cursos
          </Link>
          .
        </>
      }
    >
      <nav aria-label="Seções de cursos" className="mt-6 flex flex-wrap gap-3">
        {COURSE_SECTIONS.map((section) => (
          <Link key={section.id} to="/cursos" hash={section.id} className="btn btn-soft">
            {section.title}
          </Link>
        ))}
      </nav>

      {courses.isError && !courses.isFetching ? (
        <ErrorState title="Erro ao buscar cursos" onRetry={() => void courses.refetch()} />
      ) : courses.isPending ? (
        <LoadingState label="carregando cursos..." />
      ) : null}

      {COURSE_SECTIONS.map((section) => (
        <section key={section.id} id={section.id} aria-labelledby={`${section.id}-titulo`} className="mt-12">
          <h2 id={`${section.id}-titulo`} className="font-bold text-2xl text-slate-900">
            {section.title}
          </h2>
          <p className="mt-1 text-slate-700">{section.text}</p>
          {courses.data ? (
            <SectionCourses courses={courses.data.filter((course) => course.section === section.section)} />
          ) : null}
        </section>
      ))}
    </ListingPage>
  )
}
