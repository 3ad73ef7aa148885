import { createFileRoute } from '@tanstack/react-router'
import { RouteError, RoutePending } from '../../components/page-status.tsx'
import { InstitutePage } from '../../features/content/institute-page.tsx'
import { institutePage } from '../-institute-page.tsx'

export const Route = createFileRoute('/pesquisa/estudos-clinicos')({
  ...institutePage('pesquisa/estudos-clinicos'),
  component: () => <InstitutePage slug="pesquisa/estudos-clinicos" />,
  pendingComponent: RoutePending,
  errorComponent: RouteError,
})
