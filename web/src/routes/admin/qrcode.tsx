import { createFileRoute } from '@tanstack/react-router'
import { lazy } from 'react'
import { LazyScreen } from '../../lib/lazy-screen.tsx'
import { pageHead } from '../../lib/page-head.ts'

const QrcodePage = lazy(() => import('../../features/admin/qrcode-page.tsx'))

export const Route = createFileRoute('/admin/qrcode')({
  head: () => pageHead('Qrcode/Link – Administração'),
  component: () => <LazyScreen screen={QrcodePage} />,
})
