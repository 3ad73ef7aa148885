import { createFileRoute } from '@tanstack/react-router'
import { lazy } from 'react'
import { LazyScreen } from '../../lib/lazy-screen.tsx'
import { pageHead } from '../../lib/page-head.ts'

const EditalAdminPage = lazy(() => import('../../features/admin/edital-admin-page.tsx'))

export const Route = createFileRoute('/admin/editais_/$id')({
  head: () => pageHead('Edital – Administração'),
  component: () => <LazyScreen screen={EditalAdminPage} />,
})
