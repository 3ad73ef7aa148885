import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react'
import { isToasterRequested, requestToaster, subscribeToToasterRequest } from '../lib/toast.ts'

const AppToaster = lazy(() => import('./toaster.tsx'))
/** Pages rendered by the Worker never include the Toaster: the browser mounts it after hydration. */
const notRequested = () => false

/** Mounts the Toaster on the first toast, or once the page is idle so later toasts show at once. */
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
    </Suspense>
  )
}
