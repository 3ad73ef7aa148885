import { lazy, Suspense, useEffect, useState } from 'react'
import { requestToaster } from './toast.ts'

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
/** Asked before the provider mounted (it comes after the first paint, with the toaster). */
const waiting: Request[] = []

/**
 * Asks the user through the one mounted <ConfirmProvider />. Asked before it is mounted, it
 * waits for it (the app mounts it with the toaster, which this requests).
 */
export function confirm(options: ConfirmOptions = {}): Promise<boolean> {
  return new Promise((resolve) => {
    const request = { ...CONFIRM_DEFAULTS, ...options, resolve, opener: document.activeElement }
    if (show) return show(request)
    waiting.push(request)
    requestToaster()
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
    for (const request of waiting.splice(0)) show(request)
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
