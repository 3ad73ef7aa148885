import { createFileRoute } from '@tanstack/react-router'
import { ProfilePage } from '../../features/profile/profile-page.tsx'
import { pageHead } from '../../lib/page-head.ts'

export const Route = createFileRoute('/usuario/perfil')({
  head: () => pageHead('Meu perfil'),
  component: ProfilePage,
})
