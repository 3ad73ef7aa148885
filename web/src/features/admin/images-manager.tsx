import { FileUp, LoaderCircle, Trash2 } from 'lucide'
import { type ChangeEvent, useId, useRef, useState } from 'react'
import { z } from 'zod'
import { AdminImage } from '../../../../worker/contract/admin-catalog.ts'
import { DEFAULT_IMAGES } from '../../../../worker/domain/institute.ts'
import { Icon } from '../../components/icons.tsx'
import { confirm } from '../../lib/confirm.tsx'
import { toastError, toastSuccess } from '../../lib/toast.ts'
import { send, useRefreshAdmin } from './admin-api.ts'
import { IconButton } from './icon-button.tsx'
import { Chevron } from './table.tsx'

// The server's own limits (POST /api/admin/cursos/{id}/imagens), checked here first to spare the upload.
const TYPES = ['image/jpeg', 'image/png', 'image/webp']
const MAX_BYTES = 2 * 1024 * 1024
const Images = z.array(AdminImage)

/**
 * The slider images of a course or product: upload (JPG, PNG or WebP up to 2 MB, checked again
 * by the server), reorder with buttons (keyboard and touch alike) and remove after confirming.
 */
export function ImagesManager({
  base,
  images,
  name,
}: {
  /** '/api/admin/cursos/12' or '/api/admin/produtos/3'. */
  base: string
  images: AdminImage[]
  name: string
}) {
  const refresh = useRefreshAdmin()
  const inputId = useId()
  const input = useRef<HTMLInputElement>(null)
  const [busy, setBusy] = useState(false)
  const [current, setCurrent] = useState(images)
  const [seen, setSeen] = useState(images)
  if (seen !== images) {
    setSeen(images)
    setCurrent(images)
  }

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0]
    event.target.value = ''
    if (!file) return
    if (!TYPES.includes(file.type)) return void toastError(null, 'Envie uma imagem JPG, PNG ou WebP.')
    if (file.size > MAX_BYTES) return void toastError(null, 'A imagem deve ter no máximo 2 MB.')
    const form = new FormData()
    form.append('image', file)
    setBusy(true)
    try {
      setCurrent(await send('POST', `${base}/imagens`, form, Images))
      void toastSuccess('Imagem enviada com sucesso!')
      await refresh()
    } catch (error) {
      void toastError(error, 'Erro ao enviar a imagem.')
    } finally {
      setBusy(false)
    }
  }

  async function save(next: AdminImage[], message: string) {
    setBusy(true)
    try {
      setCurrent(
        await send(
          'PUT',
          `${base}/imagens`,
          { expected: current.map((entry) => entry.image), images: next.map((entry) => entry.image) },
          Images,
        ),
      )
      void toastSuccess(message)
      await refresh()
    } catch (error) {
      void toastError(error)
      await refresh()
    } finally {
      setBusy(false)
    }
  }

  function move(index: number, step: -1 | 1) {
    const next = [...current]
    const [item] = next.splice(index, 1)
    next.splice(index + step, 0, item!)
    void save(next, 'Ordem das imagens salva.')
  }

  async function remove(index: number) {
    if (!(await confirm())) return
    void save(
      current.filter((_, i) => i !== index),
      'Imagem removida.',
    )
  }

  return (
    <section aria-labelledby={`${inputId}-titulo`} aria-busy={busy}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id={`${inputId}-titulo`} className="font-semibold text-lg text-slate-900">
          Imagens do slider
        </h3>
        <div>
          <input
            ref={input}
            id={inputId}
            type="file"
            accept={TYPES.join(',')}
            className="sr-only"
            onChange={(event) => void upload(event)}
            disabled={busy}
          />
          <label htmlFor={inputId} className={`btn btn-outline cursor-pointer ${busy ? 'opacity-60' : ''}`}>
            {busy ? (
              <Icon drawing={LoaderCircle} className="size-4 animate-spin" />
            ) : (
              <Icon drawing={FileUp} className="size-4" />
            )}
            Enviar imagem
          </label>
        </div>
      </div>
      <p className="mt-1 text-slate-600 text-sm">JPG, PNG ou WebP, até 2 MB. A primeira é a capa.</p>
      {current.length === 0 ? (
        <p className="mt-3 text-slate-700">Nenhuma imagem ainda: as páginas mostram a imagem padrão.</p>
      ) : (
        <ol className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {current.map((entry, index) => (
            <li key={entry.url} className="rounded-xl border border-slate-200 bg-white p-2">
              <img
                src={entry.url}
                alt={`${name}: imagem ${index + 1}${index === 0 ? ' (capa)' : ''}`}
                width={320}
                height={240}
                className="aspect-[4/3] w-full rounded-lg bg-slate-100 object-cover"
                onError={(event) => {
                  event.currentTarget.src = DEFAULT_IMAGES.course
                }}
              />
              <div className="mt-2 flex justify-between gap-2">
                <div className="flex gap-1">
                  <button
                    type="button"
                    className="icon-btn icon-btn-outline"
                    aria-label={`Mover imagem ${index + 1} para a esquerda`}
                    disabled={busy || index === 0}
                    onClick={() => move(index, -1)}
                  >
                    <Chevron to="left" className="size-4" />
                  </button>
                  <button
                    type="button"
                    className="icon-btn icon-btn-outline"
                    aria-label={`Mover imagem ${index + 1} para a direita`}
                    disabled={busy || index === current.length - 1}
                    onClick={() => move(index, 1)}
                  >
                    <Chevron to="right" className="size-4" />
                  </button>
                </div>
                <IconButton
                  icon={Trash2}
                  label={`Remover imagem ${index + 1}`}
                  disabled={busy}
                  onClick={() => void remove(index)}
                />
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}
