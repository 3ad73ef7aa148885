import { useId, useState } from 'react'
import { toastError, toastSuccess } from '../../lib/toast.ts'
import { send, useRefreshAdmin } from './admin-api.ts'

/** A certificate's signature picture (PNG or JPG, small): sent at once; the old one stays on issued certificates. */
export function SignatureUpload({
  path,
  hasSignature,
  className = '',
}: {
  path: string
  hasSignature: boolean
  className?: string
}) {
  const id = useId()
  const refresh = useRefreshAdmin()
  const [busy, setBusy] = useState(false)

  async function upload(file: File | undefined) {
    if (!file) return
    const form = new FormData()
    form.append('image', file)
    setBusy(true)
    try {
      await send('POST', path, form)
      void toastSuccess('Assinatura enviada.')
      await refresh()
    } catch (error) {
      void toastError(error, 'Erro ao enviar a assinatura.')
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block font-medium text-slate-800 text-sm">
        Imagem da assinatura (PNG ou JPG, até 512 KB)
      </label>
      <input
        id={id}
        type="file"
        accept="image/png,image/jpeg"
        disabled={busy}
        aria-describedby={`${id}-situacao`}
        onChange={(event) => {
          void upload(event.target.files?.[0])
          event.target.value = ''
        }}
        className="block w-full text-sm"
      />
      <p id={`${id}-situacao`} className="mt-1 text-slate-600 text-sm">
        {hasSignature
          ? 'Assinatura enviada: uma nova substitui a atual nos próximos certificados.'
          : 'Nenhuma assinatura enviada.'}
      </p>
    </div>
  )
}
