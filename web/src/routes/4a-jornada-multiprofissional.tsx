import { createFileRoute } from '@tanstack/react-router'
import { CONFERENCE_TEXT } from '../features/conference/conference.messages.ts'
import { ConferencePage } from '../features/conference/conference-page.tsx'
import { pageHead } from '../lib/page-head.ts'

// The clock's code (queries, the server-clock estimate, the programme's rules) loads with the
// page, not with every page's first load: route loaders are part of the route tree.
const loadQueries = () => import('../features/conference/conference.queries.ts')

export const Route = createFileRoute('/4a-jornada-multiprofissional')({
  head: () =>
    pageHead(CONFERENCE_TEXT.title, {
      path: '/4a-jornada-multiprofissional',
      description:
        'Programação e transmissão da 4ª Jornada Multiprofissional em Nefrologia do Instituto Renalis: 14 palestras em dois dias, com vídeo sincronizado para todos.',
    }),
  loader: async ({ context }) => {
    const { conferenceClockQuery } = await loadQueries()
    void context.queryClient.prefetchQuery(conferenceClockQuery())
  },
  component: ConferencePage,
})
