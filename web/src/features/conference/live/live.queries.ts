import { parsedQuery } from '../../../lib/parsed-query.ts'

const contract = () => import('../../../../../worker/contract/live-questions.ts')

/** The admin's list of a talk's kept questions (GET /api/admin/conference/talks/{key}/questions). */
export const keptQuestionsPath = (key: number) => `/api/admin/conference/talks/${key}/questions`

export const keptQuestionsQuery = (key: number) =>
  parsedQuery(['live-questions', key], keptQuestionsPath(key), () => contract().then((m) => m.KeptQuestions))

/** The admin's list of talks and their speaking accounts (GET /api/admin/conference/speakers). */
export const talkSpeakersQuery = () =>
  parsedQuery(['live-questions', 'speakers'], '/api/admin/conference/speakers', () =>
    contract().then((m) => m.TalkSpeaker.array()),
  )

/** The roles the signed-in person may take in talk `key`'s room (speaker of this talk, or not). */
export const liveRolesQuery = (key: number) =>
  parsedQuery(
    ['live-questions', key, 'roles'],
    `/api/jornada/presenca/perguntas/${key}/papeis`,
    () => contract().then((m) => m.LiveRoles),
    { staleTime: 60_000 },
  )
