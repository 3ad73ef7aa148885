import { zodResolver } from '@hookform/resolvers/zod'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useNavigate, useRouterState } from '@tanstack/react-router'
import { Plus } from 'lucide'
import { useEffect, useState } from 'react'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import {
  type AdminClass,
  AdminClassPage,
  AdminClass as AdminClassSchema,
  AdminOptions,
  ClassInput,
} from '../../../../worker/contract/admin-catalog.ts'
import { Icon } from '../../components/icons.tsx'
import { confirm } from '../../lib/confirm.tsx'
import { formatDateLong } from '../../lib/date.ts'
import { TextField } from '../../lib/form-field.tsx'
import { FormModal, openModal } from '../../lib/form-modal.tsx'
import { formatBRL } from '../../lib/money.ts'
import { toastError, toastSuccess } from '../../lib/toast.ts'
import { adminQuery, formSchema, send, useRefreshAdmin, withQuery } from './admin-api.ts'
import { MoneyField } from './money-field.tsx'
import {
  AdminPage,
  Badge,
  CheckboxField,
  DataTable,
  EmptyRow,
  Pagination,
  QueryState,
  SelectField,
  TD,
  TextAreaField,
  TH,
  usePage,
} from './ui.tsx'
import { useModalSave } from './use-modal-save.ts'

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

