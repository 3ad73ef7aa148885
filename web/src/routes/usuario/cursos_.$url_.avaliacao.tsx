import { createFileRoute } from '@tanstack/react-router'
import { ExamPage } from '../../features/assessment/exam-page.tsx'
import { pageHead } from '../../lib/page-head.ts'

export const Route = createFileRoute('/usuario/cursos_/$url_/avaliacao')({
  head: () => pageHead('Avaliação final'),
  component: function AssessmentRoute() {
    return <ExamPage url={Route.useParams().url} />
  },
})
