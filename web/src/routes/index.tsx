import { createFileRoute } from '@tanstack/react-router'
import { INSTITUTE } from '../../../worker/domain/institute.ts'
import { showcaseListsQuery } from '../features/showcase/showcase.queries.ts'
import { Showcase } from '../features/showcase/showcase.tsx'
import { pageHead } from '../lib/page-head.ts'

export const Route = createFileRoute('/')({
  head: () =>
    pageHead(`${INSTITUTE.name} – Cursos de nefrologia, pesquisa e e-books`, {
      path: '/',
      absoluteTitle: true,
    }),
  // Starts the lists request while the page chunk downloads; the page shows its own loading and error rows.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(showcaseListsQuery())
  },
  component: HomePage,
})

function HomePage() {
  return <Showcase />
}
