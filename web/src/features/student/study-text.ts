import type { LessonStudy } from '../../../../worker/contract/study.ts'
import { durationText } from '../../../../worker/domain/study.ts'

/** One lesson's evidence, in a few words. */
export function lessonEvidenceText(lesson: LessonStudy, watchShare: number): string {
  if (lesson.kind === 'reading')
    return lesson.done ? 'Leitura aberta: concluída' : 'Leitura: conta quando aberta'
  if (lesson.done) return `Concluída: ${lesson.played_percent}% do vídeo reproduzido`
  if (!lesson.duration_seconds) return 'Vídeo sem duração cadastrada'
  return `Reproduzido ${durationText(lesson.played_seconds)} de ${durationText(lesson.duration_seconds)} (${lesson.played_percent}%; conta a partir de ${watchShare}%)`
}
