import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { ClockAnswer } from '../../../../../worker/domain/conference.ts'
import { ErrorState, LoadingState } from '../../../components/page-status.tsx'
import { ConferenceAdminPanel, NumberSelect, talkName } from '../admin-panel.tsx'
import { keptQuestionsPath, keptQuestionsQuery } from './live.queries.ts'
import { plural } from './plural.ts'

/**
 * For administrators, after the event (issue 44): each talk's approved and answered questions as
 * the database kept them, with who asked, and their CSV.
 */
export default function KeptQuestionsPanel({ answer }: { answer: ClockAnswer }) {
  const [key, setKey] = useState(answer.inits[0]?.key ?? 0)
  const kept = useQuery(keptQuestionsQuery(key))
  return (
    <ConferenceAdminPanel title="Perguntas das palestras (administração)">
      <div className="mt-4 flex flex-wrap items-end gap-3">
        <NumberSelect label="Palestra" value={key} onChange={setKey}>
          {answer.inits.map((talk) => (
            <option key={talk.key} value={talk.key}>
              {talkName(talk)}
            </option>
          ))}
        </NumberSelect>
        <a className="font-semibold text-teal-800 underline" href={`${keptQuestionsPath(key)}.csv`} download>
          Exportar CSV
        </a>
      </div>
      {kept.isPending ? (
        <LoadingState label="Carregando as perguntas..." />
      ) : kept.isError ? (
        <ErrorState title="Não foi possível carregar as perguntas." onRetry={() => void kept.refetch()} />
      ) : kept.data.questions.length === 0 ? (
        <p className="mt-4 text-slate-700">Nenhuma pergunta aprovada nesta palestra.</p>
      ) : (
        <ol className="mt-4 grid gap-2">
          {kept.data.questions.map((q) => (
            <li key={q.id} className="rounded-xl border border-slate-200 p-3">
              <p className="text-slate-900">{q.text}</p>
              <p className="mt-1 text-slate-600 text-sm">
                {q.author ?? 'Conta excluída'}
                {q.anonymous ? ' (anônima para o público)' : ''} ·{' '}
                {q.status === 'answered' ? 'Respondida' : 'Aprovada'} · {plural(q.votes, 'voto', 'votos')}
              </p>
            </li>
          ))}
        </ol>
      )}
    </ConferenceAdminPanel>
  )
}
