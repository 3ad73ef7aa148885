import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '../../components/placeholder-page.tsx'
import { pageHead } from '../../lib/page-head.ts'

export const Route = createFileRoute('/admin/')({
  head: () => pageHead('Dashboard – Administração'),
  component: AdminDashboardPage,
})

function AdminDashboardPage() {
  return (
    <PlaceholderPage title="Dashboard">
      <p>Em breve, os indicadores de vendas, matrículas e leads do instituto.</p>
    </PlaceholderPage>
  )
}
