import { createFileRoute } from '@tanstack/react-router'
import { proceedingsQuery } from '../features/content/content.queries.ts'
import { ProceedingsPage } from '../features/content/proceedings-page.tsx'
import { listingPage } from './-listing-page.ts'

export const Route = createFileRoute('/anais')({
  ...listingPage(proceedingsQuery, 'Anais', {
    description:
      'Anais das Jornadas Multiprofissionais em Nefrologia do Instituto Renalis, com os resumos dos trabalhos para download.',
  }),
  component: ProceedingsPage,
})
