import { z } from 'zod'
import { ASSESSMENT_LIMITS, ASSESSMENT_STATES } from '../domain/assessment.ts'
import { NamedRow, PersonRow, Version } from './admin.ts'

// The admin's side of a course's final assessment (issue 39, items 2 and 9): its settings, its
// question bank, and each student's attempts.

const {
  options: OPTIONS,
  examSize,
  passPercent,
  maxAttempts,
  waitHours,
  timeLimitMinutes,
} = ASSESSMENT_LIMITS

export const ADMIN_ASSESSMENT_MESSAGES = {
  questionNotFound: 'Questão não encontrada.',
  enrollmentNotFound: 'Matrícula não encontrada.',
  prompt: `Escreva o enunciado da questão (de 5 a ${ASSESSMENT_LIMITS.promptChars} caracteres).`,
  optionText: `Escreva o texto da alternativa (até ${ASSESSMENT_LIMITS.optionChars} caracteres).`,
  optionsCount: `Uma questão tem de ${OPTIONS.min} a ${OPTIONS.max} alternativas.`,
  exactlyOneRight: 'Marque exatamente uma alternativa correta.',
  repeatedOption: 'Duas alternativas têm o mesmo texto: cada uma precisa ser diferente.',
  explanation: `A explicação tem no máximo ${ASSESSMENT_LIMITS.explanationChars} caracteres.`,
  tooFewQuestions: (active: number, size: number) =>
    `Para ativar a avaliação, cadastre ao menos ${size} ${size === 1 ? 'questão ativa' : 'questões ativas'} (há ${active}), ou sorteie menos questões por tentativa.`,
  notEnabled: 'A avaliação final deste curso não está ativada.',
  extraGranted: 'Uma tentativa a mais foi liberada para o aluno.',
} as const

/** A whole number of a field, between its bounds, with its message. */
const bounded = (label: string, { min, max }: { min: number; max: number }) => {
  const message = `${label}: de ${min} a ${max}.`
  return z
    .number({ error: message })
    .int({ error: message })
    .min(min, { error: message })
    .max(max, { error: message })
}

/** PUT /api/admin/cursos/{id}/avaliacao: the course's assessment settings. */
export const AssessmentSettingsInput = z
  .object({
    is_enabled: z.boolean({ error: 'Diga se a avaliação está ativada.' }),
    exam_size: bounded('Questões por tentativa', examSize),
    pass_percent: bounded('Nota mínima (%)', passPercent),
    max_attempts: bounded('Tentativas', maxAttempts),
    wait_hours: bounded('Espera após a segunda reprovação (horas)', waitHours),
    time_limit_minutes: bounded('Tempo limite (minutos)', timeLimitMinutes).nullable(),
    version: Version,
  })
  .strict()
export type AssessmentSettingsInput = z.infer<typeof AssessmentSettingsInput>

export const AssessmentSettings = AssessmentSettingsInput.extend({
  /** Active questions in the bank: what a draw takes from. */
  active_questions: z.number().int(),
})
export type AssessmentSettings = z.infer<typeof AssessmentSettings>

const QuestionOption = z
  .object({
    text: z
      .string({ error: ADMIN_ASSESSMENT_MESSAGES.optionText })
      .trim()
      .min(1, { error: ADMIN_ASSESSMENT_MESSAGES.optionText })
      .max(ASSESSMENT_LIMITS.optionChars, { error: ADMIN_ASSESSMENT_MESSAGES.optionText }),
    is_correct: z.boolean({ error: 'Diga se a alternativa é a correta.' }),
  })
  .strict()

const QuestionFields = z.object({
  prompt: z
    .string({ error: ADMIN_ASSESSMENT_MESSAGES.prompt })
    .trim()
    .min(5, { error: ADMIN_ASSESSMENT_MESSAGES.prompt })
    .max(ASSESSMENT_LIMITS.promptChars, { error: ADMIN_ASSESSMENT_MESSAGES.prompt }),
  options: z
    .array(QuestionOption, { error: ADMIN_ASSESSMENT_MESSAGES.optionsCount })
    .min(OPTIONS.min, { error: ADMIN_ASSESSMENT_MESSAGES.optionsCount })
    .max(OPTIONS.max, { error: ADMIN_ASSESSMENT_MESSAGES.optionsCount }),
  /** Shown only to a student who passed (decision 022); '' or null: none. */
  explanation: z
    .string()
    .trim()
    .max(ASSESSMENT_LIMITS.explanationChars, { error: ADMIN_ASSESSMENT_MESSAGES.explanation })
    .nullable()
    .default(null)
    .transform((text) => text || null),
  is_active: z.boolean().default(true),
})

/** Exactly one right option, and no two options alike. */
function checkOptions(
  question: { options: { text: string; is_correct: boolean }[] },
  context: z.RefinementCtx,
) {
  if (question.options.filter((option) => option.is_correct).length !== 1) {
    context.addIssue({
      code: 'custom',
      path: ['options'],
      message: ADMIN_ASSESSMENT_MESSAGES.exactlyOneRight,
    })
  }
  const texts = question.options.map((option) => option.text.toLocaleLowerCase('pt-BR'))
  if (new Set(texts).size !== texts.length) {
    context.addIssue({ code: 'custom', path: ['options'], message: ADMIN_ASSESSMENT_MESSAGES.repeatedOption })
  }
}

/** POST /api/admin/cursos/{id}/avaliacao/questoes: a question at the end of the bank. */
export const QuestionInput = QuestionFields.strict().superRefine(checkOptions)
export type QuestionInput = z.input<typeof QuestionInput>

/** PUT /api/admin/avaliacao/questoes/{id}: a question changed (deactivated with `is_active: false`). */
export const QuestionUpdateInput = QuestionFields.extend({ version: Version })
  .strict()
  .superRefine(checkOptions)
export type QuestionUpdateInput = z.input<typeof QuestionUpdateInput>

export const AdminQuestion = z.object({
  id: z.number().int(),
  prompt: z.string(),
  options: z.array(z.object({ text: z.string(), is_correct: z.boolean() })),
  explanation: z.string().nullable(),
  is_active: z.boolean(),
  sort_order: z.number().int(),
  version: z.number().int(),
})
export type AdminQuestion = z.infer<typeof AdminQuestion>

/** GET /api/admin/cursos/{id}/avaliacao: the settings and the whole bank. */
export const AdminAssessment = z.object({
  course_id: z.number().int(),
  settings: AssessmentSettings,
  questions: z.array(AdminQuestion),
})
export type AdminAssessment = z.infer<typeof AdminAssessment>

/** GET /api/admin/certificados/progresso/{id}/avaliacao: one student's attempts at one course's assessment. */
export const StudentAttempts = z.object({
  enrollment_id: z.number().int(),
  student: PersonRow,
  course: NamedRow,
  enabled: z.boolean(),
  state: z.enum(ASSESSMENT_STATES),
  state_label: z.string(),
  pass_percent: z.number().int(),
  max_attempts: z.number().int(),
  extra_attempts: z.number().int(),
  attempts_left: z.number().int(),
  available_at: z.string().nullable(),
  best_score: z.number().int().nullable(),
  attempts: z.array(
    z.object({
      number: z.number().int(),
      started_at: z.string(),
      deadline_at: z.string().nullable(),
      submitted_at: z.string().nullable(),
      questions: z.number().int(),
      answered: z.number().int(),
      correct: z.number().int().nullable(),
      score_percent: z.number().int().nullable(),
      pass_percent: z.number().int(),
      passed: z.boolean().nullable(),
    }),
  ),
})
export type StudentAttempts = z.infer<typeof StudentAttempts>
