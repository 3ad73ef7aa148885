import { useQuery } from '@tanstack/react-query'
import { Eye, EyeOff, Pencil, Plus, Trash2 } from 'lucide'
import { useState } from 'react'
import { useFieldArray } from 'react-hook-form'
import { z } from 'zod'
import {
  AdminAssessment,
  type AdminQuestion,
  type AssessmentSettings,
  AssessmentSettingsInput,
  QuestionInput,
} from '../../../../worker/contract/admin-assessment.ts'
import { ASSESSMENT_LIMITS } from '../../../../worker/domain/assessment.ts'
import { Icon } from '../../components/icons.tsx'
import { TextField } from '../../lib/form-field.tsx'
import { adminQuery, send, useAdminAction } from './admin-api.ts'
import { CheckboxField } from './fields.tsx'
import { type FormDescription, ResourceForm } from './form-fields.tsx'
import { IconButton } from './icon-button.tsx'
import { QueryState } from './page.tsx'
import { type ModalFormOf, useEditor } from './resource-form.ts'
import { Badge } from './table.tsx'
import { useCheckedSave } from './use-checked-save.ts'

// A course's final assessment where its content is edited (issue 39): the settings, then the
// question bank (create, edit, take out of the draws).

const QUESTION_MODAL_ID = 'admin-questao'

/** The course's assessment: its settings and its question bank. */
export function CourseAssessment({ courseId }: { courseId: number }) {
  const query = useQuery(
    adminQuery(['assessment', courseId], `/api/admin/cursos/${courseId}/avaliacao`, AdminAssessment),
  )
  return (
    <section aria-labelledby="avaliacao-titulo">
      <h3 id="avaliacao-titulo" className="font-semibold text-lg text-slate-900">
        Avaliação final
      </h3>
      <p className="mt-1 text-slate-700 text-sm">
        Ativada, o certificado do curso pede aprovação nela. As questões são sorteadas a cada tentativa; o
        aluno só vê as respostas certas depois de aprovado.
      </p>
      <QueryState query={query} loading="Carregando a avaliação...">
        {(assessment) => (
          <div className="mt-4 space-y-6">
            <SettingsForm
              key={assessment.settings.version}
              courseId={courseId}
              settings={assessment.settings}
            />
            <QuestionBank
              courseId={courseId}
              questions={assessment.questions}
              settings={assessment.settings}
            />
          </div>
        )}
      </QueryState>
    </section>
  )
}

type SettingsValues = Record<
  'exam_size' | 'pass_percent' | 'max_attempts' | 'wait_hours' | 'time_limit_minutes',
  string
> & { is_enabled: boolean }

const NUMBER_FIELDS = [
  ['exam_size', 'Questões por tentativa', 'Sorteadas do banco a cada tentativa.'],
  ['pass_percent', 'Nota mínima (%)', 'A nota é arredondada para baixo: 6 de 9 são 66%.'],
  ['max_attempts', 'Tentativas', undefined],
  ['wait_hours', 'Espera após a segunda reprovação (horas)', 'Entre cada tentativa seguinte. 0: sem espera.'],
  ['time_limit_minutes', 'Tempo limite (minutos)', 'Em branco: sem tempo limite.'],
] as const

function SettingsForm({ courseId, settings }: { courseId: number; settings: AssessmentSettings }) {
  const [values, setValues] = useState<SettingsValues>({
    is_enabled: settings.is_enabled,
    exam_size: String(settings.exam_size),
    pass_percent: String(settings.pass_percent),
    max_attempts: String(settings.max_attempts),
    wait_hours: String(settings.wait_hours),
    time_limit_minutes: settings.time_limit_minutes === null ? '' : String(settings.time_limit_minutes),
  })
  const { errors, busy, save } = useCheckedSave(
    AssessmentSettingsInput,
    `/api/admin/cursos/${courseId}/avaliacao`,
    {
      success: 'Avaliação final salva.',
      failure: 'Erro ao salvar a avaliação.',
    },
  )
  const number = (text: string) => (text.trim() === '' ? Number.NaN : Number(text))
  const input = () => ({
    is_enabled: values.is_enabled,
    exam_size: number(values.exam_size),
    pass_percent: number(values.pass_percent),
    max_attempts: number(values.max_attempts),
    wait_hours: number(values.wait_hours),
    time_limit_minutes: values.time_limit_minutes.trim() === '' ? null : number(values.time_limit_minutes),
    version: settings.version,
  })

  return (
    <form
      aria-label="Configurações da avaliação final"
      className="rounded-xl border border-slate-200 bg-white p-4"
      onSubmit={(event) => {
        event.preventDefault()
        void save(input())
      }}
    >
      <CheckboxField
        label="Avaliação final ativada"
        hint={`Precisa de ao menos tantas questões ativas quantas uma tentativa sorteia (há ${settings.active_questions}).`}
        checked={values.is_enabled}
        aria-invalid={errors.is_enabled ? true : undefined}
        aria-describedby={errors.is_enabled ? 'avaliacao-ativada-erro' : undefined}
        onChange={(event) => setValues((current) => ({ ...current, is_enabled: event.target.checked }))}
      />
      {errors.is_enabled ? (
        <p id="avaliacao-ativada-erro" className="font-medium text-red-700 text-sm">
          {errors.is_enabled}
        </p>
      ) : null}
      <div className="mt-3 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {NUMBER_FIELDS.map(([name, label, hint]) => (
          <TextField
            key={name}
            label={label}
            hint={hint}
            type="number"
            inputMode="numeric"
            min={ASSESSMENT_LIMITS[ASSESSMENT_LIMIT_OF[name]].min}
            max={ASSESSMENT_LIMITS[ASSESSMENT_LIMIT_OF[name]].max}
            value={values[name]}
            error={errors[name]}
            onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
          />
        ))}
      </div>
      <button type="submit" className="btn btn-primary mt-4" disabled={busy} aria-busy={busy}>
        Salvar avaliação
      </button>
    </form>
  )
}

