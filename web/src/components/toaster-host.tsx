import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react'
import { isToasterRequested, requestToaster, subscribeToToasterRequest } from '../lib/toast.ts'

const AppToaster = lazy(() => import('./toaster.tsx'))
// The confirm dialog's host (SPEC section 8) comes with it: no public page asks for a
// confirmation, so its code stays out of the first load; confirm() asks for both at once.
const ConfirmProvider = lazy(() => import('../lib/confirm.tsx').then((m) => ({ default: m.ConfirmProvider })))
/** Pages rendered by the Worker never include the Toaster: the browser mounts it after hydration. */
const notRequested = () => false

/**
 * Mounts the Toaster and the confirm dialog's host on the first toast or confirm(), or once the
 * page is idle so later ones show at once.
 */
export function ToasterHost() {
  const requested = useSyncExternalStore(subscribeToToasterRequest, isToasterRequested, notRequested)

  useEffect(() => {
    if (requested) return
    if ('requestIdleCallback' in window) {
      const handle = window.requestIdleCallback(requestToaster, { timeout: 4000 })
      return () => window.cancelIdleCallback(handle)
    }
    const timer = setTimeout(requestToaster, 2000)
    return () => clearTimeout(timer)
  }, [requested])

  if (!requested) return null
  return (
    <Suspense fallback={null}>
      <AppToaster />
      <ConfirmProvider />
    </Suspense>
  )
}
