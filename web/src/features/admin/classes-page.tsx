import { useNavigate, useRouterState } from '@tanstack/react-router'
import { useCallback } from 'react'
import { z } from 'zod'
import {
  type AdminClass,
  AdminClassPage,
  AdminClass as AdminClassSchema,
  type AdminOptions,
  ClassInput,
} from '../../../../worker/contract/admin-catalog.ts'
import { formatDateLong } from '../../lib/date.ts'
import { formatBRL } from '../../lib/money.ts'
import { formSchema, send, useAdminAction, useAdminList, useAdminOptions } from './admin-api.ts'
import { CheckboxField, FilterSelect, RecordOptions } from './fields.tsx'
import { type FormDescription, INSTALMENTS, ResourceForm } from './form-fields.tsx'
import { AdminPage } from './page.tsx'
import { useEditor } from './resource-form.ts'
import { ResourceList } from './resource-list.tsx'
import { Badge, TwoLines } from './table.tsx'
import { NewButton, Toolbar } from './toolbar.tsx'

const MODAL_ID = 'admin-turma'

type Values = {
  course_id: string
  name: string
  type: 'N' | 'C'
  course_init: string
  location: string
  details: string
  price: number | null
  student_price: number | null
  student_discount: boolean
  boleto: boolean
  instalment_times: number
  is_open: boolean
  seats: string
}

const ClassForm = formSchema(
  z.object({
    course_id: z.string().transform(Number),
    name: z.string(),
    type: z.enum(['N', 'C']),
    course_init: z.string().transform((value) => value || null),
    location: z.string().transform((value) => value.trim() || null),
    details: z.string(),
    price: z.number().nullable(),
    student_price: z.number().nullable(),
    student_discount: z.boolean().transform((on) => (on ? 'A' : 'N') as 'A' | 'N'),
    boleto: z.boolean(),
    instalment_times: z.number(),
    is_open: z.boolean(),
    seats: z.string().transform((value) => (value ? Number(value) : null)),
  }),
  ClassInput,
)

function valuesOf(turma: AdminClass | null, courseId: number | null): Values {
  return {
    course_id: String(turma?.course_id ?? courseId ?? ''),
    name: turma?.name ?? '',
    type: turma?.type ?? 'N',
    course_init: turma?.course_init ?? '',
    location: turma?.location ?? '',
    details: turma?.details ?? '',
    price: turma?.price ?? null,
    student_price: turma?.student_price ?? null,
    student_discount: turma?.student_discount === 'A',
    boleto: turma?.boleto ?? true,
    instalment_times: turma?.instalment_times ?? 12,
    is_open: turma?.is_open ?? true,
    seats: turma?.seats ? String(turma.seats) : '',
  }
}

/** The class's form: its course, name and kind, prices and instalments, seats, place and details. */
const classForm = (
  courses: AdminOptions['courses'],
  values: (item: AdminClass | null) => Values,
): FormDescription<Values, AdminClass, AdminClass> => ({
  modalId: MODAL_ID,
  schema: ClassForm,
  valuesOf: values,
  path: '/api/admin/turmas',
  success: (turma) => (turma ? 'Turma atualizada com sucesso!' : 'Turma cadastrada com sucesso!'),
  answer: AdminClassSchema,
  title: (turma) => (turma ? `Editar turma: ${turma.name}` : 'Nova turma'),
  twoColumns: true,
  fields: [
    {
      kind: 'select',
      name: 'course_id',
      label: 'Curso',
      wide: true,
      choices: (
        <>
          <option value="">Escolha o curso</option>
          <RecordOptions records={courses} name={(course) => course.name} />
        </>
      ),
    },
    { name: 'name', label: 'Nome da turma', wide: true },
    {
      kind: 'select',
      name: 'type',
      label: 'Tipo',
      choices: (
        <>
          <option value="N">Com data de início</option>
          <option value="C">Comece agora</option>
        </>
      ),
    },
    {
      name: 'course_init',
      label: 'Início',
      input: { type: 'date' },
      shownIf: (form) => form.watch('type') === 'N',
    },
    { kind: 'money', name: 'price', label: 'Preço' },
    INSTALMENTS,
    {
      kind: 'money',
      name: 'student_price',
      label: 'Preço de estudante',
      hint: 'Com o documento de estudante, quando o desconto se aplica.',
    },
    {
      kind: 'part',
      key: 'student_discount',
      render: (form) => (
        <div className="flex flex-col justify-end">
          <CheckboxField label="Desconto de estudante" {...form.register('student_discount')} />
        </div>
      ),
    },
    { kind: 'checkbox', name: 'boleto', label: 'Aceita boleto' },
    { kind: 'checkbox', name: 'is_open', label: 'Inscrições abertas' },
    { name: 'seats', label: 'Vagas', hint: 'Vazio: sem limite.', input: { inputMode: 'numeric' } },
    { name: 'location', label: 'Local' },
    {
      kind: 'textarea',
      name: 'details',
      label: 'Detalhes (turma presencial)',
      hint: 'Horários, o que levar, como chegar. Markdown simples.',
      rows: 4,
      wide: true,
    },
  ],
})

