import { queryOptions } from '@tanstack/react-query'
import type { KeptQuestion } from '../../../../../worker/contract/live-questions.ts'
import { api } from '../../../lib/api.ts'

/** GET /api/admin/conference/talks/{key}/questions (the route's 200 body). */
type KeptQuestions = { questions: KeptQuestion[]; reactions: Record<string, number> }

/** The admin's list of a talk's kept questions (GET /api/admin/conference/talks/{key}/questions). */
export const keptQuestionsPath = (key: number) => `/api/admin/conference/talks/${key}/questions`

export const keptQuestionsQuery = (key: number) =>
  queryOptions({
    queryKey: ['live-questions', key],
    queryFn: () => api<KeptQuestions>(keptQuestionsPath(key)),
  })
