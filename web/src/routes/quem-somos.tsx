import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '../components/placeholder-page.tsx'
import { pageHead } from '../lib/page-head.ts'

export const Route = createFileRoute('/quem-somos')({
  head: () => pageHead('Quem somos'),
  component: AboutPage,
})

function AboutPage() {
  return (
    <PlaceholderPage title="Quem somos">
      <p>
        Conheça a história, a equipe e a missão do Instituto Renalis no ensino e na pesquisa em nefrologia.
      </p>
    </PlaceholderPage>
  )
}
