import { createFileRoute } from '@tanstack/react-router'
import { lazy } from 'react'
import { LazyScreen } from '../../lib/lazy-screen.tsx'
import { pageHead } from '../../lib/page-head.ts'

const LeadsPage = lazy(() => import('../../features/admin/leads-page.tsx'))

export const Route = createFileRoute('/admin/leads')({
  head: () => pageHead('Leads – Administração'),
  component: () => <LazyScreen screen={LeadsPage} />,
})
