import { lazy, Suspense, useEffect, useState } from 'react'

export type ConfirmOptions = {
  title?: string
  text?: string
  confirmLabel?: string
  cancelLabel?: string
}

type Request = Required<ConfirmOptions> & { resolve: (answer: boolean) => void; opener: Element | null }

// SPEC section 8 defaults, typos included: they are the institute's copy.
export const CONFIRM_DEFAULTS: Required<ConfirmOptions> = {
  title: 'Confimação',
  text: 'Você confirma está ação?',
  confirmLabel: 'Confirmar',
  cancelLabel: 'Cancelar',
}

// Radix stays out of the first load: the dialog is fetched on the first confirm() call.
const ConfirmDialog = lazy(() => import('./confirm-dialog.tsx'))

let show: ((request: Request) => void) | null = null

/** Asks the user through the one mounted <ConfirmProvider />; resolves false when none is mounted. */
export function confirm(options: ConfirmOptions = {}): Promise<boolean> {
  return new Promise((resolve) => {
    if (!show) return resolve(false)
    show({ ...CONFIRM_DEFAULTS, ...options, resolve, opener: document.activeElement })
  })
}

export function ConfirmProvider() {
  const [request, setRequest] = useState<Request | null>(null)
  const [last, setLast] = useState<Request | null>(null)

  useEffect(() => {
    show = (next) => {
      setRequest((current) => {
        current?.resolve(false)
        return next
      })
      setLast(next)
    }
    return () => {
      show = null
    }
  }, [])

  if (!last) return null
  return (
    <Suspense fallback={null}>
      <ConfirmDialog
        open={request !== null}
        title={last.title}
        text={last.text}
        confirmLabel={last.confirmLabel}
        cancelLabel={last.cancelLabel}
        opener={last.opener}
        onAnswer={(answer) => {
          request?.resolve(answer)
          setRequest(null)
        }}
      />
    </Suspense>
  )
}
