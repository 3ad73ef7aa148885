import { createFileRoute } from '@tanstack/react-router'
import { lazy } from 'react'
import { LazyScreen } from '../../lib/lazy-screen.tsx'
import { pageHead } from '../../lib/page-head.ts'

const ShowcaseEditorPage = lazy(() => import('../../features/admin/showcase-editor-page.tsx'))

export const Route = createFileRoute('/admin/home')({
  head: () => pageHead('Home – Administração'),
  component: () => <LazyScreen screen={ShowcaseEditorPage} />,
})