function ClassModal({
  turma,
  courseId,
  courses,
}: {
  turma: AdminClass | null
  courseId: number | null
  courses: AdminOptions['courses']
}) {
  const save = useModalSave(MODAL_ID)
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    watch,
    formState: { errors },
  } = useForm<Values>({ resolver: zodResolver(ClassForm) as never })
  useEffect(() => reset(valuesOf(turma, courseId)), [turma, courseId, reset])
  const type = watch('type')
  const submit = (mode: 'store' | 'update') =>
    handleSubmit((values) => {
      const body = values as unknown as z.output<typeof ClassForm>
      return save(
        mode,
        () =>
          turma
            ? send(
                'PUT',
                `/api/admin/turmas/${turma.id}`,
                { ...body, version: turma.version },
                AdminClassSchema,
              )
            : send('POST', '/api/admin/turmas', body, AdminClassSchema),
        {
          success: turma ? 'Turma atualizada com sucesso!' : 'Turma cadastrada com sucesso!',
          setError: setError as never,
        },
      )
    })()
  return (
    <FormModal
      id={MODAL_ID}
      title={turma ? `Editar turma: ${turma.name}` : 'Nova turma'}
      onStore={() => void submit('store')}
      onUpdate={() => void submit('update')}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Curso"
          className="sm:col-span-2"
          error={errors.course_id?.message}
          {...register('course_id')}
        >
          <option value="">Escolha o curso</option>
          {courses.map((course) => (
            <option key={course.id} value={course.id}>
              {course.name}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Nome da turma"
          className="sm:col-span-2"
          error={errors.name?.message}
          {...register('name')}
        />
        <SelectField label="Tipo" error={errors.type?.message} {...register('type')}>
          <option value="N">Com data de início</option>
          <option value="C">Comece agora</option>
        </SelectField>
        {type === 'N' ? (
          <TextField
            label="Início"
            type="date"
            error={errors.course_init?.message}
            {...register('course_init')}
          />
        ) : (
          <div />
        )}
        <MoneyField control={control} name="price" label="Preço" error={errors.price?.message} />
        <TextField
          label="Parcelas (máximo)"
          type="number"
          min={1}
          max={12}
          inputMode="numeric"
          error={errors.instalment_times?.message}
          {...register('instalment_times', { valueAsNumber: true })}
        />
        <MoneyField
          control={control}
          name="student_price"
          label="Preço de estudante"
          hint="Com o documento de estudante, quando o desconto se aplica."
          error={errors.student_price?.message}
        />
        <div className="flex flex-col justify-end">
          <CheckboxField label="Desconto de estudante" {...register('student_discount')} />
        </div>
        <CheckboxField label="Aceita boleto" {...register('boleto')} />
        <CheckboxField label="Inscrições abertas" {...register('is_open')} />
        <TextField
          label="Vagas"
          hint="Vazio: sem limite."
          inputMode="numeric"
          error={errors.seats?.message}
          {...register('seats')}
        />
        <TextField label="Local" error={errors.location?.message} {...register('location')} />
        <TextAreaField
          label="Detalhes (turma presencial)"
          hint="Horários, o que levar, como chegar. Markdown simples."
          rows={4}
          className="sm:col-span-2"
          error={errors.details?.message}
          {...register('details')}
        />
      </div>
    </FormModal>
  )
}

/** The course chosen by ?curso=ID (a link from the course screen), or by the select. */
function useCourseParam(): [number | null, (id: number | null) => void] {
  const navigate = useNavigate()
  const raw = useRouterState({ select: (state) => (state.location.search as Record<string, unknown>).curso })
  const id = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : null
  // The admin routes declare no search schema (the public route tree stays light): untyped here.
  const set = (next: number | null) =>
    void navigate({ to: '/admin/turmas', search: (next ? { curso: next } : {}) as never })
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
  const [editing, setEditing] = useState<AdminClass | null>(null)
  const refresh = useRefreshAdmin()
  const options = useQuery(adminQuery(['options'], '/api/admin/opcoes', AdminOptions))
  const [page, setPage] = usePage(String(courseId))
  const query = useQuery({
    ...adminQuery(
      ['classes', { courseId, page }],
      withQuery('/api/admin/turmas', { course_id: courseId, page, per_page: 20 }),
      AdminClassPage,
    ),
    placeholderData: keepPreviousData,
  })

  async function remove(turma: AdminClass) {
    if (!(await confirm())) return
    try {
      await send('DELETE', `/api/admin/turmas/${turma.id}`)
      void toastSuccess('Turma excluída.')
    } catch (error) {
      void toastError(error)
    }
    await refresh()
  }

  async function toggleOpen(turma: AdminClass) {
    if (turma.is_open && !(await confirm())) return
    try {
      await send('PUT', `/api/admin/turmas/${turma.id}`, {
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
      })
      void toastSuccess(turma.is_open ? 'Inscrições fechadas.' : 'Inscrições abertas.')
    } catch (error) {
      void toastError(error)
    }
    await refresh()
  }

  return (
    <AdminPage
      title="Turmas"
      description="Preço, preço de estudante, boleto, parcelas, data de início ou 'comece agora', vagas e inscrições."
    >
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <SelectField
          label="Curso"
          value={courseId ?? ''}
          onChange={(event) => setCourseId(event.target.value ? Number(event.target.value) : null)}
        >
          <option value="">Todos os cursos</option>
          {options.data?.courses.map((course) => (
            <option key={course.id} value={course.id}>
              {course.name}
            </option>
          ))}
        </SelectField>
        <button
          type="button"
          className="btn btn-primary ml-auto"
          onClick={() => {
            setEditing(null)
            openModal(MODAL_ID, 'store')
          }}
        >
          <Icon drawing={Plus} className="size-4" />
          Nova turma
        </button>
      </div>
      <QueryState query={query}>
        {(data) => (
          <>
            <DataTable label="Turmas">
              <thead>
                <tr>
                  <th scope="col" className={TH}>
                    Turma
                  </th>
                  <th scope="col" className={TH}>
                    Início
                  </th>
                  <th scope="col" className={TH}>
                    Preço
                  </th>
                  <th scope="col" className={TH}>
                    Pagamento
                  </th>
                  <th scope="col" className={TH}>
                    Vagas
                  </th>
                  <th scope="col" className={TH}>
                    Inscrições
                  </th>
                  <th scope="col" className={TH}>
                    Ações
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.items.length === 0 ? (
                  <EmptyRow columns={7}>Nenhuma turma ainda.</EmptyRow>
                ) : (
                  data.items.map((turma) => (
                    <tr key={turma.id}>
                      <td className={TD}>
                        <p className="font-medium">{turma.name}</p>
                        <p className="text-slate-600 text-xs">{turma.course_name}</p>
                      </td>
                      <td className={TD}>
                        {turma.type === 'N' && turma.course_init
                          ? formatDateLong(turma.course_init)
                          : 'comece agora'}
                      </td>
                      <td className={`${TD} whitespace-nowrap`}>
                        {formatBRL(turma.price)}
                        {turma.student_discount === 'A' && turma.student_price !== null ? (
                          <span className="block text-slate-600 text-xs">
                            estudante: {formatBRL(turma.student_price)}
                          </span>
                        ) : null}
                      </td>
                      <td className={TD}>
                        até {turma.instalment_times}x{turma.boleto ? ', boleto' : ''}
                      </td>
                      <td className={`${TD} whitespace-nowrap`}>
                        <SeatsCell turma={turma} />
                      </td>
                      <td className={TD}>
                        {turma.is_open ? <Badge tone="green">abertas</Badge> : <Badge>fechadas</Badge>}
                      </td>
                      <td className={TD}>
                        <div className="flex flex-wrap gap-2">
                          <button
                            type="button"
                            className="btn btn-outline"
                            onClick={() => {
                              setEditing(turma)
                              openModal(MODAL_ID, 'update')
                            }}
                          >
                            Editar<span className="sr-only"> {turma.name}</span>
                          </button>
                          <button
                            type="button"
                            className="btn btn-outline"
                            onClick={() => void toggleOpen(turma)}
                          >
                            {turma.is_open ? 'Fechar inscrições' : 'Abrir inscrições'}
                            <span className="sr-only"> de {turma.name}</span>
                          </button>
                          {turma.orders === 0 && turma.enrolled === 0 ? (
                            <button
                              type="button"
                              className="btn btn-outline"
                              onClick={() => void remove(turma)}
                            >
                              Excluir<span className="sr-only"> {turma.name}</span>
                            </button>
                          ) : null}
                        </div>
                      </td>
                    </tr>
                  ))
                )}
              </tbody>
            </DataTable>
            <Pagination page={page} perPage={20} total={data.total} onPage={setPage} label="turmas" />
          </>
        )}
      </QueryState>
      <ClassModal turma={editing} courseId={courseId} courses={options.data?.courses ?? []} />
    </AdminPage>
  )
}
