import { useId } from 'react'
import { send, useBusyRequest } from './admin-api.ts'

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
  const { busy, run } = useBusyRequest()

  async function upload(file: File | undefined) {
    if (!file) return
    const form = new FormData()
    form.append('image', file)
    await run(
      () => send('POST', path, form),
      () => 'Assinatura enviada.',
      'Erro ao enviar a assinatura.',
    )
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
