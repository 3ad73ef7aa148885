import { createFileRoute } from '@tanstack/react-router'
import { coursesQuery } from '../../features/catalog/catalog.queries.ts'
import { CoursesPage } from '../../features/catalog/courses-page.tsx'
import { listingPage } from '../-listing-page.ts'

export const Route = createFileRoute('/cursos/')({
  ...listingPage(coursesQuery, 'Cursos', {
    description:
      'Cursos online, presenciais e de nefrologia intervencionista do Instituto Renalis, em Curitiba: turmas, preços e inscrições.',
  }),
  component: CoursesPage,
})
