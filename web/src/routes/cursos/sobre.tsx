import { createFileRoute } from '@tanstack/react-router'
import { NotFound } from '../../components/not-found.tsx'
import { RouteError, RoutePending } from '../../components/page-status.tsx'
import { loadInstitutePage } from '../../features/content/content.queries.ts'
import { InstitutePage } from '../../features/content/institute-page.tsx'
import { institutePageHead } from '../../features/seo/heads.ts'

export const Route = createFileRoute('/cursos/sobre')({
  loader: ({ context }) => loadInstitutePage(context.queryClient, 'cursos/sobre'),
  head: ({ loaderData }) => institutePageHead(loaderData, '/cursos/sobre'),
  component: AboutCoursesPage,
  pendingComponent: RoutePending,
  errorComponent: RouteError,
  notFoundComponent: NotFound,
})

function AboutCoursesPage() {
  return <InstitutePage slug="cursos/sobre" />
}
