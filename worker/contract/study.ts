import { z } from 'zod'
import { MAX_BEAT_SEGMENTS, MAX_MEDIA_MS } from '../domain/study.ts'

// Evidence of study (issue 39): what the player sends while a lesson plays, and a course's
// standing from it (lessons done, share of the videos played) as the student and the admin read it.

export const STUDY_MESSAGES = {
  segment: 'Trecho reproduzido inválido.',
  segmentOrder: 'O fim do trecho deve vir depois do início.',
  playback: 'Identificador de reprodução inválido.',
  tooFast:
    'Este trecho chegou mais depressa do que o tempo decorrido permite (no máximo 2× a velocidade normal) e não foi contado.',
  notVideo: 'Esta aula não tem vídeo: ela conta quando o texto é aberto.',
  isVideo: 'Esta aula tem vídeo: ela conta pelo tempo reproduzido, não por ser aberta.',
} as const

const Ms = (description: string) =>
  z
    .number({ error: STUDY_MESSAGES.segment })
    .int({ error: STUDY_MESSAGES.segment })
    .min(0, { error: STUDY_MESSAGES.segment })
    .max(MAX_MEDIA_MS, { error: STUDY_MESSAGES.segment })
    .meta({ description })

/** A stretch the player recorded: media [from, to) played at `rate` over `wall_ms` with the page visible. */
export const PlaybackSegmentInput = z
  .object({
    from: Ms('Início do trecho no vídeo (ms).'),
    to: Ms('Fim do trecho no vídeo (ms).'),
    wall_ms: z
      .number({ error: STUDY_MESSAGES.segment })
      .int({ error: STUDY_MESSAGES.segment })
      .min(1, { error: STUDY_MESSAGES.segment })
      .max(600_000, { error: STUDY_MESSAGES.segment })
      .meta({ description: 'Tempo de relógio que o trecho levou (ms).' }),
    rate: z
      .number({ error: STUDY_MESSAGES.segment })
      .min(0.0625, { error: STUDY_MESSAGES.segment })
      .max(16, { error: STUDY_MESSAGES.segment })
      .meta({ description: 'Velocidade de reprodução (1 = normal). Acima de 2 conta como 2.' }),
  })
  .strict()
  .refine((segment) => segment.to > segment.from, { error: STUDY_MESSAGES.segmentOrder, path: ['to'] })
export type PlaybackSegmentInput = z.infer<typeof PlaybackSegmentInput>

/** POST /api/usuario/aulas/{id}/reproducao. */
export const PlaybackBeatInput = z
  .object({
    playback: z.uuid({ error: STUDY_MESSAGES.playback }).meta({
      description:
        'Um uuid por instância do player. Uma reprodução nova substitui a anterior do aluno (uma por vez).',
    }),
    segments: z
      .array(PlaybackSegmentInput)
      .max(MAX_BEAT_SEGMENTS, { error: `No máximo ${MAX_BEAT_SEGMENTS} trechos por envio.` })
      .meta({ description: 'O que foi reproduzido desde o envio anterior (vazio ao abrir a reprodução).' }),
  })
  .strict()
export type PlaybackBeatInput = z.infer<typeof PlaybackBeatInput>

/** One lesson as its evidence stands. */
export const LessonStudy = z.object({
  lesson_id: z.number().int(),
  title: z.string(),
  kind: z.enum(['video', 'reading']),
  duration_seconds: z.number().int().nullable(),
  /** Distinct seconds of the video played (whole seconds). */
  played_seconds: z.number().int(),
  /** Of the video's length, 0–100 (rounded down). */
  played_percent: z.number().int(),
  /** A reading: its text was shown to the student. */
  opened: z.boolean(),
  /** Counted for the certificate: the video played to the course's share, or the reading opened. */
  done: z.boolean(),
})
export type LessonStudy = z.infer<typeof LessonStudy>

/** A course's standing from evidence (issue 39): what the certificate asks, and how far the student is. */
export const StudyStanding = z.object({
  lessons: z.array(LessonStudy),
  lessons_done: z.number().int(),
  lessons_total: z.number().int(),
  /** Lessons done of the total, 0–100 (rounded down). */
  percent: z.number().int(),
  /** Distinct seconds played over the videos' length, 0–100; null for a course without videos. */
  watched_percent: z.number().int().nullable(),
  /** The share of each video that makes it done. */
  watch_share: z.number().int(),
  /** The share of the lessons the certificate asks. */
  certificate_share: z.number().int(),
  /** Enough lessons done for the certificate. */
  eligible: z.boolean(),
})
export type StudyStanding = z.infer<typeof StudyStanding>

/** The answer to a beat (and to a reading opened): the lesson and its course as they now stand. */
export const StudyAnswer = z.object({
  lesson_id: z.number().int(),
  /** Media milliseconds this call credited (0 for an opening beat or a reading). */
  credited_ms: z.number().int(),
  study: StudyStanding,
})
export type StudyAnswer = z.infer<typeof StudyAnswer>
