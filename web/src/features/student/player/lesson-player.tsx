import { useEffect, useRef, useState } from 'react'
import type { Lesson, VideoPlayer } from '../../../../../worker/contract/student.ts'
import { sendPlayback, useStudyAnswer } from '../study.mutations.ts'
import { playerFor } from './players.ts'
import { recordWhilePlaying, StudyRecorder } from './study-recorder.ts'

/** What the poster says of where the video comes from, before anything is requested. */
const SOURCE_NOTE: Record<VideoPlayer['kind'], string> = {
  youtube: 'O vídeo vem do YouTube, no modo de privacidade: nada é carregado antes de você apertar o play.',
  local: 'Player local de demonstração: o mesmo vídeo curto faz as vezes de todas as aulas.',
}

/**
 * A lesson's video (issue 39): our own poster until the student presses play (nothing requested
 * from the video host before), then the player the Worker's configuration names, whose events
 * become the evidence of study sent in beats.
 */
export function LessonPlayer({
  lesson,
  youtubeId,
  player,
  courseUrl,
}: {
  lesson: Lesson
  youtubeId: string
  player: VideoPlayer
  courseUrl: string
}) {
  const [started, setStarted] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const container = useRef<HTMLDivElement>(null)
  const onAnswer = useStudyAnswer(courseUrl)
  const answered = useRef(onAnswer)
  answered.current = onAnswer

  // biome-ignore lint/correctness/useExhaustiveDependencies: one player per press (the lesson is the component's key)
  useEffect(() => {
    const where = container.current
    if (!started || !where) return
    const recorder = new StudyRecorder({
      send: (body, keepalive) => sendPlayback(lesson.id, body, keepalive),
      onAnswer: (answer) => answered.current(answer),
      visible: document.visibilityState === 'visible',
    })
    const playing = playerFor(player, youtubeId)(where, {
      title: lesson.title,
      onEvent: (event) => recorder.hear(event),
      onFailure: setFailure,
    })
    const stop = recordWhilePlaying(recorder, playing)
    return () => {
      stop()
      playing.destroy()
    }
  }, [started])

  if (!started) {
    return (
      <button
        type="button"
        onClick={() => setStarted(true)}
        className="group grid aspect-video w-full place-items-center rounded-xl bg-slate-900 p-4 text-center text-white"
      >
        <span className="flex flex-col items-center gap-3">
          <span className="grid size-16 place-items-center rounded-full bg-teal-600 shadow-lg group-hover:bg-teal-500">
            {/* Drawn here, not lucide's Play: sharing that icon with the home page's showcase would
                split it into a file of its own on the home page's first load. */}
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="size-8 translate-x-0.5"
              fill="currentColor"
            >
              <path d="M8 5.5v13a1 1 0 0 0 1.5.86l10.5-6.5a1 1 0 0 0 0-1.72L9.5 4.64A1 1 0 0 0 8 5.5z" />
            </svg>
          </span>
          <span className="font-semibold text-lg">
            Reproduzir a videoaula<span className="sr-only">: {lesson.title}</span>
          </span>
          <span className="max-w-md text-slate-200 text-sm">{SOURCE_NOTE[player.kind]}</span>
        </span>
      </button>
    )
  }
  return (
    <div>
      <div ref={container} className="aspect-video w-full overflow-hidden rounded-xl bg-slate-900" />
      {failure ? (
        <p role="alert" className="mt-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950">
          {failure}
        </p>
      ) : null}
    </div>
  )
}
