import { createFileRoute } from '@tanstack/react-router'
import { RouteError, RoutePending } from '../../components/page-status.tsx'
import { InstitutePage } from '../../features/content/institute-page.tsx'
import { institutePage } from '../-institute-page.tsx'

export const Route = createFileRoute('/cursos/sobre')({
  ...institutePage('cursos/sobre'),
  component: () => <InstitutePage slug="cursos/sobre" />,
  pendingComponent: RoutePending,
  errorComponent: RouteError,
})
