import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '../components/placeholder-page.tsx'
import { pageHead } from '../lib/page-head.ts'

export const Route = createFileRoute('/politicas-de-privacidade')({
  head: () => pageHead('Políticas de privacidade'),
  component: PrivacyPolicyPage,
})

function PrivacyPolicyPage() {
  return (
    <PlaceholderPage title="Políticas de privacidade">
      <p>Em breve, a descrição de como tratamos e protegemos os seus dados pessoais.</p>
    </PlaceholderPage>
  )
}
