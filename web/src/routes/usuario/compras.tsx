import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '../../components/placeholder-page.tsx'
import { pageHead } from '../../lib/page-head.ts'

export const Route = createFileRoute('/usuario/compras')({
  head: () => pageHead('Minhas compras'),
  component: PurchasesPage,
})

function PurchasesPage() {
  return (
    <PlaceholderPage title="Minhas compras">
      <p>Em breve, o histórico das suas compras e pagamentos estará aqui.</p>
    </PlaceholderPage>
  )
}
