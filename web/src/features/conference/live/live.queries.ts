import { queryOptions } from '@tanstack/react-query'
import type { KeptQuestion, LiveRoles, TalkSpeaker } from '../../../../../worker/contract/live-questions.ts'
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

/** The admin's list of talks and their speaking accounts (GET /api/admin/conference/speakers). */
export const talkSpeakersQuery = () =>
  queryOptions({
    queryKey: ['live-questions', 'speakers'],
    queryFn: () => api<TalkSpeaker[]>('/api/admin/conference/speakers'),
  })

/** The roles the signed-in person may take in talk `key`'s room (speaker of this talk, or not). */
export const liveRolesQuery = (key: number) =>
  queryOptions({
    queryKey: ['live-questions', key, 'roles'],
    queryFn: () => api<LiveRoles>(`/api/jornada/presenca/perguntas/${key}/papeis`),
    staleTime: 60_000,
  })
