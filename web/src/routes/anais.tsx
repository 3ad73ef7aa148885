import { createFileRoute } from '@tanstack/react-router'
import { proceedingsQuery } from '../features/content/content.queries.ts'
import { ProceedingsPage } from '../features/content/proceedings-page.tsx'
import { pageHead } from '../lib/page-head.ts'

export const Route = createFileRoute('/anais')({
  head: () =>
    pageHead('Anais', {
      path: '/anais',
      description:
        'Anais das Jornadas Multiprofissionais em Nefrologia do Instituto Renalis, com os resumos dos trabalhos para download.',
    }),
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(proceedingsQuery())
  },
  component: ProceedingsPage,
})
