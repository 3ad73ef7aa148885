import { createFileRoute } from '@tanstack/react-router'
import { NotFound } from '../../components/not-found.tsx'
import { RouteError, RoutePending } from '../../components/page-status.tsx'
import { editalQuery } from '../../features/content/content.queries.ts'
import { EditalPage } from '../../features/content/edital-page.tsx'
import { editalHead } from '../../features/seo/heads.ts'
import { loadOrNotFound } from '../../lib/load.ts'

export const Route = createFileRoute('/editais/$slug')({
  loader: ({ context, params }) =>
    loadOrNotFound(context.queryClient, editalQuery(params.slug), 'Edital não encontrado.'),
  head: ({ loaderData, match }) => editalHead(loaderData, match.pathname),
  component: EditalRoute,
  pendingComponent: RoutePending,
  errorComponent: RouteError,
  notFoundComponent: NotFound,
})

function EditalRoute() {
  const { slug } = Route.useParams()
  return <EditalPage slug={slug} />
}
