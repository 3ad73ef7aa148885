import { createFileRoute } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'
import { pageHead } from '../../lib/page-head.ts'

const ClassesPage = lazy(() => import('../../features/admin/classes-page.tsx'))

export const Route = createFileRoute('/admin/turmas')({
  head: () => pageHead('Turmas – Administração'),
  component: () => (
    <Suspense fallback={<AdminPending />}>
      <ClassesPage />
    </Suspense>
  ),
})

// The screen is fetched when opened: this route's own chunk holds only this, so the public first
// load does not list the admin screens' files.
function AdminPending() {
  return (
    <p className="container-page py-12 text-slate-700" role="status">
      Carregando...
    </p>
  )
}
