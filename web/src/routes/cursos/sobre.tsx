import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '../../components/placeholder-page.tsx'
import { pageHead } from '../../lib/page-head.ts'

export const Route = createFileRoute('/cursos/sobre')({
  head: () => pageHead('Sobre os cursos'),
  component: AboutCoursesPage,
})

function AboutCoursesPage() {
  return (
    <PlaceholderPage title="Sobre os cursos">
      <p>
        Saiba como funcionam nossos cursos online e presenciais, a certificação e o acompanhamento dos alunos.
      </p>
    </PlaceholderPage>
  )
}
