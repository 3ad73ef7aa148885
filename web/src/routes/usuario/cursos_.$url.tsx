import { createFileRoute } from '@tanstack/react-router'
import { CourseContentPage } from '../../features/student/course-content-page.tsx'
import { pageHead } from '../../lib/page-head.ts'

export const Route = createFileRoute('/usuario/cursos_/$url')({
  head: () => pageHead('Meu curso'),
  component: function CourseRoute() {
    return <CourseContentPage url={Route.useParams().url} />
  },
})
