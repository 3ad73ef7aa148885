import { useQuery } from '@tanstack/react-query'
import { CalendarDays, PlayCircle } from 'lucide'
import { Icon } from '../../components/icons.tsx'
import { Link } from '../../components/link.tsx'
import { QueryStatus } from '../../components/query-status.tsx'
import { formatDateLong } from '../../lib/date.ts'
import { MyCertificates } from '../certificates/my-certificates.tsx'
import { NothingYet } from './nothing-yet.tsx'
import { enrolledCoursesQuery } from './student.queries.ts'

/** /usuario/cursos: the student's enrollments, newest first. */
export function MyCoursesPage() {
  const courses = useQuery(enrolledCoursesQuery())
  return (
    <div className="container-page py-12 md:py-16">
      <h1 className="font-extrabold text-3xl text-slate-900 tracking-tight md:text-4xl">Meus cursos</h1>
      <QueryStatus query={courses} loading="Carregando seus cursos..." failed="Erro ao buscar cursos" />
      {courses.data?.length === 0 ? <NothingYet>Você ainda não tem matrículas.</NothingYet> : null}
      {courses.data?.length ? (
        <ul className="mt-8 grid gap-4 md:grid-cols-2">
          {courses.data.map((course) => (
            <li key={course.class_id} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
              <h2 className="font-bold text-lg text-slate-900">{course.course_name}</h2>
              <p className="mt-1 text-slate-700">{course.class_name}</p>
              <p className="mt-3 flex items-center gap-2 text-slate-700 text-sm">
                {course.type === 'N' && course.course_init ? (
                  <>
                    <Icon drawing={CalendarDays} className="size-4 text-teal-700" />
                    Início em {formatDateLong(course.course_init)}
                  </>
                ) : (
                  <>
                    <Icon drawing={PlayCircle} className="size-4 text-teal-700" />
                    comece agora
                  </>
                )}
              </p>
              <Link
                to="/usuario/cursos/$url"
                params={{ url: course.course_url }}
                // A new document: the course page's policy lets it frame the video player.
                reloadDocument
                className="btn btn-primary mt-4"
              >
                Acessar o curso<span className="sr-only">: {course.course_name}</span>
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      <MyCertificates />
    </div>
  )
}
