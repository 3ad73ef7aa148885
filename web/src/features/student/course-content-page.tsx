import { useQuery } from '@tanstack/react-query'
import { CalendarDays, Check, Circle, Download, FileText, MapPin } from 'lucide'
import { useEffect, useRef, useState } from 'react'
import type { Lesson, StudentCourse } from '../../../../worker/contract/student.ts'
import { durationText } from '../../../../worker/domain/study.ts'
import { BackHeading } from '../../components/back-heading.tsx'
import { Icon } from '../../components/icons.tsx'
import { Link } from '../../components/link.tsx'
import { ErrorState, LoadingState } from '../../components/page-status.tsx'
import { ApiError } from '../../lib/api.ts'
import { formatDateLong } from '../../lib/date.ts'
import { errorMessage, toastError } from '../../lib/toast.ts'
import { FinalAssessmentBlock } from '../assessment/final-assessment-block.tsx'
import { CourseCertificateOffer } from '../certificates/course-certificate.tsx'
import { Markdown } from '../content/markdown.tsx'
import { LessonPlayer } from './player/lesson-player.tsx'
import { studentCourseQuery, useMarkLesson } from './student.queries.ts'
import { useOpenReading } from './study.mutations.ts'
import { StudyProgress } from './study-progress.tsx'
import { lessonEvidenceText } from './study-text.ts'

/** A video's length: '24 s', '18 min'. */
const length = (seconds: number | null) =>
  seconds ? durationText(seconds < 60 ? seconds : Math.round(seconds / 60) * 60) : null
const sizeText = (bytes: number | null) =>
  bytes === null
    ? null
    : bytes >= 1024 * 1024
      ? `${(bytes / 1024 / 1024).toFixed(1).replace('.', ',')} MB`
      : `${Math.max(1, Math.round(bytes / 1024))} KB`

/** An in-person (or dated) class: when, where and what to bring. */
function ClassDetails({ course }: { course: StudentCourse }) {
  const dated = course.classes.filter((turma) => turma.type === 'N' || turma.location || turma.details)
  if (dated.length === 0) return null
  return (
    <section aria-labelledby="sua-turma" className="mt-8 rounded-2xl border border-slate-200 bg-slate-50 p-5">
      <h2 id="sua-turma" className="font-bold text-slate-900 text-xl">
        {dated.length === 1 ? 'Sua turma' : 'Suas turmas'}
      </h2>
      {dated.map((turma) => (
        <div key={turma.id} className="mt-3">
          <h3 className="font-semibold text-lg text-slate-900">{turma.name}</h3>
          <ul className="mt-2 space-y-1 text-slate-800">
            {turma.course_init ? (
              <li className="flex items-center gap-2">
                <Icon drawing={CalendarDays} className="size-4 shrink-0 text-teal-700" />
                Início em {formatDateLong(turma.course_init)}
              </li>
            ) : null}
            {turma.location ? (
              <li className="flex items-start gap-2">
                <Icon drawing={MapPin} className="mt-1 size-4 shrink-0 text-teal-700" />
                {turma.location}
              </li>
            ) : null}
          </ul>
          {turma.details ? <Markdown source={turma.details} headingOffset={1} className="mt-3" /> : null}
        </div>
      ))}
    </section>
  )
}

/** A reading counts once shown (issue 39): the page tells the server when its text is on screen. */
function useReadingOpened(course: StudentCourse, lesson: Lesson, opened: boolean) {
  const open = useOpenReading(course.url)
  const asked = useRef(false)
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per lesson shown (the lesson is the key)
  useEffect(() => {
    if (lesson.youtube_id || opened || asked.current) return
    asked.current = true
    open.mutate(lesson.id)
  }, [])
}

function LessonView({
  course,
  lesson,
  next,
  onNext,
}: {
  course: StudentCourse
  lesson: Lesson
  next: Lesson | null
  onNext: () => void
}) {
  const mark = useMarkLesson(course.url)
  const study = course.study.lessons.find((row) => row.lesson_id === lesson.id)
  useReadingOpened(course, lesson, study?.opened ?? false)
  return (
    <article aria-labelledby="aula-atual" className="space-y-4">
      <h2 id="aula-atual" tabIndex={-1} className="font-bold text-2xl text-slate-900">
        {lesson.title}
      </h2>
      {lesson.youtube_id ? (
        <LessonPlayer
          lesson={lesson}
          youtubeId={lesson.youtube_id}
          player={course.player}
          courseUrl={course.url}
        />
      ) : null}
      {study ? (
        <p className="font-medium text-slate-800" aria-live="polite">
          {lessonEvidenceText(study, course.study.watch_share)}
        </p>
      ) : null}
      {lesson.body ? <Markdown source={lesson.body} headingOffset={1} /> : null}
      <div className="flex flex-wrap gap-3">
        <button
          type="button"
          aria-pressed={lesson.watched}
          disabled={mark.isPending}
          className={lesson.watched ? 'btn btn-soft' : 'btn btn-primary'}
          onClick={() =>
            mark.mutate(
              { lessonId: lesson.id, watched: !lesson.watched },
              { onError: (error) => void toastError(error, 'Não foi possível salvar o seu progresso.') },
            )
          }
        >
          <Icon drawing={Check} className="size-4" />
          {lesson.watched ? 'Aula assistida' : 'Marcar como assistida'}
        </button>
        {next ? (
          <button type="button" className="btn btn-outline" onClick={onNext}>
            Próxima aula<span className="sr-only">: {next.title}</span>
          </button>
        ) : null}
      </div>
    </article>
  )
}

