import { createFileRoute } from '@tanstack/react-router'
import { coursesQuery } from '../../features/catalog/catalog.queries.ts'
import { CoursesPage } from '../../features/catalog/courses-page.tsx'
import { pageHead } from '../../lib/page-head.ts'

export const Route = createFileRoute('/cursos/')({
  head: () =>
    pageHead('Cursos', {
      path: '/cursos',
      description:
        'Cursos online, presenciais e de nefrologia intervencionista do Instituto Renalis, em Curitiba: turmas, preços e inscrições.',
    }),
  // The request starts while the page chunk downloads; the page shows its own loading and error states.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(coursesQuery())
  },
  component: CoursesPage,
})
