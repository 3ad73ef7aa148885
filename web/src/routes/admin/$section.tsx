import { createFileRoute } from '@tanstack/react-router'
import { type ComponentType, type LazyExoticComponent, lazy } from 'react'
import { NotFound } from '../../components/not-found.tsx'
import { ADMIN_SECTIONS, type AdminSection, isAdminSection } from '../../features/admin/sections.ts'
import { LazyScreen } from '../../lib/lazy-screen.tsx'
import { pageHead } from '../../lib/page-head.ts'

/** Each screen's code, fetched when it is opened (this map goes with the route's component). */
const SCREENS: Record<AdminSection, LazyExoticComponent<ComponentType>> = {
  course: lazy(() => import('../../features/admin/courses-page.tsx')),
  turmas: lazy(() => import('../../features/admin/classes-page.tsx')),
  matriculas: lazy(() => import('../../features/admin/enrollments-page.tsx')),
  'notas-fiscais': lazy(() => import('../../features/admin/invoices-page.tsx')),
  editais: lazy(() => import('../../features/admin/editais-page.tsx')),
  certificados: lazy(() => import('../../features/admin/certificates-page.tsx')),
  leads: lazy(() => import('../../features/admin/leads-page.tsx')),
  qrcode: lazy(() => import('../../features/admin/qrcode-page.tsx')),
  home: lazy(() => import('../../features/admin/showcase-editor-page.tsx')),
}

export const Route = createFileRoute('/admin/$section')({
  head: ({ params }) =>
    pageHead(
      isAdminSection(params.section)
        ? `${ADMIN_SECTIONS[params.section]} – Administração`
        : 'Página não encontrada',
    ),
  component: AdminScreen,
})

function AdminScreen() {
  const { section } = Route.useParams()
  return isAdminSection(section) ? <LazyScreen screen={SCREENS[section]} /> : <NotFound />
}
