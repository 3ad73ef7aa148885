import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { ADMIN_ASSESSMENT_MESSAGES, StudentAttempts } from '../../../../worker/contract/admin-assessment.ts'
import { adminQuery, send, useAdminAction } from './admin-api.ts'
import { formatDateTime } from './format.ts'
import { QueryState } from './page.tsx'
import { Badge, ResourceTable } from './table.tsx'

type Attempt = StudentAttempts['attempts'][number]

const COLUMNS = [
  { header: 'Tentativa', cell: (row: Attempt) => row.number },
  {
    header: 'Início',
    className: 'whitespace-nowrap',
    cell: (row: Attempt) => formatDateTime(row.started_at),
  },
  {
    header: 'Fim',
    className: 'whitespace-nowrap',
    cell: (row: Attempt) =>
      row.submitted_at
        ? formatDateTime(row.submitted_at)
        : row.deadline_at
          ? `até ${formatDateTime(row.deadline_at)}`
          : 'em andamento',
  },
  { header: 'Respondidas', cell: (row: Attempt) => `${row.answered} de ${row.questions}` },
  {
    header: 'Nota',
    cell: (row: Attempt) =>
      row.score_percent === null
        ? '—'
        : `${row.score_percent}% (${row.correct} de ${row.questions}; mínima ${row.pass_percent}%)`,
  },
  {
    header: 'Resultado',
    cell: (row: Attempt) =>
      row.passed === null ? (
        <Badge>em andamento</Badge>
      ) : row.passed ? (
        <Badge tone="green">aprovado</Badge>
      ) : (
        <Badge tone="red">não aprovado</Badge>
      ),
  },
]

/**
 * One student's attempts at their course's final assessment (by the enrollment), with their
 * scores; the institute may grant one more attempt. A section of its own in the progress view.
 */
export function StudentAssessmentAttempts({ enrollmentId }: { enrollmentId: number }) {
  const path = `/api/admin/certificados/progresso/${enrollmentId}/avaliacao`
  const query = useQuery(adminQuery(['assessment-attempts', enrollmentId], path, StudentAttempts))
  const act = useAdminAction()
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [])
  return (
    <section
      aria-labelledby="avaliacao-aluno"
      className="mt-6 rounded-xl border border-slate-200 bg-white p-4"
    >
      <h2 id="avaliacao-aluno" ref={heading} tabIndex={-1} className="font-semibold text-lg text-slate-900">
        Avaliação final{query.data ? `: ${query.data.student.name} — ${query.data.course.name}` : ''}
      </h2>
      <QueryState query={query} loading="Carregando as tentativas...">
        {(data) =>
          data.enabled || data.attempts.length ? (
            <>
              <p className="mt-1 text-slate-700">
                Situação: <strong>{data.state_label}</strong>
                {data.best_score !== null ? ` · melhor nota ${data.best_score}%` : ''} · {data.attempts_left}{' '}
                {data.attempts_left === 1 ? 'tentativa restante' : 'tentativas restantes'} de{' '}
                {data.max_attempts}
                {data.extra_attempts
                  ? ` + ${data.extra_attempts} liberada${data.extra_attempts === 1 ? '' : 's'}`
                  : ''}
                {data.available_at
                  ? ` · pode tentar de novo a partir de ${formatDateTime(data.available_at)}`
                  : ''}
              </p>
              <ResourceTable
                label={`Tentativas de ${data.student.name}`}
                columns={COLUMNS}
                rows={data.attempts}
                rowKey={(row) => row.number}
                empty="Nenhuma tentativa ainda."
              />
              {data.enabled && data.state !== 'passed' ? (
                <button
                  type="button"
                  className="btn btn-outline mt-3"
                  onClick={() =>
                    void act(() => send('POST', `${path}/tentativa-extra`), {
                      success: ADMIN_ASSESSMENT_MESSAGES.extraGranted,
                      confirmFirst: false,
                    })
                  }
                >
                  Liberar mais uma tentativa
                </button>
              ) : null}
            </>
          ) : (
            <p className="mt-1 text-slate-700">O curso não tem avaliação final ativada.</p>
          )
        }
      </QueryState>
    </section>
  )
}
