import { createFileRoute } from '@tanstack/react-router'
import { lazy } from 'react'
import { LazyScreen } from '../../lib/lazy-screen.tsx'
import { pageHead } from '../../lib/page-head.ts'

const EnrollmentsPage = lazy(() => import('../../features/admin/enrollments-page.tsx'))

export const Route = createFileRoute('/admin/matriculas')({
  head: () => pageHead('Matrículas – Administração'),
  component: () => <LazyScreen screen={EnrollmentsPage} />,
})
