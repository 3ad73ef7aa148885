import { createFileRoute } from '@tanstack/react-router'
import { MyEditaisPage } from '../../features/plans/my-editais-page.tsx'
import { pageHead } from '../../lib/page-head.ts'

export const Route = createFileRoute('/usuario/editais')({
  head: () => pageHead('Meus editais'),
  component: MyEditaisPage,
})
