import { createFileRoute } from '@tanstack/react-router'
import { RouteError, RoutePending } from '../components/page-status.tsx'
import { InstitutePage } from '../features/content/institute-page.tsx'
import { institutePage } from './-institute-page.tsx'

export const Route = createFileRoute('/quem-somos')({
  ...institutePage('quem-somos'),
  component: () => <InstitutePage slug="quem-somos" />,
  pendingComponent: RoutePending,
  errorComponent: RouteError,
})
