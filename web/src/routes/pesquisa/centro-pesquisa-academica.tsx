import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '../../components/placeholder-page.tsx'
import { pageHead } from '../../lib/page-head.ts'

export const Route = createFileRoute('/pesquisa/centro-pesquisa-academica')({
  head: () => pageHead('Centro de Pesquisa Acadêmica'),
  component: AcademicResearchCentrePage,
})

function AcademicResearchCentrePage() {
  return (
    <PlaceholderPage title="Centro de Pesquisa Acadêmica">
      <p>Apoiamos projetos acadêmicos em nefrologia, da iniciação científica à pós-graduação.</p>
    </PlaceholderPage>
  )
}
