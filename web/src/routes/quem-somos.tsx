import { createFileRoute } from '@tanstack/react-router'
import { NotFound } from '../components/not-found.tsx'
import { RouteError, RoutePending } from '../components/page-status.tsx'
import { loadInstitutePage } from '../features/content/content.queries.ts'
import { InstitutePage } from '../features/content/institute-page.tsx'
import { institutePageHead } from '../features/seo/heads.ts'

export const Route = createFileRoute('/quem-somos')({
  loader: ({ context }) => loadInstitutePage(context.queryClient, 'quem-somos'),
  head: ({ loaderData }) => institutePageHead(loaderData, '/quem-somos'),
  component: AboutPage,
  pendingComponent: RoutePending,
  errorComponent: RouteError,
  notFoundComponent: NotFound,
})

function AboutPage() {
  return <InstitutePage slug="quem-somos" />
}
