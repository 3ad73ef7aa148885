import { useQuery } from '@tanstack/react-query'
import { useSearch } from '@tanstack/react-router'
import { useEffect, useRef, useState } from 'react'
import {
  ADMIN_CERTIFICATE_MESSAGES,
  type BulkIssueResult,
  CERTIFICATE_FILTER,
  CERTIFICATE_STATE_LABELS,
  CERTIFICATE_STATES,
  ClassAttendance,
  ConferenceCertificateSettings,
  ConferenceSettingsInput,
  type InPersonClass,
  InPersonClassPage,
  type IssuedCertificate,
  IssuedCertificatePage,
  ReissueInput,
  RevokeInput,
  StudentEvidence,
  type StudentProgress,
  StudentProgressPage,
} from '../../../../worker/contract/admin-certificates.ts'
import type { LessonStudy } from '../../../../worker/contract/study.ts'
import { heldBackSummary } from '../../../../worker/domain/certificate-text.ts'
import {
  ATTENDANCE,
  type Attendance,
  CERTIFICATE_KIND,
  CERTIFICATE_KINDS,
} from '../../../../worker/domain/certificates.ts'
import { Link } from '../../components/link.tsx'
import { TextField } from '../../lib/form-field.tsx'
import { toastError, toastSuccess } from '../../lib/toast.ts'
import { useDebouncedValue } from '../search/use-debounced-value.ts'
import { lessonEvidenceText } from '../student/study-text.ts'
import {
  adminQuery,
  send,
  useAdminList,
  useAdminOptions,
  useCsvExport,
  useRefreshAdmin,
} from './admin-api.ts'
import { StudentAssessmentAttempts } from './assessment-attempts.tsx'
import { EnumOptions, FilterSelect, RecordOptions, SearchInput, SelectField } from './fields.tsx'
import { formatDateTime, formatDay } from './format.ts'
import { AdminPage, QueryState } from './page.tsx'
import { type ListDescription, ResourceList } from './resource-list.tsx'
import { SignatureUpload } from './signature-upload.tsx'
import { Badge, Pagination, ResourceTable, type Tone } from './table.tsx'
import { ExportButton, FilterBar, useFilters } from './toolbar.tsx'
import { useCheckedSave } from './use-checked-save.ts'

// /admin/certificados (issue 24): the certificates issued (revoke, reissue), the in-person classes'
// attendance and their certificates in one action, the online students' progress, the conference.

export const CERTIFICATE_TABS = {
  emitidos: 'Emitidos',
  presenca: 'Presença (presenciais)',
  progresso: 'Progresso (online)',
  jornada: 'Jornada',
} as const
export type CertificateTab = keyof typeof CERTIFICATE_TABS

const isTab = (value: unknown): value is CertificateTab => Object.hasOwn(CERTIFICATE_TABS, String(value))

