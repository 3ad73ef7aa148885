import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '../components/placeholder-page.tsx'
import { pageHead } from '../lib/page-head.ts'

export const Route = createFileRoute('/login')({
  head: () => pageHead('Acesse sua conta'),
  component: LoginPage,
})

function LoginPage() {
  return (
    <PlaceholderPage title="Acesse sua conta">
      <p>Em breve, você poderá entrar ou criar sua conta por esta página.</p>
    </PlaceholderPage>
  )
}
