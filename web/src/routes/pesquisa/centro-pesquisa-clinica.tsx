import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '../../components/placeholder-page.tsx'
import { pageHead } from '../../lib/page-head.ts'

export const Route = createFileRoute('/pesquisa/centro-pesquisa-clinica')({
  head: () => pageHead('Centro de Pesquisa Clínica'),
  component: ClinicalResearchCentrePage,
})

function ClinicalResearchCentrePage() {
  return (
    <PlaceholderPage title="Centro de Pesquisa Clínica">
      <p>
        Nosso centro conduz estudos clínicos em nefrologia com rigor científico e cuidado com cada
        participante.
      </p>
    </PlaceholderPage>
  )
}
