import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react'
import type { User } from '../../../../worker/contract/auth.ts'
import { SubmitButton } from '../../lib/form-field.tsx'
import { toastError, toastSuccess } from '../../lib/toast.ts'
import { UserAvatar } from '../auth/user-avatar.tsx'
import { useUploadPhoto } from './profile.mutations.ts'

// The server's own limits (POST /api/usuario/foto), checked here first to spare the upload.
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp']
export const PHOTO_MAX_BYTES = 2 * 1024 * 1024
export const PHOTO_MESSAGES = {
  type: 'Envie uma imagem JPG, PNG ou WebP.',
  size: 'A foto deve ter no máximo 2 MB.',
  saved: 'Foto atualizada com sucesso!',
  failed: 'Erro ao enviar a foto.',
  none: 'Escolha uma foto para enviar.',
} as const

export function photoProblem(file: File): string | null {
  if (!PHOTO_TYPES.includes(file.type)) return PHOTO_MESSAGES.type
  if (file.size > PHOTO_MAX_BYTES) return PHOTO_MESSAGES.size
  return null
}

/** The profile photo: pick an image, see it, then send it (or give up). */
export function PhotoForm({ user }: { user: User }) {
  const upload = useUploadPhoto()
  const [file, setFile] = useState<File | null>(null)
  const [preview, setPreview] = useState<string | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const inputRef = useRef<HTMLInputElement>(null)
  const id = useId()

  // Each preview URL is released when replaced or when the form goes away.
  useEffect(() => {
    if (!file) return setPreview(null)
    const url = URL.createObjectURL(file)
    setPreview(url)
    return () => URL.revokeObjectURL(url)
  }, [file])

  function clear() {
    setFile(null)
    if (inputRef.current) inputRef.current.value = ''
  }

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0] ?? null
    const issue = chosen ? photoProblem(chosen) : null
    setProblem(issue)
    if (issue || !chosen) return clear()
    setFile(chosen)
  }

  function send() {
    if (!file) {
      setProblem(PHOTO_MESSAGES.none)
      inputRef.current?.focus()
      return
    }
    upload.mutate(file, {
      onSuccess: () => {
        clear()
        void toastSuccess(PHOTO_MESSAGES.saved)
      },
      onError: (error) => void toastError(error, PHOTO_MESSAGES.failed),
    })
  }

  return (
    <form
      noValidate
      aria-labelledby={`${id}-titulo`}
      onSubmit={(event) => {
        event.preventDefault()
        send()
      }}
      className="flex flex-col items-center gap-4 self-start rounded-2xl border border-slate-200 p-6 text-center"
    >
      <h2 id={`${id}-titulo`} className="font-semibold text-lg text-slate-900">
        Foto do perfil
      </h2>
      {preview ? (
        <img
          src={preview}
          alt="Pré-visualização da nova foto"
          width={128}
          height={128}
          className="size-32 rounded-full object-cover"
        />
      ) : (
        <UserAvatar photo={user.photo} size={128} />
      )}
      <div className="w-full text-left">
        <label htmlFor={`${id}-arquivo`} className="mb-1 block font-medium text-slate-800 text-sm">
          Escolher foto
        </label>
        <input
          ref={inputRef}
          id={`${id}-arquivo`}
          type="file"
          accept={PHOTO_TYPES.join(',')}
          onChange={choose}
          aria-describedby={`${id}-dica${problem ? ` ${id}-erro` : ''}`}
          aria-invalid={problem ? true : undefined}
          className="block w-full text-slate-700 text-sm file:mr-3 file:cursor-pointer file:rounded-full file:border-0 file:bg-teal-50 file:px-4 file:py-2 file:font-semibold file:text-teal-900"
        />
        <p id={`${id}-dica`} className="mt-1 text-slate-600 text-sm">
          JPG, PNG ou WebP, até 2 MB.
        </p>
        {problem ? (
          <p id={`${id}-erro`} role="alert" className="mt-1 font-medium text-red-700 text-sm">
            {problem}
          </p>
        ) : null}
      </div>
      {/* The submit is always there (a form the keyboard can send); without a photo it says to choose one. */}
      <div className="flex flex-wrap justify-center gap-2">
        <SubmitButton pending={upload.isPending} className={file ? 'btn btn-primary' : 'btn btn-outline'}>
          Salvar foto
        </SubmitButton>
        {file ? (
          <button type="button" className="btn btn-outline" onClick={clear} disabled={upload.isPending}>
            Cancelar
          </button>
        ) : null}
      </div>
    </form>
  )
}
