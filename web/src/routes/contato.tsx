import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '../components/placeholder-page.tsx'
import { pageHead } from '../lib/page-head.ts'

export const Route = createFileRoute('/contato')({
  head: () => pageHead('Contato'),
  component: ContactPage,
})

function ContactPage() {
  return (
    <PlaceholderPage title="Contato">
      <p>
        Fale com a gente pelos telefones e e-mails do rodapé. Em breve, o formulário de contato estará aqui.
      </p>
    </PlaceholderPage>
  )
}
