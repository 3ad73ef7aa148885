import { createFileRoute } from '@tanstack/react-router'
import { lazy } from 'react'
import { LazyScreen } from '../../lib/lazy-screen.tsx'
import { pageHead } from '../../lib/page-head.ts'

const ClassesPage = lazy(() => import('../../features/admin/classes-page.tsx'))

export const Route = createFileRoute('/admin/turmas')({
  head: () => pageHead('Turmas – Administração'),
  component: () => <LazyScreen screen={ClassesPage} />,
})
