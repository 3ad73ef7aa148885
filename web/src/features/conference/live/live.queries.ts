import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api.ts'

export type KeptQuestions = {
  questions: {
    id: string
    text: string
    author: string | null
    anonymous: boolean
    status: 'approved' | 'answered'
    votes: number
    asked_at: string
  }[]
  reactions: Record<string, number>
}

/** The admin's list of a talk's kept questions (GET /api/admin/conference/talks/{key}/questions). */
export const keptQuestionsPath = (key: number) => `/api/admin/conference/talks/${key}/questions`

export const keptQuestionsQuery = (key: number) =>
  queryOptions({
    queryKey: ['live-questions', key],
    queryFn: () => api<KeptQuestions>(keptQuestionsPath(key)),
  })
