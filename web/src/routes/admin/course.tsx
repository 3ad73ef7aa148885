import { createFileRoute } from '@tanstack/react-router'
import { lazy } from 'react'
import { LazyScreen } from '../../lib/lazy-screen.tsx'
import { pageHead } from '../../lib/page-head.ts'

const CoursesPage = lazy(() => import('../../features/admin/courses-page.tsx'))

export const Route = createFileRoute('/admin/course')({
  head: () => pageHead('Cursos – Administração'),
  component: () => <LazyScreen screen={CoursesPage} />,
})
