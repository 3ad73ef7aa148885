import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '../components/placeholder-page.tsx'
import { pageHead } from '../lib/page-head.ts'

export const Route = createFileRoute('/anais')({
  head: () => pageHead('Anais'),
  component: ProceedingsPage,
})

function ProceedingsPage() {
  return (
    <PlaceholderPage title="Anais">
      <p>Em breve, os anais dos eventos científicos promovidos pelo instituto.</p>
    </PlaceholderPage>
  )
}
