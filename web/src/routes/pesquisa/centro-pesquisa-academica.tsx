import { createFileRoute } from '@tanstack/react-router'
import { RouteError, RoutePending } from '../../components/page-status.tsx'
import { InstitutePage } from '../../features/content/institute-page.tsx'
import { institutePage } from '../-institute-page.tsx'

export const Route = createFileRoute('/pesquisa/centro-pesquisa-academica')({
  ...institutePage('pesquisa/centro-pesquisa-academica'),
  component: () => <InstitutePage slug="pesquisa/centro-pesquisa-academica" />,
  pendingComponent: RoutePending,
  errorComponent: RouteError,
})
