import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '../../components/placeholder-page.tsx'
import { pageHead } from '../../lib/page-head.ts'

export const Route = createFileRoute('/admin/leads')({
  head: () => pageHead('Leads – Administração'),
  component: AdminLeadsPage,
})

function AdminLeadsPage() {
  return (
    <PlaceholderPage title="Leads">
      <p>Em breve, os contatos recebidos pelos formulários do site.</p>
    </PlaceholderPage>
  )
}
