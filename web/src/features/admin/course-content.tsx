import { Pencil, Plus, Trash2 } from 'lucide'
import { useCallback, useState } from 'react'
import { z } from 'zod'
import {
  type AdminCourse,
  type AdminLesson,
  type AdminModule,
  LessonInput,
  ModuleInput,
} from '../../../../worker/contract/admin-catalog.ts'
import { Icon } from '../../components/icons.tsx'
import { confirm } from '../../lib/confirm.tsx'
import { openModal } from '../../lib/form-modal.tsx'
import { toastError, toastSuccess } from '../../lib/toast.ts'
import { send, useRefreshAdmin } from './admin-api.ts'
import { ResourceForm } from './form-fields.tsx'
import { IconButton } from './icon-button.tsx'
import { MoveButtons } from './move-buttons.tsx'

const MODULE_MODAL_ID = 'admin-modulo'
const LESSON_MODAL_ID = 'admin-aula'

type ModuleTarget = { courseId: number; module: AdminModule | null }
type LessonTarget = { moduleId: number; lesson: AdminLesson | null }

function ModuleModal({ target }: { target: ModuleTarget | null }) {
  // Read again at each opening (target), a new module's too.
  const valuesOf = useCallback(() => ({ title: target?.module?.title ?? '' }), [target])
  return (
    <ResourceForm
      description={{
        modalId: MODULE_MODAL_ID,
        schema: ModuleInput,
        valuesOf,
        path: '/api/admin/modulos',
        createPath: `/api/admin/cursos/${target?.courseId}/modulos`,
        success: 'Módulo salvo.',
        title: (module) => (module ? 'Editar módulo' : 'Novo módulo'),
        fields: [{ name: 'title', label: 'Título do módulo' }],
      }}
      item={target?.module ?? null}
    />
  )
}

type LessonValues = { title: string; youtube_id: string; minutes: string; body: string }
const LessonForm = z
  .object({
    title: LessonInput.shape.title,
    youtube_id: z.string(),
    minutes: z.string().regex(/^\d{0,4}$/, { error: 'Informe os minutos com números.' }),
    body: z.string().max(50_000),
  })
  .transform((values) => ({
    title: values.title,
    youtube_id: values.youtube_id.trim() || null,
    duration_seconds: values.minutes ? Number(values.minutes) * 60 : null,
    body: values.body,
  }))

function LessonModal({ target }: { target: LessonTarget | null }) {
  // Read again at each opening (target), a new lesson's too.
  const valuesOf = useCallback((): LessonValues => {
    const lesson = target?.lesson
    return {
      title: lesson?.title ?? '',
      youtube_id: lesson?.youtube_id ?? '',
      minutes: lesson?.duration_seconds ? String(Math.round(lesson.duration_seconds / 60)) : '',
      body: lesson?.body ?? '',
    }
  }, [target])
  return (
    <ResourceForm
      description={{
        modalId: LESSON_MODAL_ID,
        schema: LessonForm,
        valuesOf,
        path: '/api/admin/aulas',
        createPath: `/api/admin/modulos/${target?.moduleId}/aulas`,
        success: 'Aula salva.',
        title: (lesson) => (lesson ? 'Editar aula' : 'Nova aula'),
        fields: [
          { name: 'title', label: 'Título da aula' },
          {
            name: 'youtube_id',
            label: 'Vídeo do YouTube',
            hint: 'O endereço do vídeo (youtube.com/watch?v=… ou youtu.be/…) ou o código. Vazio para uma leitura.',
            input: { autoComplete: 'off' },
          },
          { name: 'minutes', label: 'Duração (minutos)', input: { inputMode: 'numeric' } },
          { kind: 'textarea', name: 'body', label: 'Texto da aula', hint: 'Markdown simples.', rows: 6 },
        ],
      }}
      item={target?.lesson ?? null}
    />
  )
}

/** Moves an item one step in a list and saves the new order (PUT …/ordem with every id). */
function useReorder() {
  const refresh = useRefreshAdmin()
  return async (path: string, ids: number[], index: number, step: -1 | 1) => {
    const next = [...ids]
    const [item] = next.splice(index, 1)
    next.splice(index + step, 0, item!)
    try {
      await send('PUT', path, { ids: next })
      void toastSuccess('Nova ordem salva.')
    } catch (error) {
      void toastError(error)
    }
    await refresh()
  }
}

