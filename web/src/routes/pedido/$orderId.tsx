import { createFileRoute } from '@tanstack/react-router'
import { OrderPage } from '../../features/checkout/order-page.tsx'
import { pageHead } from '../../lib/page-head.ts'

export const Route = createFileRoute('/pedido/$orderId')({
  head: () => pageHead('Pedido', { noindex: true }),
  component: OrderRoute,
})

function OrderRoute() {
  return <OrderPage orderId={Route.useParams().orderId} />
}
