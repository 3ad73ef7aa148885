import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '../../components/placeholder-page.tsx'
import { pageHead } from '../../lib/page-head.ts'

export const Route = createFileRoute('/admin/matriculas')({
  head: () => pageHead('Matrículas – Administração'),
  component: AdminEnrolmentsPage,
})

function AdminEnrolmentsPage() {
  return (
    <PlaceholderPage title="Matrículas">
      <p>Em breve, a consulta e a gestão das matrículas dos alunos.</p>
    </PlaceholderPage>
  )
}
