import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '../../components/placeholder-page.tsx'
import { pageHead } from '../../lib/page-head.ts'

export const Route = createFileRoute('/usuario/perfil')({
  head: () => pageHead('Meu perfil'),
  component: ProfilePage,
})

function ProfilePage() {
  return (
    <PlaceholderPage title="Meu perfil">
      <p>Em breve, você poderá ver e atualizar os seus dados por aqui.</p>
    </PlaceholderPage>
  )
}
