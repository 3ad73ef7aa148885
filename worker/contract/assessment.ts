import { z } from 'zod'
import { ASSESSMENT_LIMITS, ASSESSMENT_STATES } from '../domain/assessment.ts'

// A course's final assessment as its student takes it (issue 39, item 2; decision 022). Nothing
// here can carry a right answer or an explanation before the attempt is submitted, nor after a
// failure: only `review`, sent once the student passed, has them.

export const ASSESSMENT_MESSAGES = {
  courseNotFound: 'Curso não encontrado.',
  notEnrolled: 'Você não tem matrícula ativa neste curso.',
  disabled: 'Este curso não tem avaliação final.',
  locked: 'Assista às aulas do curso antes de fazer a avaliação final.',
  available: 'Você pode começar a avaliação final quando quiser.',
  open: 'Você tem uma tentativa em andamento: as respostas escolhidas já estão salvas.',
  waiting: (at: string) => `Você poderá fazer a próxima tentativa a partir de ${at} (horário de Brasília).`,
  exhausted: (allowed: number) =>
    `Você já usou ${allowed === 1 ? 'a tentativa' : `as ${allowed} tentativas`} da avaliação final. Fale com o Centro de Ensino.`,
  passed: 'Você foi aprovado na avaliação final deste curso.',
  alreadyPassed: 'Você já foi aprovado na avaliação final deste curso.',
  noQuestions: 'A avaliação final deste curso ainda não está pronta. Fale com o Centro de Ensino.',
  attemptNotFound: 'Tentativa não encontrada.',
  submitted: 'Esta tentativa já foi enviada: as respostas não podem mais mudar.',
  timeUp:
    'O tempo desta tentativa acabou: valem as respostas salvas até o fim do tempo. Envie para ver o resultado.',
  busy: 'Uma resposta estava sendo salva neste momento: envie de novo.',
  startedElsewhere: 'Outra tentativa acabou de ser registrada: recarregue a página.',
  question: 'Esta questão não existe na tentativa.',
  option: 'Esta alternativa não existe na questão.',
  /** The 409 of a certificate asked for before the assessment was passed. */
  certificateMissing:
    'Falta a avaliação final: o certificado deste curso pede aprovação nela. Faça a avaliação na página do curso.',
} as const

/** A question as the student sees it: the prompt and the options in this attempt's order. */
export const ExamQuestion = z.object({ prompt: z.string(), options: z.array(z.string()) })

/** The student's choice per question (the option's position as shown), null while unanswered. */
export const ExamAnswers = z.array(z.number().int().nullable())

/** The attempt in progress: its questions and what was saved so far. */
export const OpenAttempt = z.object({
  number: z.number().int(),
  started_at: z.string(),
  /** Null: no time limit. */
  deadline_at: z.string().nullable(),
  /** The server's clock when it answered (the timer counts from it, whatever the device's clock). */
  server_now: z.string(),
  questions: z.array(ExamQuestion),
  answers: ExamAnswers,
})
export type OpenAttempt = z.infer<typeof OpenAttempt>

/** An attempt in the history: its score once it ended (only the score). */
export const AttemptSummary = z.object({
  number: z.number().int(),
  started_at: z.string(),
  /** When it ended: submitted, or when its time ran out. Null while open. */
  submitted_at: z.string().nullable(),
  questions: z.number().int(),
  correct: z.number().int().nullable(),
  score_percent: z.number().int().nullable(),
  passed: z.boolean().nullable(),
})
export type AttemptSummary = z.infer<typeof AttemptSummary>

/** The passing attempt told in full: each question, the student's choice, the right option, why. */
export const AttemptReview = z.array(
  z.object({
    prompt: z.string(),
    options: z.array(z.string()),
    chosen: z.number().int().nullable(),
    answer: z.number().int(),
    explanation: z.string().nullable(),
  }),
)
export type AttemptReview = z.infer<typeof AttemptReview>

/** GET /api/usuario/cursos/{url}/avaliacao: where the student stands. */
export const AssessmentStanding = z.object({
  course: z.object({ name: z.string(), url: z.string() }),
  enabled: z.boolean(),
  state: z.enum(ASSESSMENT_STATES),
  /** What the state means for the student, in a sentence. */
  message: z.string(),
  /** Questions per attempt (the active bank's size when it is smaller than the settings'). */
  questions: z.number().int(),
  pass_percent: z.number().int(),
  max_attempts: z.number().int(),
  wait_hours: z.number().int(),
  time_limit_minutes: z.number().int().nullable(),
  attempts_used: z.number().int(),
  attempts_left: z.number().int(),
  /** When the next attempt may start ('waiting'). */
  available_at: z.string().nullable(),
  best_score: z.number().int().nullable(),
  passed: z.boolean(),
  attempts: z.array(AttemptSummary),
  open_attempt: OpenAttempt.nullable(),
  /** Only once passed (decision 022). */
  review: AttemptReview.nullable(),
})
export type AssessmentStanding = z.infer<typeof AssessmentStanding>

/** PUT …/tentativas/{numero}/respostas: one answer, saved as the student chooses it. */
export const SaveAnswerInput = z
  .object({
    questao: z
      .number({ error: 'Informe a questão.' })
      .int({ error: 'Questão inválida.' })
      .min(0, { error: 'Questão inválida.' })
      .max(ASSESSMENT_LIMITS.examSize.max - 1, { error: 'Questão inválida.' }),
    alternativa: z
      .number({ error: 'Informe a alternativa.' })
      .int({ error: 'Alternativa inválida.' })
      .min(0, { error: 'Alternativa inválida.' })
      .max(ASSESSMENT_LIMITS.options.max - 1, { error: 'Alternativa inválida.' }),
  })
  .strict()
export type SaveAnswerInput = z.infer<typeof SaveAnswerInput>

export const SavedAnswers = z.object({ number: z.number().int(), answers: ExamAnswers })
export type SavedAnswers = z.infer<typeof SavedAnswers>

/** POST …/tentativas/{numero}/envio: the attempt's score (the same however often sent) and the standing after it. */
export const SubmittedAttempt = z.object({
  result: z.object({
    number: z.number().int(),
    correct: z.number().int(),
    questions: z.number().int(),
    score_percent: z.number().int(),
    pass_percent: z.number().int(),
    passed: z.boolean(),
    submitted_at: z.string(),
  }),
  standing: AssessmentStanding,
})
export type SubmittedAttempt = z.infer<typeof SubmittedAttempt>

/** An attempt's number in a path. */
export const AttemptNumber = z.coerce
  .number({ error: 'Tentativa inválida.' })
  .int({ error: 'Tentativa inválida.' })
  .min(1, { error: 'Tentativa inválida.' })
  .max(1000, { error: 'Tentativa inválida.' })
