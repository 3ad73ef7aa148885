import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '../../components/placeholder-page.tsx'
import { pageHead } from '../../lib/page-head.ts'

export const Route = createFileRoute('/usuario/cursos')({
  head: () => pageHead('Meus cursos'),
  component: MyCoursesPage,
})

function MyCoursesPage() {
  return (
    <PlaceholderPage title="Meus cursos">
      <p>Em breve, os cursos em que você está matriculado estarão aqui.</p>
    </PlaceholderPage>
  )
}
