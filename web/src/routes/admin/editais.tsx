import { createFileRoute } from '@tanstack/react-router'
import { lazy } from 'react'
import { LazyScreen } from '../../lib/lazy-screen.tsx'
import { pageHead } from '../../lib/page-head.ts'

const EditaisPage = lazy(() => import('../../features/admin/editais-page.tsx'))

export const Route = createFileRoute('/admin/editais')({
  head: () => pageHead('Editais – Administração'),
  component: () => <LazyScreen screen={EditaisPage} />,
})
