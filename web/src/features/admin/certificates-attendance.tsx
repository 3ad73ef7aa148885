import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import {
  ADMIN_CERTIFICATE_MESSAGES,
  type BulkIssueResult,
  ClassAttendance,
  type InPersonClass,
  InPersonClassPage,
} from '../../../../worker/contract/admin-certificates.ts'
import { heldBackSummary } from '../../../../worker/domain/certificate-text.ts'
import { ATTENDANCE, type Attendance } from '../../../../worker/domain/certificates.ts'
import { adminQuery, send, useAdminList, useBusyRequest } from './admin-api.ts'
import { EnumOptions, SearchInput, SelectField } from './fields.tsx'
import { formatDay } from './format.ts'
import { QueryState } from './page.tsx'
import { type ListDescription, ResourceList } from './resource-list.tsx'
import { Badge, TwoLines } from './table.tsx'
import { FilterBar, useFilters } from './toolbar.tsx'
import { useFocusOnOpen } from './use-focus-on-open.ts'

// /admin/certificados?aba=presenca: an in-person class's attendance, and its certificates in one action.

export function AttendanceSection() {
  const { filters, set, params } = useFilters({ q: '' })
  const list = useAdminList('in-person-classes', '/api/admin/certificados/turmas', params, InPersonClassPage)
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
  const [marks, setMarks] = useState<Record<number, Attendance | ''>>(() =>
    Object.fromEntries(sheet.students.map((row) => [row.enrollment_id, row.attendance ?? ''])),
  )
  const { busy, run } = useBusyRequest()
  const path = `/api/admin/certificados/turmas/${sheet.class.id}`

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
              <TwoLines main={row.student.name} detail={row.student.email} wrap />
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
