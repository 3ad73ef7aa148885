import { createFileRoute } from '@tanstack/react-router'
import { NotFound } from '../components/not-found.tsx'
import { RouteError, RoutePending } from '../components/page-status.tsx'
import { loadInstitutePage } from '../features/content/content.queries.ts'
import { InstitutePage } from '../features/content/institute-page.tsx'
import { institutePageHead } from '../features/seo/heads.ts'

export const Route = createFileRoute('/politicas-de-privacidade')({
  loader: ({ context }) => loadInstitutePage(context.queryClient, 'politicas-de-privacidade'),
  head: ({ loaderData }) => institutePageHead(loaderData, '/politicas-de-privacidade'),
  component: PrivacyPolicyPage,
  pendingComponent: RoutePending,
  errorComponent: RouteError,
  notFoundComponent: NotFound,
})

function PrivacyPolicyPage() {
  return <InstitutePage slug="politicas-de-privacidade" />
}
