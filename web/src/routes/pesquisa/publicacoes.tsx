import { createFileRoute } from '@tanstack/react-router'
import { RouteError, RoutePending } from '../../components/page-status.tsx'
import { InstitutePage } from '../../features/content/institute-page.tsx'
import { institutePage } from '../-institute-page.tsx'

export const Route = createFileRoute('/pesquisa/publicacoes')({
  ...institutePage('pesquisa/publicacoes'),
  component: () => <InstitutePage slug="pesquisa/publicacoes" />,
  pendingComponent: RoutePending,
  errorComponent: RouteError,
})
