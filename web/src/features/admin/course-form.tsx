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
import { CERTIFICATE_PLACEHOLDERS } from '../../../../worker/domain/certificate-text.ts'
import { DEFAULT_COURSE_SHARE } from '../../../../worker/domain/certificates.ts'
import { slugify } from '../../../../worker/domain/patterns.ts'
import { DEFAULT_WATCH_SHARE } from '../../../../worker/domain/study.ts'
import { fetchAdmin, useAdminOptions, withQuery } from './admin-api.ts'
import { EnumOptions } from './fields.tsx'
import { type FormDescription, ResourceForm } from './form-fields.tsx'
import { SignatureUpload } from './signature-upload.tsx'

export const COURSE_MODAL_ID = 'admin-curso'

const PLACEHOLDERS = Object.keys(CERTIFICATE_PLACEHOLDERS)
  .map((name) => `{${name}}`)
  .join(' ')

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
  certificate_share: number
  watch_share: number
  signatory_name: string
  signatory_role: string
  certificate_template: string
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
  certificate_share: DEFAULT_COURSE_SHARE,
  watch_share: DEFAULT_WATCH_SHARE,
  signatory_name: '',
  signatory_role: '',
  certificate_template: '',
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
        certificate_share: course.certificate_share,
        watch_share: course.watch_share,
        signatory_name: course.signatory_name ?? '',
        signatory_role: course.signatory_role ?? '',
        certificate_template: course.certificate_template,
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

  const description: FormDescription<Values, AdminCourse, AdminCourse> = {
    modalId: COURSE_MODAL_ID,
    schema: CourseForm,
    valuesOf,
    path: '/api/admin/cursos',
    success: (item) => (item ? 'Curso atualizado com sucesso!' : 'Curso cadastrado com sucesso!'),
    failure: 'Erro ao salvar o curso.',
    answer: AdminCourseSchema,
    onSaved,
    title: (item) => (item ? `Editar curso: ${item.name}` : 'Novo curso'),
    twoColumns: true,
    fields: [
      {
        name: 'name',
        label: 'Nome do curso',
        wide: true,
        // The address follows the name as it is typed, until the admin writes one of their own.
        options: (form) => ({
          onChange: (event) => {
            if (!urlTouched) form.setValue('url', slugify(event.target.value ?? '', 160))
          },
        }),
      },
      {
        name: 'url',
        label: 'Endereço (url)',
        hint: urlMessage ?? 'A página fica em /cursos/{endereço}.',
        wide: true,
        input: { autoComplete: 'off' },
        options: {
          onChange: () => setUrlTouched(true),
          onBlur: (event) => void checkUrl(event.target.value),
        },
      },
      {
        kind: 'select',
        name: 'section',
        label: 'Seção',
        choices: <EnumOptions values={COURSE_SECTIONS} labels={COURSE_SECTION_LABELS} />,
      },
      {
        name: 'workload_hours',
        label: 'Carga horária (horas)',
        input: { type: 'number', inputMode: 'numeric', min: 1 },
        options: { setValueAs: numberOrNull },
      },
      {
        name: 'summary',
        label: 'Título da descrição',
        hint: 'Frase curta sob o nome, nas listas e no topo da página.',
        wide: true,
      },
      {
        kind: 'textarea',
        name: 'description',
        label: 'Descrição',
        hint: 'Texto da página do curso: ## para títulos, - para listas.',
        rows: 8,
        wide: true,
      },
      {
        name: 'sort_order',
        label: 'Ordem na seção',
        input: { type: 'number', inputMode: 'numeric', min: 0 },
        options: { valueAsNumber: true },
      },
      { kind: 'checkbox', name: 'is_published', label: 'Publicado no site', wide: true },
      {
        kind: 'choices',
        name: 'ebook_ids',
        label: 'E-books que o curso dá aos alunos',
        loading: 'Carregando e-books...',
        empty: 'Nenhum e-book cadastrado.',
        wide: true,
        choices: options.data?.ebooks.map((ebook) => ({ id: ebook.id, label: ebook.title })),
      },
      {
        name: 'certificate_share',
        label: 'Aulas exigidas para o certificado (%)',
        hint: 'Parte das aulas que o aluno precisa concluir (de 1 a 100).',
        input: { type: 'number', inputMode: 'numeric', min: 1, max: 100 },
        options: { valueAsNumber: true },
      },
      {
        name: 'watch_share',
        label: 'Parte de cada vídeo a reproduzir (%)',
        hint: 'Uma videoaula conta como concluída quando o aluno reproduz esta parte dos seus segundos (de 1 a 100). Marcar "assistida" não conta.',
        input: { type: 'number', inputMode: 'numeric', min: 1, max: 100 },
        options: { valueAsNumber: true },
      },
      { name: 'signatory_name', label: 'Quem assina o certificado' },
      { name: 'signatory_role', label: 'Cargo de quem assina' },
      {
        kind: 'textarea',
        name: 'certificate_template',
        label: 'Texto do certificado',
        hint: `Marcadores: ${PLACEHOLDERS}. Em branco: o texto padrão.`,
        rows: 4,
        wide: true,
      },
      ...(course
        ? [
            {
              kind: 'part',
              key: 'signature',
              render: () => (
                <SignatureUpload
                  className="sm:col-span-2"
                  path={`/api/admin/cursos/${course.id}/assinatura`}
                  hasSignature={course.has_signature}
                />
              ),
            } as const,
          ]
        : []),
    ],
  }
  return <ResourceForm description={description} item={course} />
}
