import { createFileRoute } from '@tanstack/react-router'
import { PurchaseDetailPage } from '../../features/student/purchase-detail-page.tsx'
import { pageHead } from '../../lib/page-head.ts'

export const Route = createFileRoute('/usuario/compras_/$orderId')({
  head: () => pageHead('Detalhes do pedido'),
  component: function PurchaseRoute() {
    return <PurchaseDetailPage orderId={Route.useParams().orderId} />
  },
})
