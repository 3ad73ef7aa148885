import { createFileRoute } from '@tanstack/react-router'
import { lazy } from 'react'
import { LazyScreen } from '../../lib/lazy-screen.tsx'
import { pageHead } from '../../lib/page-head.ts'

const CertificatesPage = lazy(() => import('../../features/admin/certificates-page.tsx'))

export const Route = createFileRoute('/admin/certificados')({
  head: () => pageHead('Certificados – Administração'),
  component: () => <LazyScreen screen={CertificatesPage} />,
})
