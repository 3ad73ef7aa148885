import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '../../components/placeholder-page.tsx'
import { pageHead } from '../../lib/page-head.ts'

export const Route = createFileRoute('/cursos/')({
  head: () => pageHead('Cursos'),
  component: CoursesPage,
})

const SECTIONS = [
  {
    id: 'cursos-online',
    title: 'Cursos online',
    text: 'Estude no seu ritmo, com material didático on-line e videoaulas.',
  },
  {
    id: 'cursos-presenciais',
    title: 'Cursos presenciais',
    text: 'Turmas em Curitiba, com aulas práticas e professores especialistas.',
  },
  {
    id: 'nefrologia-intervencionista',
    title: 'Nefrologia intervencionista',
    text: 'Formação em procedimentos intervencionistas em nefrologia.',
  },
] as const

function CoursesPage() {
  return (
    <PlaceholderPage title="Cursos">
      <p>Em breve, o catálogo completo de cursos do instituto estará aqui.</p>
      {SECTIONS.map((section) => (
        <section
          key={section.id}
          id={section.id}
          aria-labelledby={`${section.id}-titulo`}
          className="scroll-mt-28 pt-6"
        >
          <h2 id={`${section.id}-titulo`} className="font-bold text-2xl text-slate-900">
            {section.title}
          </h2>
          <p className="mt-2">{section.text}</p>
        </section>
      ))}
    </PlaceholderPage>
  )
}
