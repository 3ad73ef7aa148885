import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '../../components/placeholder-page.tsx'
import { pageHead } from '../../lib/page-head.ts'

export const Route = createFileRoute('/admin/home')({
  head: () => pageHead('Home – Administração'),
  component: AdminHomePage,
})

function AdminHomePage() {
  return (
    <PlaceholderPage title="Home">
      <p>Em breve, a gestão das listas de cursos exibidas na página inicial.</p>
    </PlaceholderPage>
  )
}
