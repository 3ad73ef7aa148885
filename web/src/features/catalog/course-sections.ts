import type { CourseSection } from '../../../../worker/contract/catalog.ts'

/** The three sections of /cursos, each with its anchor (SPEC section 2). */
export const COURSE_SECTIONS: readonly {
  section: CourseSection
  id: string
  title: string
  text: string
}[] = [
  {
    section: 'online',
    id: 'cursos-online',
    title: 'Cursos online',
    text: 'Estude no seu ritmo, com material didático online e videoaulas.',
  },
  {
    section: 'presencial',
    id: 'cursos-presenciais',
    title: 'Cursos presenciais',
    text: 'Turmas em Curitiba, com aulas práticas e professores especialistas.',
  },
  {
    section: 'nefrologia-intervencionista',
    id: 'nefrologia-intervencionista',
    title: 'Nefrologia intervencionista',
    text: 'Formação em procedimentos intervencionistas: acesso vascular, cateteres e biópsia renal.',
  },
]

export function sectionOf(section: CourseSection) {
  return COURSE_SECTIONS.find((entry) => entry.section === section) ?? COURSE_SECTIONS[0]!
}
