import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '../../components/placeholder-page.tsx'
import { pageHead } from '../../lib/page-head.ts'

export const Route = createFileRoute('/admin/turmas')({
  head: () => pageHead('Turmas – Administração'),
  component: AdminClassesPage,
})

function AdminClassesPage() {
  return (
    <PlaceholderPage title="Turmas">
      <p>Em breve, o cadastro e a edição das turmas de cada curso.</p>
    </PlaceholderPage>
  )
}