const ASSESSMENT_LIMIT_OF = {
  exam_size: 'examSize',
  pass_percent: 'passPercent',
  max_attempts: 'maxAttempts',
  wait_hours: 'waitHours',
  time_limit_minutes: 'timeLimitMinutes',
} as const

/** A question as the API takes it back (to change only whether it is active). */
const inputOf = (question: AdminQuestion) => ({
  prompt: question.prompt,
  options: question.options,
  explanation: question.explanation,
  is_active: question.is_active,
})

function QuestionBank({
  courseId,
  questions,
  settings,
}: {
  courseId: number
  questions: AdminQuestion[]
  settings: AssessmentSettings
}) {
  const editor = useEditor<AdminQuestion>(QUESTION_MODAL_ID)
  const act = useAdminAction()
  const short = settings.is_enabled && settings.active_questions < settings.exam_size
  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h4 className="font-semibold text-slate-900">
          Banco de questões ({settings.active_questions}{' '}
          {settings.active_questions === 1 ? 'ativa' : 'ativas'})
        </h4>
        <button type="button" className="btn btn-outline" onClick={editor.create}>
          <Icon drawing={Plus} className="size-4" />
          Nova questão
        </button>
      </div>
      {short ? (
        <p className="mt-2 rounded-lg bg-amber-50 px-3 py-2 text-amber-950 text-sm" role="note">
          Cada tentativa sorteia {settings.exam_size} questões, mas só há {settings.active_questions} ativas:
          as tentativas terão {settings.active_questions}.
        </p>
      ) : null}
      {questions.length === 0 ? (
        <p className="mt-3 text-slate-700">Nenhuma questão ainda.</p>
      ) : (
        <ol className="mt-3 space-y-3">
          {questions.map((question, index) => (
            <li key={question.id} className="rounded-xl border border-slate-200 bg-white p-4">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <p className="font-medium text-slate-900">
                  {index + 1}. {question.prompt}{' '}
                  {question.is_active ? null : <Badge tone="amber">fora dos sorteios</Badge>}
                </p>
                <span className="flex gap-1">
                  <IconButton
                    icon={Pencil}
                    label={`Editar a questão ${index + 1}`}
                    onClick={() => editor.edit(question)}
                  />
                  <IconButton
                    icon={question.is_active ? EyeOff : Eye}
                    label={`${question.is_active ? 'Desativar' : 'Reativar'} a questão ${index + 1}`}
                    onClick={() =>
                      void act(
                        () =>
                          send('PUT', `/api/admin/avaliacao/questoes/${question.id}`, {
                            ...inputOf(question),
                            is_active: !question.is_active,
                            version: question.version,
                          }),
                        {
                          success: question.is_active ? 'Questão desativada.' : 'Questão reativada.',
                          confirmFirst: question.is_active,
                        },
                      )
                    }
                  />
                </span>
              </div>
              <ul className="mt-2 space-y-1 text-slate-800 text-sm">
                {question.options.map((option) => (
                  <li key={option.text} className={option.is_correct ? 'font-semibold text-teal-900' : ''}>
                    {option.is_correct ? '✓ ' : '· '}
                    {option.text}
                    {option.is_correct ? <span className="sr-only"> (correta)</span> : null}
                  </li>
                ))}
              </ul>
              {question.explanation ? (
                <p className="mt-2 text-slate-600 text-sm">Explicação: {question.explanation}</p>
              ) : null}
            </li>
          ))}
        </ol>
      )}
      <ResourceForm description={questionForm(courseId)} item={editor.editing} />
    </div>
  )
}

