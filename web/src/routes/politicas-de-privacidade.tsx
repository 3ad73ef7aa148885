import { createFileRoute } from '@tanstack/react-router'
import { RouteError, RoutePending } from '../components/page-status.tsx'
import { InstitutePage } from '../features/content/institute-page.tsx'
import { institutePage } from './-institute-page.tsx'

export const Route = createFileRoute('/politicas-de-privacidade')({
  ...institutePage('politicas-de-privacidade'),
  component: () => <InstitutePage slug="politicas-de-privacidade" />,
  pendingComponent: RoutePending,
  errorComponent: RouteError,
})
