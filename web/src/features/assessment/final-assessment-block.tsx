import { useQuery } from '@tanstack/react-query'
import { ClipboardCheck } from 'lucide'
import type { AssessmentState } from '../../../../worker/domain/assessment.ts'
import { Icon } from '../../components/icons.tsx'
import { Link } from '../../components/link.tsx'
import { ErrorState } from '../../components/page-status.tsx'
import { isClientError } from '../../lib/load.ts'
import { errorMessage } from '../../lib/toast.ts'
import { assessmentStandingQuery } from './assessment.queries.ts'

const ACTION: Record<Exclude<AssessmentState, 'disabled'>, string> = {
  available: 'Fazer a avaliação final',
  open: 'Continuar a avaliação',
  passed: 'Ver o resultado',
  locked: 'Ver como funciona',
  waiting: 'Ver as tentativas',
  exhausted: 'Ver as tentativas',
}

/** The course page's "Avaliação final" block: where the student stands, and the way to the exam. Nothing for a course without one. */
export function FinalAssessmentBlock({ url }: { url: string }) {
  const query = useQuery(assessmentStandingQuery(url))
  const standing = query.data
  if (query.isError && !isClientError(query.error)) {
    return (
      <ErrorState
        title="Erro ao carregar a avaliação final"
        detail={errorMessage(query.error, '')}
        onRetry={() => void query.refetch()}
      />
    )
  }
  if (!standing || standing.state === 'disabled') return null
  return (
    <section
      aria-labelledby="avaliacao-final"
      className="mt-10 rounded-2xl border border-teal-200 bg-teal-50/60 p-5"
    >
      <h2 id="avaliacao-final" className="flex items-center gap-2 font-bold text-slate-900 text-xl">
        <Icon drawing={ClipboardCheck} className="size-5 text-teal-700" />
        Avaliação final
      </h2>
      <p className="mt-2 text-slate-800">{standing.message}</p>
      <p className="mt-1 text-slate-700 text-sm">
        Nota mínima {standing.pass_percent}% · {standing.attempts_left} de {standing.max_attempts}{' '}
        {standing.max_attempts === 1 ? 'tentativa restante' : 'tentativas restantes'}
        {standing.best_score !== null ? ` · melhor nota ${standing.best_score}%` : ''}
      </p>
      <Link
        to="/usuario/cursos/$url/avaliacao"
        params={{ url }}
        className={`btn mt-4 ${standing.state === 'available' || standing.state === 'open' ? 'btn-primary' : 'btn-outline'}`}
      >
        {ACTION[standing.state]}
      </Link>
    </section>
  )
}
