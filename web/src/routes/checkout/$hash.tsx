import { createFileRoute } from '@tanstack/react-router'
import { CheckoutPage } from '../../features/checkout/checkout-page.tsx'
import { pageHead } from '../../lib/page-head.ts'

export const Route = createFileRoute('/checkout/$hash')({
  head: () => pageHead('Finalizar compra', { noindex: true }),
  component: CheckoutRoute,
})

function CheckoutRoute() {
  return <CheckoutPage hash={Route.useParams().hash} />
}