function Lessons({ course }: { course: StudentCourse }) {
  const all = course.modules.flatMap((module) => module.lessons)
  const done = new Set(course.study.lessons.filter((row) => row.done).map((row) => row.lesson_id))
  const [currentId, setCurrentId] = useState<number | null>(
    () => (all.find((lesson) => !done.has(lesson.id)) ?? all[0])?.id ?? null,
  )
  const chosen = useRef(false)
  const index = all.findIndex((lesson) => lesson.id === currentId)
  const current = all[index] ?? null
  // biome-ignore lint/correctness/useExhaustiveDependencies: the chosen lesson is the trigger
  useEffect(() => {
    // After the student picks a lesson, the focus goes to its title (the list stays where it was).
    if (chosen.current) document.getElementById('aula-atual')?.focus({ preventScroll: false })
  }, [currentId])
  if (!current) return null
  const choose = (id: number) => {
    chosen.current = true
    setCurrentId(id)
  }
  return (
    <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
      <LessonView
        key={current.id}
        course={course}
        lesson={current}
        next={all[index + 1] ?? null}
        onNext={() => choose(all[index + 1]!.id)}
      />
      <nav aria-label="Aulas do curso" className="rounded-2xl border border-slate-200 p-4">
        {course.modules.map((module) => (
          <div key={module.id} className="mb-4 last:mb-0">
            <h2 className="font-bold text-slate-900">{module.title}</h2>
            <ul className="mt-2 space-y-1">
              {module.lessons.map((lesson) => (
                <li key={lesson.id}>
                  <button
                    type="button"
                    onClick={() => choose(lesson.id)}
                    aria-current={lesson.id === current.id ? 'true' : undefined}
                    className={`flex w-full items-start gap-2 rounded-lg px-2 py-2 text-left ${lesson.id === current.id ? 'bg-teal-50 font-semibold text-teal-950 ring-1 ring-teal-700' : 'text-slate-800 hover:bg-slate-100'}`}
                  >
                    <Icon
                      drawing={done.has(lesson.id) ? Check : Circle}
                      className={`mt-0.5 size-4 shrink-0 ${done.has(lesson.id) ? 'text-teal-700' : 'text-slate-500'}`}
                    />
                    <span>
                      {lesson.title}
                      <span className="sr-only">{done.has(lesson.id) ? ' (concluída)' : ''}</span>
                      {length(lesson.duration_seconds) ? (
                        <span className="block font-normal text-slate-600 text-sm">
                          {length(lesson.duration_seconds)}
                        </span>
                      ) : null}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </nav>
    </div>
  )
}

function Materials({ course }: { course: StudentCourse }) {
  if (course.materials.length === 0) return null
  return (
    <section aria-labelledby="material-curso" className="mt-10">
      <h2 id="material-curso" className="font-bold text-slate-900 text-xl">
        Material para download
      </h2>
      <p className="mt-1 text-slate-700 text-sm">
        Os links são pessoais e valem por alguns minutos: se um deles expirar, recarregue a página.
      </p>
      <ul className="mt-3 grid gap-3 sm:grid-cols-2">
        {course.materials.map((material) => (
          <li key={material.id}>
            <a
              href={material.download_url}
              download
              className="flex items-center gap-3 rounded-xl border border-slate-200 p-4 hover:bg-slate-50"
            >
              <Icon drawing={FileText} className="size-6 shrink-0 text-teal-700" />
              <span className="flex-1">
                <span className="block font-semibold text-slate-900">{material.title}</span>
                <span className="text-slate-600 text-sm">
                  {['PDF', sizeText(material.size_bytes)].filter(Boolean).join(' · ')}
                </span>
              </span>
              <Icon drawing={Download} className="size-5 text-teal-800" />
              <span className="sr-only">Baixar</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  )
}

/** /usuario/cursos/{url}: the course for its enrolled student. */
export function CourseContentPage({ url }: { url: string }) {
  const query = useQuery(studentCourseQuery(url))
  const course = query.data
  const notEnrolled =
    query.error instanceof ApiError && (query.error.status === 403 || query.error.status === 404)
  return (
    <div className="container-page py-10 md:py-14">
      <BackHeading to="/usuario/cursos" back="Meus cursos">
        {course?.name ?? (notEnrolled ? 'Curso indisponível' : 'Curso')}
      </BackHeading>
      {query.isPending ? <LoadingState label="Carregando o curso..." /> : null}
      {notEnrolled ? (
        <div className="mt-6 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950" role="alert">
          <p>{errorMessage(query.error)}</p>
          <Link to="/cursos/$url" params={{ url }} className="mt-2 inline-block font-semibold underline">
            Ver a página do curso
          </Link>
        </div>
      ) : query.isError ? (
        <ErrorState
          detail={errorMessage(query.error, 'Erro ao buscar cursos')}
          onRetry={() => void query.refetch()}
        />
      ) : null}
      {course ? (
        <>
          {course.study.lessons_total > 0 ? <StudyProgress study={course.study} /> : null}
          <ClassDetails course={course} />
          <Lessons course={course} />
          {/* Where the student is (issue 39): the final assessment, then the certificate offered once earned. */}
          <FinalAssessmentBlock url={course.url} />
          {course.study.lessons_total > 0 ? <CourseCertificateOffer courseUrl={course.url} /> : null}
          <Materials course={course} />
        </>
      ) : null}
    </div>
  )
}
