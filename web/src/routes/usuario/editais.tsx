import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '../../components/placeholder-page.tsx'
import { pageHead } from '../../lib/page-head.ts'

export const Route = createFileRoute('/usuario/editais')({
  head: () => pageHead('Meus editais'),
  component: MyEditaisPage,
})

function MyEditaisPage() {
  return (
    <PlaceholderPage title="Meus editais">
      <p>Em breve, as suas inscrições em editais e os pagamentos dos planos estarão aqui.</p>
    </PlaceholderPage>
  )
}
