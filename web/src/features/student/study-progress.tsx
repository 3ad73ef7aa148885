import type { StudyStanding } from '../../../../worker/contract/study.ts'

// Evidence of study as the student reads it (issue 39): the course's lessons done, and each
// lesson's share played (or its reading opened). The mark 'Aula assistida' is the student's own.

/** The course's progress from evidence: a bar of lessons done, and what counts. */
export function StudyProgress({ study }: { study: StudyStanding }) {
  const { lessons_done, lessons_total, percent, watched_percent, watch_share } = study
  return (
    <div className="mt-4 max-w-xl">
      <p className="font-medium text-slate-800" id="progresso-curso">
        Seu progresso: {lessons_done} de {lessons_total}{' '}
        {lessons_total === 1 ? 'aula concluída' : 'aulas concluídas'} ({percent}%)
      </p>
      <div
        role="progressbar"
        aria-labelledby="progresso-curso"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="mt-2 h-3 overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className="h-full rounded-full bg-teal-700 transition-[width]"
          style={{ width: `${percent}%` }}
        />
      </div>
      <p className="mt-2 text-slate-700 text-sm">
        {watched_percent === null ? '' : `Vídeos reproduzidos: ${watched_percent}%. `}
        Uma videoaula conta quando você reproduz {watch_share}% dela (até 2× de velocidade, com a página
        aberta); uma leitura, quando você a abre. Marcar a aula como assistida é só um lembrete seu.
      </p>
    </div>
  )
}
