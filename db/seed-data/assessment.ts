/**
 * The demo course's final assessment (issue 39, item 2): on, four questions drawn from six, 70 % to
 * pass (three right of four), three attempts. The right option is written first here; every attempt
 * shuffles the options, and the end-to-end journey reads the right ones from this file.
 */
import type * as schema from '../schema.ts'
import { SEED_IDS } from './catalog.ts'

type SettingsRow = typeof schema.assessmentSettings.$inferInsert
type QuestionRow = typeof schema.assessmentQuestions.$inferInsert

export const DEMO_ASSESSMENT: SettingsRow = {
  courseId: SEED_IDS.courses.demo,
  isEnabled: true,
  examSize: 4,
  passPercent: 70,
  maxAttempts: 3,
  waitHours: 24,
}

/** Each question's prompt, its right answer, the wrong ones, and what is explained after a pass. */
export const DEMO_QUESTIONS: Array<{ prompt: string; right: string; wrong: string[]; explanation: string }> =
  [
    {
      prompt: 'Qual destes sinais pode indicar doença renal?',
      right: 'Urina espumosa e inchaço nas pernas',
      wrong: ['Cabelo grisalho', 'Unhas quebradiças', 'Espirros frequentes'],
      explanation:
        'A espuma persistente sugere proteína na urina, e o inchaço, retenção de líquidos: dois sinais de que os rins precisam de avaliação.',
    },
    {
      prompt: 'Quem deve fazer exames de rastreamento da doença renal crônica?',
      right: 'Pessoas com diabetes, hipertensão ou casos de doença renal na família',
      wrong: [
        'Apenas quem sente dor nas costas',
        'Somente crianças',
        'Ninguém: a doença sempre dá sintomas cedo',
      ],
      explanation: 'Diabetes e hipertensão são as principais causas da doença renal crônica no Brasil.',
    },
    {
      prompt: 'Quais exames simples ajudam a detectar a doença renal crônica?',
      right: 'Creatinina no sangue (com a TFG estimada) e albuminúria na urina',
      wrong: ['Radiografia do tórax', 'Eletrocardiograma'],
      explanation:
        'A TFG estimada mostra a função; a albuminúria, a lesão. Juntas classificam o estágio da doença.',
    },
    {
      prompt: 'Por que a doença renal crônica é chamada de silenciosa?',
      right: 'Porque costuma não dar sintomas até fases avançadas',
      wrong: [
        'Porque só afeta pessoas idosas',
        'Porque não tem tratamento',
        'Porque sempre causa dor intensa',
      ],
      explanation: 'Os rins compensam a perda de função por muito tempo: por isso o rastreamento importa.',
    },
    {
      prompt: 'Qual hábito ajuda a proteger os rins?',
      right: 'Controlar a pressão e a glicemia e evitar anti-inflamatórios sem orientação',
      wrong: ['Tomar anti-inflamatórios com frequência', 'Beber o mínimo de água possível', 'Comer mais sal'],
      explanation:
        'Pressão e glicemia controladas retardam a doença; anti-inflamatórios podem lesar os rins.',
    },
    {
      prompt: 'O que a taxa de filtração glomerular (TFG) estimada indica?',
      right: 'Quanto os rins conseguem filtrar do sangue',
      wrong: ['A quantidade de açúcar no sangue', 'A pressão arterial média', 'O nível de colesterol'],
      explanation: 'Abaixo de 60 mL/min/1,73 m² por mais de três meses, a TFG define a doença renal crônica.',
    },
  ]

export const DEMO_QUESTION_ROWS: QuestionRow[] = DEMO_QUESTIONS.map((question, index) => ({
  courseId: SEED_IDS.courses.demo,
  prompt: question.prompt,
  options: [question.right, ...question.wrong],
  correctOption: 0,
  explanation: question.explanation,
  sortOrder: index + 1,
}))