function useRemove() {
  const refresh = useRefreshAdmin()
  return async (path: string, success: string) => {
    if (!(await confirm())) return
    try {
      await send('DELETE', path)
      void toastSuccess(success)
    } catch (error) {
      void toastError(error)
    }
    await refresh()
  }
}

/** The modules and lessons of an online course, in order. */
export function CourseModules({ course }: { course: AdminCourse }) {
  const [moduleTarget, setModuleTarget] = useState<ModuleTarget | null>(null)
  const [lessonTarget, setLessonTarget] = useState<LessonTarget | null>(null)
  const reorder = useReorder()
  const remove = useRemove()
  const moduleIds = course.modules.map((module) => module.id)

  function editModule(module: AdminModule | null) {
    setModuleTarget({ courseId: course.id, module })
    openModal(MODULE_MODAL_ID, module ? 'update' : 'store')
  }
  function editLesson(moduleId: number, lesson: AdminLesson | null) {
    setLessonTarget({ moduleId, lesson })
    openModal(LESSON_MODAL_ID, lesson ? 'update' : 'store')
  }

  return (
    <section aria-labelledby="modulos-titulo">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id="modulos-titulo" className="font-semibold text-lg text-slate-900">
          Módulos e aulas
        </h3>
        <button type="button" className="btn btn-outline" onClick={() => editModule(null)}>
          <Icon drawing={Plus} className="size-4" />
          Novo módulo
        </button>
      </div>
      {course.modules.length === 0 ? (
        <p className="mt-3 text-slate-700">
          Nenhum módulo ainda. Cursos online organizam as videoaulas em módulos.
        </p>
      ) : (
        <ol className="mt-3 space-y-4">
          {course.modules.map((module, moduleIndex) => (
            <li key={module.id} className="rounded-xl border border-slate-200 bg-white p-4">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h4 className="font-semibold text-slate-900">
                  {moduleIndex + 1}. {module.title}
                </h4>
                <div className="flex flex-wrap gap-1">
                  <MoveButtons
                    what={`o módulo ${module.title}`}
                    index={moduleIndex}
                    count={course.modules.length}
                    onMove={(step) =>
                      void reorder(
                        `/api/admin/cursos/${course.id}/modulos/ordem`,
                        moduleIds,
                        moduleIndex,
                        step,
                      )
                    }
                  />
                  <IconButton
                    icon={Pencil}
                    label={`Editar o módulo ${module.title}`}
                    onClick={() => editModule(module)}
                  />
                  <IconButton
                    icon={Trash2}
                    label={`Excluir o módulo ${module.title}`}
                    onClick={() => void remove(`/api/admin/modulos/${module.id}`, 'Módulo excluído.')}
                  />
                </div>
              </div>
              <ol className="mt-3 space-y-2">
                {module.lessons.map((lesson, lessonIndex) => (
                  <li
                    key={lesson.id}
                    className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-slate-50 px-3 py-2"
                  >
                    <span className="text-slate-800">
                      {lesson.title}
                      {lesson.youtube_id ? <span className="text-slate-600 text-sm"> · vídeo</span> : null}
                      {lesson.duration_seconds ? (
                        <span className="text-slate-600 text-sm">
                          {' '}
                          · {Math.round(lesson.duration_seconds / 60)} min
                        </span>
                      ) : null}
                    </span>
                    <span className="flex gap-1">
                      <MoveButtons
                        what={`a aula ${lesson.title}`}
                        index={lessonIndex}
                        count={module.lessons.length}
                        onMove={(step) =>
                          void reorder(
                            `/api/admin/modulos/${module.id}/aulas/ordem`,
                            module.lessons.map((l) => l.id),
                            lessonIndex,
                            step,
                          )
                        }
                      />
                      <IconButton
                        icon={Pencil}
                        label={`Editar a aula ${lesson.title}`}
                        onClick={() => editLesson(module.id, lesson)}
                      />
                      <IconButton
                        icon={Trash2}
                        label={`Excluir a aula ${lesson.title}`}
                        onClick={() => void remove(`/api/admin/aulas/${lesson.id}`, 'Aula excluída.')}
                      />
                    </span>
                  </li>
                ))}
              </ol>
              <button type="button" className="btn btn-soft mt-3" onClick={() => editLesson(module.id, null)}>
                <Icon drawing={Plus} className="size-4" />
                Nova aula em {module.title}
              </button>
            </li>
          ))}
        </ol>
      )}
      <ModuleModal target={moduleTarget} />
      <LessonModal target={lessonTarget} />
    </section>
  )
}
