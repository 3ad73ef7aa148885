import { createFileRoute } from '@tanstack/react-router'
import { NotFound } from '../components/not-found.tsx'
import { RouteError, RoutePending } from '../components/page-status.tsx'
import { ContactSection } from '../features/contact/contact-section.tsx'
import { loadInstitutePage } from '../features/content/content.queries.ts'
import { InstitutePage } from '../features/content/institute-page.tsx'
import { institutePageHead } from '../features/seo/heads.ts'

export const Route = createFileRoute('/contato')({
  loader: ({ context }) => loadInstitutePage(context.queryClient, 'contato'),
  head: ({ loaderData }) => institutePageHead(loaderData, '/contato'),
  component: ContactPage,
  pendingComponent: RoutePending,
  errorComponent: RouteError,
  notFoundComponent: NotFound,
})

function ContactPage() {
  return (
    <InstitutePage slug="contato">
      <ContactSection />
    </InstitutePage>
  )
}
