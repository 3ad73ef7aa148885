import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '../../components/placeholder-page.tsx'
import { pageHead } from '../../lib/page-head.ts'

export const Route = createFileRoute('/admin/course')({
  head: () => pageHead('Cursos – Administração'),
  component: AdminCoursesPage,
})

function AdminCoursesPage() {
  return (
    <PlaceholderPage title="Cursos">
      <p>Em breve, o cadastro e a edição dos cursos.</p>
    </PlaceholderPage>
  )
}
