import { useEffect, useState } from 'react'
import { z } from 'zod'
import {
  type AdminCourse,
  AdminCourse as AdminCourseSchema,
  COURSE_SECTION_LABELS,
  CourseInput,
  UrlAvailability,
} from '../../../../worker/contract/admin-catalog.ts'
import { COURSE_SECTIONS } from '../../../../worker/domain/catalog.ts'
import { slugify } from '../../../../worker/domain/short-links.ts'
import { TextField } from '../../lib/form-field.tsx'
import { FormModal } from '../../lib/form-modal.tsx'
import { fetchAdmin, useAdminOptions, withQuery } from './admin-api.ts'
import { CheckboxField, EnumOptions, SelectField, TextAreaField } from './fields.tsx'
import { useResourceForm } from './resource-form.ts'

export const COURSE_MODAL_ID = 'admin-curso'

const CourseForm = CourseInput.extend({
  ebook_ids: z.preprocess(
    (ids) => (Array.isArray(ids) ? ids : []),
    z.array(z.coerce.number().int().positive()),
  ),
})

type Values = {
  name: string
  url: string
  section: (typeof COURSE_SECTIONS)[number]
  summary: string
  description: string
  workload_hours: number | null
  sort_order: number
  is_published: boolean
  /** Checkbox values are text; the schema turns them into ids. */
  ebook_ids: string[]
}

const EMPTY: Values = {
  name: '',
  url: '',
  section: 'online',
  summary: '',
  description: '',
  workload_hours: null,
  sort_order: 0,
  is_published: true,
  ebook_ids: [],
}

const valuesOf = (course: AdminCourse | null): Values =>
  course
    ? {
        name: course.name,
        url: course.url,
        section: course.section,
        summary: course.summary,
        description: course.description,
        workload_hours: course.workload_hours,
        sort_order: course.sort_order,
        is_published: course.is_published,
        ebook_ids: course.ebook_ids.map(String),
      }
    : EMPTY

const numberOrNull = (value: unknown) =>
  value === '' || value === null || Number.isNaN(value) ? null : Number(value)

/** The shared form modal for a course: 'Cadastrar' a new one, 'Atualizar' one being edited. */
export function CourseFormModal({
  course,
  onSaved,
}: {
  course: AdminCourse | null
  onSaved: (course: AdminCourse) => void
}) {
  const options = useAdminOptions()
  const [urlTouched, setUrlTouched] = useState(course !== null)
  const [urlMessage, setUrlMessage] = useState<string | null>(null)
  const { register, setValue, errors, modal } = useResourceForm<Values, AdminCourse, AdminCourse>({
    modalId: COURSE_MODAL_ID,
    item: course,
    schema: CourseForm,
    valuesOf,
    path: '/api/admin/cursos',
    success: course ? 'Curso atualizado com sucesso!' : 'Curso cadastrado com sucesso!',
    failure: 'Erro ao salvar o curso.',
    answer: AdminCourseSchema,
    onSaved,
  })

  useEffect(() => {
    setUrlTouched(course !== null)
    setUrlMessage(null)
  }, [course])

  async function checkUrl(url: string) {
    if (!url) return setUrlMessage(null)
    try {
      const answer = await fetchAdmin(
        withQuery('/api/admin/cursos/disponibilidade', { url, except: course?.id }),
        UrlAvailability,
      )
      setUrlMessage(answer.available ? 'Endereço livre.' : answer.message)
    } catch {
      setUrlMessage(null)
    }
  }

  return (
    <FormModal {...modal} title={course ? `Editar curso: ${course.name}` : 'Novo curso'}>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Nome do curso"
          className="sm:col-span-2"
          error={errors.name?.message}
          {...register('name', {
            // The address follows the name as it is typed, until the admin writes one of their own.
            onChange: (event) => {
              if (!urlTouched) setValue('url', slugify(event.target.value ?? '', 160))
            },
          })}
        />
        <TextField
          label="Endereço (url)"
          hint={urlMessage ?? 'A página fica em /cursos/{endereço}.'}
          className="sm:col-span-2"
          error={errors.url?.message}
          autoComplete="off"
          {...register('url', {
            onChange: () => setUrlTouched(true),
            onBlur: (event) => void checkUrl(event.target.value),
          })}
        />
        <SelectField label="Seção" error={errors.section?.message} {...register('section')}>
          <EnumOptions values={COURSE_SECTIONS} labels={COURSE_SECTION_LABELS} />
        </SelectField>
        <TextField
          label="Carga horária (horas)"
          type="number"
          inputMode="numeric"
          min={1}
          error={errors.workload_hours?.message}
          {...register('workload_hours', { setValueAs: numberOrNull })}
        />
        <TextField
          label="Título da descrição"
          hint="Frase curta sob o nome, nas listas e no topo da página."
          className="sm:col-span-2"
          error={errors.summary?.message}
          {...register('summary')}
        />
        <TextAreaField
          label="Descrição"
          hint="Texto da página do curso: ## para títulos, - para listas."
          rows={8}
          className="sm:col-span-2"
          error={errors.description?.message}
          {...register('description')}
        />
        <TextField
          label="Ordem na seção"
          type="number"
          inputMode="numeric"
          min={0}
          error={errors.sort_order?.message}
          {...register('sort_order', { valueAsNumber: true })}
        />
        <div className="sm:col-span-2">
          <CheckboxField label="Publicado no site" {...register('is_published')} />
        </div>
        <fieldset className="sm:col-span-2">
          <legend className="mb-1 font-medium text-slate-800 text-sm">
            E-books que o curso dá aos alunos
          </legend>
          {options.data ? (
            options.data.ebooks.length === 0 ? (
              <p className="text-slate-700 text-sm">Nenhum e-book cadastrado.</p>
            ) : (
              <div className="max-h-40 overflow-y-auto rounded-lg border border-slate-200 px-3 py-1">
                {options.data.ebooks.map((ebook) => (
                  <CheckboxField
                    key={ebook.id}
                    label={ebook.title}
                    value={ebook.id}
                    {...register('ebook_ids')}
                  />
                ))}
              </div>
            )
          ) : (
            <p className="text-slate-700 text-sm" role="status">
              Carregando e-books...
            </p>
          )}
          {errors.ebook_ids?.message ? (
            <p className="mt-1 font-medium text-red-700 text-sm">{errors.ebook_ids.message}</p>
          ) : null}
        </fieldset>
      </div>
    </FormModal>
  )
}
