import { createFileRoute } from '@tanstack/react-router'
import { lazy } from 'react'
import { LazyScreen } from '../../lib/lazy-screen.tsx'
import { pageHead } from '../../lib/page-head.ts'

const EnrolmentsPage = lazy(() => import('../../features/admin/enrolments-page.tsx'))

export const Route = createFileRoute('/admin/matriculas')({
  head: () => pageHead('Matrículas – Administração'),
  component: () => <LazyScreen screen={EnrolmentsPage} />,
})
