import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '../../components/placeholder-page.tsx'
import { pageHead } from '../../lib/page-head.ts'

export const Route = createFileRoute('/pesquisa/estudos-clinicos')({
  head: () => pageHead('Estudos clínicos'),
  component: ClinicalStudiesPage,
})

function ClinicalStudiesPage() {
  return (
    <PlaceholderPage title="Estudos clínicos">
      <p>Em breve, a lista dos estudos clínicos em andamento e de como participar deles.</p>
    </PlaceholderPage>
  )
}
