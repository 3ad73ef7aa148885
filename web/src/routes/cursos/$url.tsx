import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '../../components/placeholder-page.tsx'
import { pageHead } from '../../lib/page-head.ts'

export const Route = createFileRoute('/cursos/$url')({
  head: () => pageHead('Curso'),
  component: CoursePage,
})

function CoursePage() {
  const { url } = Route.useParams()
  return (
    <PlaceholderPage title="Curso">
      <p>
        Em breve, os detalhes, as turmas e a inscrição do curso <strong>{url}</strong> estarão aqui.
      </p>
    </PlaceholderPage>
  )
}
