import { createFileRoute } from '@tanstack/react-router'
import { RouteError, RoutePending } from '../components/page-status.tsx'
import { ContactSection } from '../features/contact/contact-section.tsx'
import { InstitutePage } from '../features/content/institute-page.tsx'
import { institutePage } from './-institute-page.tsx'

export const Route = createFileRoute('/contato')({
  ...institutePage('contato'),
  component: () => (
    <InstitutePage slug="contato">
      <ContactSection />
    </InstitutePage>
  ),
  pendingComponent: RoutePending,
  errorComponent: RouteError,
})