type QuestionValues = {
  prompt: string
  options: { text: string }[]
  /** The right option's position, as the radio's value ('' while none is marked). */
  correct: string
  explanation: string
  is_active: boolean
}

/** The modal's values as the API takes them, checked by the API's own schema (its messages). */
const QuestionForm = z
  .object({
    prompt: z.string(),
    options: z.array(z.object({ text: z.string() })),
    correct: z.string(),
    explanation: z.string(),
    is_active: z.boolean(),
  })
  .transform(
    (values): z.input<typeof QuestionInput> => ({
      prompt: values.prompt,
      options: values.options.map((option, index) => ({
        text: option.text,
        is_correct: String(index) === values.correct,
      })),
      explanation: values.explanation,
      is_active: values.is_active,
    }),
  )
  .pipe(QuestionInput)

const EMPTY_OPTIONS = [{ text: '' }, { text: '' }, { text: '' }, { text: '' }]

/** The question's alternatives: 2 to 5 rows, each with its text, a radio for the right one and a remove button. */
function OptionsFieldset({ form }: { form: ModalFormOf<QuestionValues> }) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'options' })
  const optionErrors = form.errors.options
  const listError = optionErrors?.message ?? optionErrors?.root?.message

  function removeOption(index: number) {
    const correct = form.getValues('correct')
    if (correct !== '') {
      const marked = Number(correct)
      form.setValue('correct', marked === index ? '' : String(marked > index ? marked - 1 : marked))
    }
    remove(index)
  }

  return (
    <fieldset aria-describedby={listError ? 'alternativas-erro' : undefined}>
      <legend className="mb-1 font-medium text-slate-800 text-sm">
        Alternativas (de {ASSESSMENT_LIMITS.options.min} a {ASSESSMENT_LIMITS.options.max}; marque a correta)
      </legend>
      <ol className="space-y-2">
        {fields.map((field, index) => (
          <li key={field.id} className="flex items-start gap-2">
            <input
              type="radio"
              value={String(index)}
              aria-label={`Alternativa ${index + 1} é a correta`}
              className="mt-10 size-4 shrink-0 accent-teal-700"
              {...form.register('correct')}
            />
            <TextField
              label={`Alternativa ${index + 1}`}
              className="flex-1"
              error={optionErrors?.[index]?.text?.message}
              {...form.register(`options.${index}.text`)}
            />
            <span className="mt-7">
              <IconButton
                icon={Trash2}
                label={`Remover a alternativa ${index + 1}`}
                disabled={fields.length <= ASSESSMENT_LIMITS.options.min}
                onClick={() => removeOption(index)}
              />
            </span>
          </li>
        ))}
      </ol>
      {listError ? (
        <p id="alternativas-erro" className="mt-1 font-medium text-red-700 text-sm">
          {listError}
        </p>
      ) : null}
      <button
        type="button"
        className="btn btn-soft mt-2"
        disabled={fields.length >= ASSESSMENT_LIMITS.options.max}
        onClick={() => append({ text: '' })}
      >
        <Icon drawing={Plus} className="size-4" />
        Mais uma alternativa
      </button>
    </fieldset>
  )
}

const questionValuesOf = (item: AdminQuestion | null): QuestionValues => ({
  prompt: item?.prompt ?? '',
  options: item ? item.options.map((option) => ({ text: option.text })) : EMPTY_OPTIONS,
  correct: item ? String(item.options.findIndex((option) => option.is_correct)) : '',
  explanation: item?.explanation ?? '',
  is_active: item?.is_active ?? true,
})

/** A question of the course's bank: its prompt, its alternatives, the explanation, whether it is drawn. */
const questionForm = (courseId: number): FormDescription<QuestionValues, AdminQuestion> => ({
  modalId: QUESTION_MODAL_ID,
  schema: QuestionForm,
  valuesOf: questionValuesOf,
  path: '/api/admin/avaliacao/questoes',
  createPath: `/api/admin/cursos/${courseId}/avaliacao/questoes`,
  success: 'Questão salva.',
  failure: 'Erro ao salvar a questão.',
  title: (question) => (question ? 'Editar questão' : 'Nova questão'),
  fields: [
    { kind: 'textarea', name: 'prompt', label: 'Enunciado', rows: 3 },
    { kind: 'part', key: 'options', render: (form) => <OptionsFieldset form={form} /> },
    {
      kind: 'textarea',
      name: 'explanation',
      label: 'Explicação (opcional)',
      hint: 'Mostrada só a quem foi aprovado, na revisão da tentativa.',
      rows: 3,
    },
    { kind: 'checkbox', name: 'is_active', label: 'Ativa (entra nos sorteios)' },
  ],
})
