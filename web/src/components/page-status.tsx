import { type ErrorComponentProps, useRouter } from '@tanstack/react-router'
import { LoaderCircle } from 'lucide'
import { errorMessage } from '../lib/toast.ts'
import { Icon } from './icons.tsx'

/** A visible, announced loading row. */
export function LoadingState({ label = 'Carregando...' }: { label?: string }) {
  return (
    <p className="flex items-center gap-2 py-6 text-slate-700" role="status">
      <Icon drawing={LoaderCircle} className="size-5 animate-spin text-teal-700" />
      {label}
    </p>
  )
}

/** A failed load: what went wrong, in pt-BR, and a button that tries again. */
export function ErrorState({
  title = 'Erro ao carregar dados',
  detail,
  onRetry,
}: {
  title?: string
  detail?: string | undefined
  onRetry: () => void
}) {
  return (
    <div className="my-6 rounded-xl border border-red-200 bg-red-50 p-4 text-red-900" role="alert">
      <p className="font-semibold">{title}</p>
      {detail ? <p className="mt-1 text-sm">{detail}</p> : null}
      <button type="button" className="btn btn-outline mt-3" onClick={onRetry}>
        Tentar novamente
      </button>
    </div>
  )
}

/** Route `pendingComponent`: shown when a page's data takes more than a moment. */
export function RoutePending() {
  return (
    <div className="container-page py-12">
      <LoadingState />
    </div>
  )
}

/** Route `errorComponent`: the loader failed (network, server); retrying re-runs the loaders. */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter()
  const detail = errorMessage(error, '')
  return (
    <div className="container-page py-12">
      <h1 className="font-extrabold text-3xl text-slate-900">Não foi possível abrir esta página</h1>
      <ErrorState
        detail={detail || 'Verifique sua conexão e tente novamente.'}
        onRetry={() => {
          reset()
          void router.invalidate()
        }}
      />
    </div>
  )
}