/** /admin/certificados?aba=…: the section is read here (the route file stays small: it loads with the site). */
export default function CertificatesPage() {
  const { aba } = useSearch({ strict: false }) as { aba?: unknown }
  const tab: CertificateTab = isTab(aba) ? aba : 'emitidos'
  return (
    <AdminPage
      title="Certificados"
      description="Certificados emitidos, presença das turmas presenciais, progresso dos alunos online e a jornada."
    >
      <nav aria-label="Seções de certificados" className="mb-6">
        <ul className="flex flex-wrap gap-2">
          {(Object.keys(CERTIFICATE_TABS) as CertificateTab[]).map((key) => (
            <li key={key}>
              <Link
                to="/admin/$section"
                params={{ section: 'certificados' }}
                search={{ aba: key } as never}
                aria-current={key === tab ? 'page' : undefined}
                className={`btn ${key === tab ? 'btn-primary' : 'btn-outline'}`}
              >
                {CERTIFICATE_TABS[key]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {tab === 'emitidos' ? <IssuedSection /> : null}
      {tab === 'presenca' ? <AttendanceSection /> : null}
      {tab === 'progresso' ? <ProgressSection /> : null}
      {tab === 'jornada' ? <ConferenceSection /> : null}
    </AdminPage>
  )
}

const hours = (minutes: number) => `${(minutes / 60).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} h`
const STATE_TONE: Record<IssuedCertificate['state'], Tone> = {
  valid: 'green',
  suspended: 'amber',
  revoked: 'red',
  replaced: 'amber',
}

/** Focus the panel that opened below a list (its heading), so a keyboard user lands on it. */
function useFocusOnOpen<T>(key: T) {
  const ref = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    if (key !== null) ref.current?.focus()
  }, [key])
  return ref
}

// ── Issued ──────────────────────────────────────────────────────────────────────

type Acting = { certificate: IssuedCertificate; action: 'revoke' | 'reissue' } | null

function IssuedSection() {
  const { filters, set } = useFilters({ q: '', kind: '', state: '' })
  const q = useDebouncedValue(filters.q.trim(), 400)
  const params = { ...filters, q }
  const list = useAdminList('certificates', '/api/admin/certificados', params, IssuedCertificatePage)
  const { exporting, exportCsv } = useCsvExport(
    '/api/admin/certificados/exportacao',
    params,
    'Erro ao exportar os certificados.',
  )
  const [acting, setActing] = useState<Acting>(null)
  const description: ListDescription<IssuedCertificate> = {
    label: 'Certificados emitidos',
    empty: 'Nenhum certificado encontrado.',
    pagesOf: 'certificados',
    columns: [
      { header: 'Código', className: 'font-mono', cell: (row) => row.code },
      { header: 'Titular', cell: (row) => row.holder_name ?? '(conta excluída)' },
      { header: 'Curso ou evento', cell: (row) => row.title },
      { header: 'Tipo', cell: (row) => CERTIFICATE_KIND.labels[row.kind] },
      { header: 'Carga horária', cell: (row) => hours(row.minutes) },
      { header: 'Conclusão', className: 'whitespace-nowrap', cell: (row) => formatDay(row.completed_on) },
      {
        header: 'Situação',
        cell: (row) => (
          <>
            <Badge tone={STATE_TONE[row.state]}>{CERTIFICATE_STATE_LABELS[row.state]}</Badge>
            {row.replaced_by ? <p className="text-xs">por {row.replaced_by}</p> : null}
            {row.revoked_reason ? (
              <p className="text-xs">
                {row.revoked_at ? `${formatDateTime(row.revoked_at)}: ` : ''}
                {row.revoked_reason}
              </p>
            ) : null}
            {row.suspended_reason && row.state === 'suspended' ? (
              <p className="text-xs">
                {row.suspended_at ? `${formatDateTime(row.suspended_at)}: ` : ''}
                {row.suspended_reason}
              </p>
            ) : null}
          </>
        ),
      },
    ],
    actions: (row) => [
      {
        label: 'Revogar',
        of: row.code,
        hidden: row.state !== 'valid' && row.state !== 'suspended',
        onClick: () => setActing({ certificate: row, action: 'revoke' }),
      },
      {
        label: 'Reemitir',
        of: row.code,
        hidden: row.state !== 'valid' || row.holder_name === null,
        onClick: () => setActing({ certificate: row, action: 'reissue' }),
      },
    ],
  }
  return (
    <>
      <div className="mb-4 flex justify-end">
        <ExportButton exporting={exporting} onExport={() => void exportCsv()} />
      </div>
      <FilterBar columns={4}>
        <SearchInput label="Código, nome, curso ou e-mail" value={filters.q} onChange={set('q')} />
        <FilterSelect label="Tipo" all="Todos" value={filters.kind} onChange={set('kind')}>
          <EnumOptions values={CERTIFICATE_KINDS} labels={CERTIFICATE_KIND.labels} />
        </FilterSelect>
        <FilterSelect label="Situação" all="Todas" value={filters.state} onChange={set('state')}>
          <EnumOptions values={CERTIFICATE_STATES} labels={CERTIFICATE_STATE_LABELS} />
        </FilterSelect>
      </FilterBar>
      <ResourceList list={list} description={description} />
      {acting ? (
        <CertificateAction
          key={`${acting.certificate.id}-${acting.action}`}
          acting={acting}
          done={() => setActing(null)}
        />
      ) : null}
    </>
  )
}

function CertificateAction({ acting, done }: { acting: NonNullable<Acting>; done: () => void }) {
  const { certificate, action } = acting
  const revoke = action === 'revoke'
  const [text, setText] = useState(revoke ? '' : (certificate.holder_name ?? ''))
  const [error, setError] = useState<string | undefined>()
  const [busy, setBusy] = useState(false)
  const refresh = useRefreshAdmin()
  const heading = useFocusOnOpen(certificate.id)

  async function submit() {
    const input = revoke ? { reason: text } : { holder_name: text }
    const checked = (revoke ? RevokeInput : ReissueInput).safeParse(input)
    if (!checked.success) return setError(checked.error.issues[0]?.message)
    setBusy(true)
    setError(undefined)
    try {
      await send(
        'POST',
        `/api/admin/certificados/${certificate.id}/${revoke ? 'revogacao' : 'reemissao'}`,
        checked.data,
      )
      void toastSuccess(revoke ? 'Certificado revogado.' : 'Certificado reemitido com o novo nome.')
      await refresh()
      done()
    } catch (caught) {
      void toastError(caught, revoke ? 'Erro ao revogar.' : 'Erro ao reemitir.')
    } finally {
      setBusy(false)
    }
  }

  return (
    <section
      aria-labelledby="certificado-acao"
      className="mt-6 rounded-xl border border-slate-200 bg-white p-4"
    >
      <h2 id="certificado-acao" ref={heading} tabIndex={-1} className="font-semibold text-lg text-slate-900">
        {revoke ? 'Revogar' : 'Reemitir'} o certificado {certificate.code}
      </h2>
      <p className="mt-1 text-slate-700">
        {certificate.holder_name} — {certificate.title}
      </p>
      <form
        className="mt-3 space-y-3"
        onSubmit={(event) => {
          event.preventDefault()
          void submit()
        }}
      >
        <TextField
          label={revoke ? 'Motivo da revogação' : 'Nome completo corrigido'}
          hint={
            revoke
              ? 'A página de verificação mostrará que o certificado foi revogado, e por quê.'
              : 'Um novo código é gerado; o antigo passa a indicar o novo.'
          }
          value={text}
          error={error}
          onChange={(event) => setText(event.target.value)}
        />
        <div className="flex flex-wrap gap-2">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {revoke ? 'Revogar certificado' : 'Reemitir certificado'}
          </button>
          <button type="button" className="btn btn-outline" onClick={done}>
            Cancelar
          </button>
        </div>
      </form>
    </section>
  )
}

// ── In-person attendance ─────────────────────────────────────────────────────────

function AttendanceSection() {
  const { filters, set } = useFilters({ q: '' })
  const q = useDebouncedValue(filters.q.trim(), 400)
  const list = useAdminList('in-person-classes', '/api/admin/certificados/turmas', { q }, InPersonClassPage)
  const [selected, setSelected] = useState<number | null>(null)
  const description: ListDescription<InPersonClass> = {
    label: 'Turmas presenciais',
    empty: 'Nenhuma turma presencial com data.',
    pagesOf: 'turmas presenciais',
    columns: [
      { header: 'Turma', cell: (row) => `${row.course.name} — ${row.name}` },
      { header: 'Data', className: 'whitespace-nowrap', cell: (row) => formatDay(row.date) },
      { header: 'Alunos', cell: (row) => row.students },
      { header: 'Presentes', cell: (row) => row.present },
      { header: 'Ausentes', cell: (row) => row.absent },
      { header: 'Certificados', cell: (row) => row.certificates },
    ],
    actions: (row) => [
      {
        label: 'Lista de presença',
        of: `${row.course.name} — ${row.name}`,
        onClick: () => setSelected(row.id),
      },
    ],
  }
  return (
    <>
      <FilterBar columns={4}>
        <SearchInput label="Curso ou turma" value={filters.q} onChange={set('q')} />
      </FilterBar>
      <ResourceList list={list} description={description} />
      {selected !== null ? <AttendanceSheet key={selected} classId={selected} /> : null}
    </>
  )
}

function AttendanceSheet({ classId }: { classId: number }) {
  const query = useQuery(
    adminQuery(['attendance', classId], `/api/admin/certificados/turmas/${classId}`, ClassAttendance),
  )
  const heading = useFocusOnOpen(classId)
  return (
    <section
      aria-labelledby="lista-presenca"
      className="mt-6 rounded-xl border border-slate-200 bg-white p-4"
    >
      <h2 id="lista-presenca" ref={heading} tabIndex={-1} className="font-semibold text-lg text-slate-900">
        Lista de presença
        {query.data ? `: ${query.data.class.course.name} — ${query.data.class.name}` : ''}
      </h2>
      <QueryState query={query} loading="Carregando a lista de presença...">
        {(sheet) => <AttendanceForm key={JSON.stringify(sheet.students)} sheet={sheet} />}
      </QueryState>
    </section>
  )
}

function AttendanceForm({ sheet }: { sheet: ClassAttendance }) {
  const refresh = useRefreshAdmin()
  const [marks, setMarks] = useState<Record<number, Attendance | ''>>(() =>
    Object.fromEntries(sheet.students.map((row) => [row.enrollment_id, row.attendance ?? ''])),
  )
  const [busy, setBusy] = useState(false)
  const path = `/api/admin/certificados/turmas/${sheet.class.id}`

  async function run(request: () => Promise<unknown>, success: (answer: unknown) => string, failure: string) {
    setBusy(true)
    try {
      const answer = await request()
      void toastSuccess(success(answer))
      await refresh()
    } catch (error) {
      void toastError(error, failure)
    } finally {
      setBusy(false)
    }
  }

  const chosen = Object.entries(marks).filter((entry): entry is [string, Attendance] => entry[1] !== '')
  const save = () =>
    run(
      () =>
        send('PUT', `${path}/presencas`, {
          marks: chosen.map(([id, attendance]) => ({ enrollment_id: Number(id), attendance })),
        }),
      () => 'Presença salva.',
      'Erro ao salvar a presença.',
    )
  const issue = () =>
    run(
      () => send('POST', `${path}/emissao`),
      (answer) => {
        const { issued, already, held_back } = answer as BulkIssueResult
        const done =
          issued > 0
            ? `${issued} ${issued === 1 ? 'certificado emitido' : 'certificados emitidos'}.`
            : `Nenhum certificado novo: ${already} ${already === 1 ? 'aluno já tinha' : 'alunos já tinham'} o seu.`
        return held_back.length > 0 ? `${done} ${heldBackSummary(held_back)}` : done
      },
      'Erro ao emitir os certificados.',
    )

  if (!sheet.class.ended) {
    return <p className="mt-2 text-slate-700">{ADMIN_CERTIFICATE_MESSAGES.notEnded}</p>
  }
  if (sheet.students.length === 0) return <p className="mt-2 text-slate-700">Nenhum aluno matriculado.</p>
  return (
    <form
      className="mt-3"
      onSubmit={(event) => {
        event.preventDefault()
        void save()
      }}
    >
      <p className="mb-3 text-slate-700 text-sm">
        Carga horária do curso: {sheet.workload_hours ? `${sheet.workload_hours} h` : 'não informada'}.
      </p>
      <ul className="divide-y divide-slate-100">
        {sheet.students.map((row) => (
          <li key={row.enrollment_id} className="flex flex-wrap items-center justify-between gap-3 py-2">
            <div>
              <p className="font-medium">{row.student.name}</p>
              <p className="break-all text-slate-600 text-xs">{row.student.email}</p>
              {row.certificate_code ? (
                <p className="text-xs">
                  <Badge tone="green">certificado {row.certificate_code}</Badge>
                </p>
              ) : null}
            </div>
            <SelectField
              label={`Presença de ${row.student.name}`}
              value={marks[row.enrollment_id] ?? ''}
              onChange={(event) =>
                setMarks((current) => ({
                  ...current,
                  [row.enrollment_id]: event.target.value as Attendance | '',
                }))
              }
            >
              <option value="">Não marcada</option>
              <EnumOptions
                values={Object.keys(ATTENDANCE.labels) as Attendance[]}
                labels={ATTENDANCE.labels}
              />
            </SelectField>
          </li>
        ))}
      </ul>
      <div className="mt-4 flex flex-wrap gap-2">
        <button
          type="button"
          className="btn btn-outline"
          onClick={() =>
            setMarks(Object.fromEntries(sheet.students.map((row) => [row.enrollment_id, 'present' as const])))
          }
        >
          Marcar todos como presentes
        </button>
        <button type="submit" className="btn btn-primary" disabled={busy || chosen.length === 0}>
          Salvar presença
        </button>
        <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void issue()}>
          Emitir certificados dos presentes
        </button>
      </div>
    </form>
  )
}

// ── Progress of online students ──────────────────────────────────────────────────

const CERTIFICATE_FILTER_LABELS: Record<(typeof CERTIFICATE_FILTER)[number], string> = {
  sim: 'Emitido',
  nao: 'Não emitido',
}

function ProgressSection() {
  const options = useAdminOptions()
  const { filters, set } = useFilters({ q: '', course_id: '', class_id: '', idle_days: '', certificate: '' })
  const q = useDebouncedValue(filters.q.trim(), 400)
  const idle = useDebouncedValue(filters.idle_days.trim(), 400)
  const params = { ...filters, q, idle_days: idle }
  const list = useAdminList('progress', '/api/admin/certificados/progresso', params, StudentProgressPage)
  const [selected, setSelected] = useState<number | null>(null)
  const { exporting, exportCsv } = useCsvExport(
    '/api/admin/certificados/progresso/exportacao',
    params,
    'Erro ao exportar o progresso.',
  )
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
          <p className="font-medium">{row.student.name}</p>
          <p className="break-all text-slate-600 text-xs">{row.student.email}</p>
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
        <ExportButton exporting={exporting} onExport={() => void exportCsv()} />
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

// ── The conference ───────────────────────────────────────────────────────────────

function ConferenceSection() {
  const query = useQuery(
    adminQuery(['conference-settings'], '/api/admin/certificados/jornada', ConferenceCertificateSettings),
  )
  return (
    <QueryState query={query}>
      {(settings) => <ConferenceForm key={settings.version} settings={settings} />}
    </QueryState>
  )
}

function ConferenceForm({ settings }: { settings: ConferenceCertificateSettings }) {
  const [values, setValues] = useState({
    min_share: String(settings.min_share),
    signatory_name: settings.signatory_name ?? '',
    signatory_role: settings.signatory_role ?? '',
  })
  const { errors, busy, save } = useCheckedSave(ConferenceSettingsInput, '/api/admin/certificados/jornada', {
    success: 'Configurações da jornada salvas.',
    failure: 'Erro ao salvar as configurações.',
  })
  const field = (key: keyof typeof values) => ({
    value: values[key],
    error: errors[key],
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [key]: event.target.value })),
  })

  return (
    <section
      aria-labelledby="jornada-certificado"
      className="max-w-xl rounded-xl border border-slate-200 bg-white p-4"
    >
      <h2 id="jornada-certificado" className="font-semibold text-lg text-slate-900">
        Certificado de participação na jornada
      </h2>
      <form
        className="mt-3 space-y-4"
        onSubmit={(event) => {
          event.preventDefault()
          void save({ ...values, min_share: Number(values.min_share), version: settings.version })
        }}
      >
        <TextField
          label="Presença mínima (% da programação)"
          hint="Quem assistiu ao menos esta parte da programação recebe o certificado."
          type="number"
          inputMode="numeric"
          min={1}
          max={100}
          {...field('min_share')}
        />
        <TextField label="Nome de quem assina" {...field('signatory_name')} />
        <TextField label="Cargo de quem assina" {...field('signatory_role')} />
        <button type="submit" className="btn btn-primary" disabled={busy}>
          Salvar
        </button>
      </form>
      <SignatureUpload
        className="mt-6"
        path="/api/admin/certificados/jornada/assinatura"
        hasSignature={settings.has_signature}
      />
    </section>
  )
}
