import { useMutation, useQueryClient } from '@tanstack/react-query'
import type {
  AssessmentStanding,
  OpenAttempt,
  SavedAnswers,
  SubmittedAttempt,
} from '../../../../worker/contract/assessment.ts'
import { api } from '../../lib/api.ts'
import { certificateKeys } from '../certificates/certificates.queries.ts'
import { assessmentKeys } from './assessment.queries.ts'

const base = (url: string) => `/api/usuario/cursos/${encodeURIComponent(url)}/avaliacao`

/** Starts an attempt (or is answered the open one): the standing then holds it. */
export function useStartAttempt(url: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => api<OpenAttempt>(`${base(url)}/tentativas`, { method: 'POST' }),
    onSuccess: (attempt) =>
      queryClient.setQueryData<AssessmentStanding>(assessmentKeys.standing(url), (standing) =>
        standing ? { ...standing, state: 'open', open_attempt: attempt } : standing,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: assessmentKeys.standing(url) }),
  })
}

/** Saves one answer as it is chosen; the cached attempt keeps what the server saved (a reload shows it). */
export function useSaveAnswer(url: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ number, question, option }: { number: number; question: number; option: number }) =>
      api<SavedAnswers>(`${base(url)}/tentativas/${number}/respostas`, {
        method: 'PUT',
        json: { questao: question, alternativa: option },
      }),
    onSuccess: (saved) =>
      queryClient.setQueryData<AssessmentStanding>(assessmentKeys.standing(url), (standing) =>
        standing?.open_attempt?.number === saved.number
          ? { ...standing, open_attempt: { ...standing.open_attempt, answers: saved.answers } }
          : standing,
      ),
  })
}

/** Submits the attempt: the score comes back with the standing after it. */
export function useSubmitAttempt(url: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (number: number) =>
      api<SubmittedAttempt>(`${base(url)}/tentativas/${number}/envio`, { method: 'POST' }),
    onSuccess: (submitted) => {
      queryClient.setQueryData(assessmentKeys.standing(url), submitted.standing)
      // A pass makes the course's certificate possible.
      void queryClient.invalidateQueries({ queryKey: certificateKeys.mine() })
    },
  })
}
