import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import {
  CERTIFICATE_FILTER,
  StudentEvidence,
  type StudentProgress,
  StudentProgressPage,
} from '../../../../worker/contract/admin-certificates.ts'
import type { LessonStudy } from '../../../../worker/contract/study.ts'
import { TextField } from '../../lib/form-field.tsx'
import { useDebouncedValue } from '../search/use-debounced-value.ts'
import { lessonEvidenceText } from '../student/study-text.ts'
import { adminQuery, useAdminList, useAdminOptions } from './admin-api.ts'
import { StudentAssessmentAttempts } from './assessment-attempts.tsx'
import { EnumOptions, FilterSelect, RecordOptions, SearchInput } from './fields.tsx'
import { formatDateTime } from './format.ts'
import { QueryState } from './page.tsx'
import { Badge, Pagination, ResourceTable, TwoLines } from './table.tsx'
import { CsvButton, FilterBar, useFilters } from './toolbar.tsx'
import { useFocusOnOpen } from './use-focus-on-open.ts'

// /admin/certificados?aba=progresso: the online students' progress, each one's evidence of study.

const CERTIFICATE_FILTER_LABELS: Record<(typeof CERTIFICATE_FILTER)[number], string> = {
  sim: 'Emitido',
  nao: 'Não emitido',
}

const NO_FILTERS = { q: '', course_id: '', class_id: '', idle_days: '', certificate: '' }

export function ProgressSection() {
  const options = useAdminOptions()
  const { filters, set, params: searched } = useFilters(NO_FILTERS)
  const idle = useDebouncedValue(filters.idle_days.trim(), 400)
  const params = { ...searched, idle_days: idle }
  const list = useAdminList('progress', '/api/admin/certificados/progresso', params, StudentProgressPage)
  const [selected, setSelected] = useState<number | null>(null)
  const onlineCourses = options.data?.courses.filter((course) => course.section === 'online')
  const onlineClasses = options.data?.classes.filter(
    (turma) =>
      onlineCourses?.some((course) => course.id === turma.course_id) &&
      (!filters.course_id || String(turma.course_id) === filters.course_id),
  )
  const columns = [
    {
      header: 'Aluno',
      cell: (row: StudentProgress) => (
        <>
          <TwoLines main={row.student.name} detail={row.student.email} wrap />
        </>
      ),
    },
    { header: 'Curso e turma', cell: (row: StudentProgress) => `${row.course.name} — ${row.class.name}` },
    {
      header: 'Aulas concluídas',
      cell: (row: StudentProgress) =>
        `${row.lessons_done} de ${row.lessons_total}${
          row.lessons_total ? ` (${Math.floor((row.lessons_done * 100) / row.lessons_total)}%)` : ''
        }`,
    },
    {
      header: 'Vídeos reproduzidos',
      cell: (row: StudentProgress) => (row.watched_percent === null ? '—' : `${row.watched_percent}%`),
    },
    {
      header: 'Última atividade',
      className: 'whitespace-nowrap',
      cell: (row: StudentProgress) =>
        row.last_activity_at ? formatDateTime(row.last_activity_at) : 'nenhuma',
    },
    {
      header: 'Certificado',
      cell: (row: StudentProgress) =>
        row.certificate_code ? (
          <Badge tone="green">{row.certificate_code}</Badge>
        ) : (
          <Badge>não emitido</Badge>
        ),
    },
  ]
  return (
    <>
      <div className="mb-4 flex justify-end">
        <CsvButton
          path="/api/admin/certificados/progresso/exportacao"
          params={params}
          failure="Erro ao exportar o progresso."
        />
      </div>
      <FilterBar columns={5}>
        <SearchInput label="Nome ou e-mail" value={filters.q} onChange={set('q')} />
        <FilterSelect label="Curso" all="Todos" value={filters.course_id} onChange={set('course_id')}>
          <RecordOptions records={onlineCourses} name={(course) => course.name} />
        </FilterSelect>
        <FilterSelect label="Turma" all="Todas" value={filters.class_id} onChange={set('class_id')}>
          <RecordOptions records={onlineClasses} name={(turma) => turma.label} />
        </FilterSelect>
        <TextField
          label="Parados há mais de (dias)"
          type="number"
          inputMode="numeric"
          min={1}
          value={filters.idle_days}
          onChange={(event) => set('idle_days')(event.target.value)}
        />
        <FilterSelect
          label="Certificado"
          all="Todos"
          value={filters.certificate}
          onChange={set('certificate')}
        >
          <EnumOptions values={CERTIFICATE_FILTER} labels={CERTIFICATE_FILTER_LABELS} />
        </FilterSelect>
      </FilterBar>
      <QueryState query={list.query}>
        {(data) => (
          <>
            <ResourceTable
              label="Progresso dos alunos"
              columns={columns}
              actions={(row) => [
                {
                  label: 'Evidências e avaliação',
                  of: `de ${row.student.name} em ${row.course.name}`,
                  onClick: () => setSelected(row.enrollment_id),
                },
              ]}
              rows={data.items}
              rowKey={(row) => row.enrollment_id}
              empty="Nenhum aluno encontrado."
            />
            <Pagination
              page={list.page}
              perPage={list.perPage}
              total={data.total}
              onPage={list.setPage}
              label="alunos"
            />
          </>
        )}
      </QueryState>
      {/* One enrollment's evidence of study, then its final assessment's attempts (issue 39, item 9). */}
      {selected !== null ? <EvidencePanel key={`e${selected}`} enrollmentId={selected} /> : null}
      {selected !== null ? <StudentAssessmentAttempts key={`a${selected}`} enrollmentId={selected} /> : null}
    </>
  )
}

