import { createFileRoute } from '@tanstack/react-router'
import { RouteError, RoutePending } from '../../components/page-status.tsx'
import { InstitutePage } from '../../features/content/institute-page.tsx'
import { institutePage } from '../-institute-page.tsx'

export const Route = createFileRoute('/pesquisa/centro-pesquisa-clinica')({
  ...institutePage('pesquisa/centro-pesquisa-clinica'),
  component: () => <InstitutePage slug="pesquisa/centro-pesquisa-clinica" />,
  pendingComponent: RoutePending,
  errorComponent: RouteError,
})
