import { createFileRoute } from '@tanstack/react-router'
import { lazy } from 'react'
import { LazyScreen } from '../../lib/lazy-screen.tsx'
import { pageHead } from '../../lib/page-head.ts'

const DashboardPage = lazy(() => import('../../features/admin/dashboard-page.tsx'))

export const Route = createFileRoute('/admin/')({
  head: () => pageHead('Dashboard – Administração'),
  component: () => <LazyScreen screen={DashboardPage} />,
})
