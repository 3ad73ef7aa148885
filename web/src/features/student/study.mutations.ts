import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { StudentCourse } from '../../../../worker/contract/student.ts'
import type { PlaybackBeatInput, StudyAnswer } from '../../../../worker/contract/study.ts'
import { api } from '../../lib/api.ts'
import { assessmentKeys } from '../assessment/assessment.queries.ts'
import { certificateKeys } from '../certificates/certificates.queries.ts'
import { studentKeys } from './student.queries.ts'

// Evidence of study (issue 39): what the lesson player sends, and a reading opened. Each answer
// brings the course's standing, which the page shows at once.

/** POST /api/usuario/aulas/{id}/reproducao; `keepalive` when the page is going away. */
export const sendPlayback = (lessonId: number, body: PlaybackBeatInput, keepalive = false) =>
  api<StudyAnswer>(`/api/usuario/aulas/${lessonId}/reproducao`, {
    method: 'POST',
    json: body,
    keepalive,
    // A failed beat is retried with the next one, never shown, and never reloads the page.
    globalErrors: false,
  })

/**
 * Puts a standing the server answered into the course's page; a lesson just done re-reads the final
 * assessment's standing (it opens once the lessons are watched), a certificate just earned Meus cursos.
 */
export function useStudyAnswer(courseUrl: string) {
  const queryClient = useQueryClient()
  return (answer: StudyAnswer) => {
    let earned = false
    let done = false
    queryClient.setQueryData<StudentCourse>(studentKeys.course(courseUrl), (course) => {
      if (!course) return course
      earned = answer.study.eligible && !course.study.eligible
      done = answer.study.lessons_done > course.study.lessons_done
      return { ...course, study: answer.study }
    })
    if (done) void queryClient.invalidateQueries({ queryKey: assessmentKeys.standing(courseUrl) })
    if (earned) void queryClient.invalidateQueries({ queryKey: certificateKeys.mine() })
  }
}

/** POST /api/usuario/aulas/{id}/aberta: a reading shown to its student. */
export function useOpenReading(courseUrl: string) {
  const update = useStudyAnswer(courseUrl)
  return useMutation({
    mutationFn: (lessonId: number) =>
      api<StudyAnswer>(`/api/usuario/aulas/${lessonId}/aberta`, { method: 'POST', globalErrors: false }),
    onSuccess: update,
  })
}
