import { createFileRoute } from '@tanstack/react-router'
import { NotFound } from '../../components/not-found.tsx'
import { RouteError, RoutePending } from '../../components/page-status.tsx'
import { loadInstitutePage } from '../../features/content/content.queries.ts'
import { InstitutePage } from '../../features/content/institute-page.tsx'
import { institutePageHead } from '../../features/seo/heads.ts'

export const Route = createFileRoute('/pesquisa/centro-pesquisa-academica')({
  loader: ({ context }) => loadInstitutePage(context.queryClient, 'pesquisa/centro-pesquisa-academica'),
  head: ({ loaderData }) => institutePageHead(loaderData, '/pesquisa/centro-pesquisa-academica'),
  component: AcademicResearchCenterPage,
  pendingComponent: RoutePending,
  errorComponent: RouteError,
  notFoundComponent: NotFound,
})

function AcademicResearchCenterPage() {
  return <InstitutePage slug="pesquisa/centro-pesquisa-academica" />
}
