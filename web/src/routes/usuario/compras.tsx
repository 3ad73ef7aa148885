import { createFileRoute } from '@tanstack/react-router'
import { PurchasesPage } from '../../features/student/purchases-page.tsx'
import { pageHead } from '../../lib/page-head.ts'

export const Route = createFileRoute('/usuario/compras')({
  head: () => pageHead('Minhas compras'),
  component: PurchasesPage,
})
