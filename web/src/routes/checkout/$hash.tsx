import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '../../components/placeholder-page.tsx'
import { pageHead } from '../../lib/page-head.ts'

export const Route = createFileRoute('/checkout/$hash')({
  head: () => pageHead('Finalizar compra'),
  component: CheckoutPage,
})

function CheckoutPage() {
  return (
    <PlaceholderPage title="Finalizar compra">
      <p>Em breve, você poderá revisar o seu carrinho e escolher a forma de pagamento aqui.</p>
    </PlaceholderPage>
  )
}
