import { createFileRoute } from '@tanstack/react-router'
import { NotFound } from '../../components/not-found.tsx'
import { RouteError, RoutePending } from '../../components/page-status.tsx'
import { loadInstitutePage } from '../../features/content/content.queries.ts'
import { InstitutePage } from '../../features/content/institute-page.tsx'
import { institutePageHead } from '../../features/seo/heads.ts'

export const Route = createFileRoute('/pesquisa/publicacoes')({
  loader: ({ context }) => loadInstitutePage(context.queryClient, 'pesquisa/publicacoes'),
  head: ({ loaderData }) => institutePageHead(loaderData, '/pesquisa/publicacoes'),
  component: PublicationsPage,
  pendingComponent: RoutePending,
  errorComponent: RouteError,
  notFoundComponent: NotFound,
})

function PublicationsPage() {
  return <InstitutePage slug="pesquisa/publicacoes" />
}