function ClassModal({
  turma,
  courseId,
  courses,
}: {
  turma: AdminClass | null
  courseId: number | null
  courses: AdminOptions['courses']
}) {
  // A new class starts in the course the screen shows.
  const values = useCallback((item: AdminClass | null) => valuesOf(item, courseId), [courseId])
  return <ResourceForm description={classForm(courses, values)} item={turma} />
}

/** The course chosen by ?curso=ID (a link from the course screen), or by the select. */
function useCourseParam(): [number | null, (id: number | null) => void] {
  const navigate = useNavigate()
  const raw = useRouterState({ select: (state) => (state.location.search as Record<string, unknown>).curso })
  const id = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : null
  // The admin routes declare no search schema (the public route tree stays light): untyped here.
  const set = (next: number | null) =>
    void navigate({
      to: '/admin/$section',
      params: { section: 'turmas' },
      search: (next ? { curso: next } : {}) as never,
    })
  return [id, set]
}

/** Taken (paid and manual), held (pending boletos and PIX) and free seats; an oversold class says by how many. */
function SeatsCell({ turma }: { turma: AdminClass }) {
  const free = turma.seats_free
  return (
    <>
      <p className="font-medium">{turma.seats === null ? 'sem limite' : `${turma.seats} vagas`}</p>
      <p className="text-slate-600 text-xs">
        {turma.seats_taken} ocupadas · {turma.seats_held} reservadas
        {free !== null && free >= 0 ? ` · ${free} livres` : ''}
      </p>
      {free !== null && free < 0 ? <Badge tone="red">excedida em {-free}</Badge> : null}
    </>
  )
}

/** /admin/turmas: a course's classes: price, student price, boleto, instalments, dates, seats. */
export default function ClassesPage() {
  const [courseId, setCourseId] = useCourseParam()
  const { editing, create, edit } = useEditor<AdminClass>(MODAL_ID)
  const act = useAdminAction()
  const options = useAdminOptions()
  const list = useAdminList('classes', '/api/admin/turmas', { course_id: courseId }, AdminClassPage)

  const toggleOpen = (turma: AdminClass) =>
    act(
      () =>
        send('PUT', `/api/admin/turmas/${turma.id}`, {
          course_id: turma.course_id,
          name: turma.name,
          type: turma.type,
          course_init: turma.course_init,
          location: turma.location,
          details: turma.details,
          price: turma.price,
          student_price: turma.student_price,
          student_discount: turma.student_discount,
          boleto: turma.boleto,
          instalment_times: turma.instalment_times,
          is_open: !turma.is_open,
          seats: turma.seats,
          version: turma.version,
        }),
      {
        success: turma.is_open ? 'Inscrições fechadas.' : 'Inscrições abertas.',
        confirmFirst: turma.is_open,
      },
    )

  return (
    <AdminPage
      title="Turmas"
      description="Preço, preço de estudante, boleto, parcelas, data de início ou 'comece agora', vagas e inscrições."
    >
      <Toolbar>
        <FilterSelect
          label="Curso"
          all="Todos os cursos"
          value={courseId ?? ''}
          onChange={(id) => setCourseId(id ? Number(id) : null)}
        >
          <RecordOptions records={options.data?.courses} name={(course) => course.name} />
        </FilterSelect>
        <NewButton label="Nova turma" onClick={create} />
      </Toolbar>
      <ResourceList
        list={list}
        description={{
          label: 'Turmas',
          empty: 'Nenhuma turma ainda.',
          pagesOf: 'turmas',
          columns: [
            {
              header: 'Turma',
              cell: (turma) => <TwoLines main={turma.name} detail={turma.course_name} />,
            },
            {
              header: 'Início',
              cell: (turma) =>
                turma.type === 'N' && turma.course_init ? formatDateLong(turma.course_init) : 'comece agora',
            },
            {
              header: 'Preço',
              className: 'whitespace-nowrap',
              cell: (turma) => (
                <>
                  {formatBRL(turma.price)}
                  {turma.student_discount === 'A' && turma.student_price !== null ? (
                    <span className="block text-slate-600 text-xs">
                      estudante: {formatBRL(turma.student_price)}
                    </span>
                  ) : null}
                </>
              ),
            },
            {
              header: 'Pagamento',
              cell: (turma) => `até ${turma.instalment_times}x${turma.boleto ? ', boleto' : ''}`,
            },
            { header: 'Vagas', className: 'whitespace-nowrap', cell: (turma) => <SeatsCell turma={turma} /> },
            {
              header: 'Inscrições',
              cell: (turma) =>
                turma.is_open ? <Badge tone="green">abertas</Badge> : <Badge>fechadas</Badge>,
            },
          ],
          actions: (turma) => [
            { label: 'Editar', of: turma.name, onClick: () => edit(turma) },
            {
              label: turma.is_open ? 'Fechar inscrições' : 'Abrir inscrições',
              of: `de ${turma.name}`,
              onClick: () => void toggleOpen(turma),
            },
            {
              label: 'Excluir',
              of: turma.name,
              hidden: turma.orders !== 0 || turma.enrolled !== 0,
              onClick: () =>
                void act(() => send('DELETE', `/api/admin/turmas/${turma.id}`), {
                  success: 'Turma excluída.',
                }),
            },
          ],
        }}
      />
      <ClassModal turma={editing} courseId={courseId} courses={options.data?.courses ?? []} />
    </AdminPage>
  )
}