/**
 * One enrollment's evidence of study (issue 39, item 9): each lesson's share played or its reading
 * opened, by the rules that decide the certificate. The final assessment's attempts join it.
 */
function EvidencePanel({ enrollmentId }: { enrollmentId: number }) {
  const query = useQuery(
    adminQuery(
      ['evidence', enrollmentId],
      `/api/admin/certificados/progresso/${enrollmentId}`,
      StudentEvidence,
    ),
  )
  const heading = useFocusOnOpen(enrollmentId)
  return (
    <section aria-labelledby="evidencias" className="mt-6 rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="evidencias" ref={heading} tabIndex={-1} className="font-semibold text-lg text-slate-900">
        Evidências de estudo
        {query.data ? `: ${query.data.student.name} — ${query.data.course.name}` : ''}
      </h2>
      <QueryState query={query} loading="Carregando as evidências...">
        {(evidence) => (
          <>
            <p className="mt-2 text-slate-700">
              {evidence.study.lessons_done} de {evidence.study.lessons_total} aulas concluídas
              {evidence.study.watched_percent === null
                ? ''
                : `; vídeos reproduzidos: ${evidence.study.watched_percent}%`}
              . Cada vídeo conta a partir de {evidence.study.watch_share}%; o certificado pede{' '}
              {evidence.study.certificate_share}% das aulas.{' '}
              {evidence.certificate_code
                ? `Certificado ${evidence.certificate_code}.`
                : evidence.study.eligible
                  ? 'Pode emitir o certificado.'
                  : 'Ainda não pode emitir o certificado.'}
            </p>
            <p className="mt-1 text-slate-600 text-sm">
              Primeira atividade:{' '}
              {evidence.first_activity_at ? formatDateTime(evidence.first_activity_at) : 'nenhuma'}
              {' · '}última:{' '}
              {evidence.last_activity_at ? formatDateTime(evidence.last_activity_at) : 'nenhuma'}
            </p>
            <ResourceTable
              label="Aulas e evidências"
              columns={[
                { header: 'Aula', cell: (lesson: LessonStudy) => lesson.title },
                {
                  header: 'Evidência',
                  cell: (lesson: LessonStudy) => lessonEvidenceText(lesson, evidence.study.watch_share),
                },
                {
                  header: 'Situação',
                  cell: (lesson: LessonStudy) =>
                    lesson.done ? <Badge tone="green">concluída</Badge> : <Badge>pendente</Badge>,
                },
              ]}
              rows={evidence.study.lessons}
              rowKey={(lesson) => lesson.lesson_id}
              empty="O curso não tem aulas."
            />
          </>
        )}
      </QueryState>
    </section>
  )
}
