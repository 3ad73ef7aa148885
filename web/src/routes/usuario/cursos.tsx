import { createFileRoute } from '@tanstack/react-router'
import { MyCoursesPage } from '../../features/student/my-courses-page.tsx'
import { pageHead } from '../../lib/page-head.ts'

export const Route = createFileRoute('/usuario/cursos')({
  head: () => pageHead('Meus cursos', { noindex: true }),
  component: MyCoursesPage,
})
