import { createFileRoute } from '@tanstack/react-router'
import { PlanPaymentPage } from '../../features/plans/plan-payment-page.tsx'
import { pageHead } from '../../lib/page-head.ts'

// ?inscricao= picks the application (from Meus editais); ?pagamento= is the return from the issuer's
// 3-D Secure challenge. Both are read by the page itself, so this route adds nothing to the first load.
export const Route = createFileRoute('/usuario/editais_/mensalidade/$planId')({
  head: () => pageHead('Pagamento de plano'),
  component: function PlanPaymentRoute() {
    return <PlanPaymentPage planId={Route.useParams().planId} />
  },
})
