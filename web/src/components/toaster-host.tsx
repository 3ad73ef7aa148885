import { lazy, Suspense, useSyncExternalStore } from 'react'
import { isToasterRequested, subscribeToToasterRequest } from '../lib/toast.ts'

const AppToaster = lazy(() => import('./toaster.tsx'))
/** Pages rendered by the Worker never include the Toaster: the browser mounts it after hydration. */
const notRequested = () => false

/**
 * Mounts the Toaster (and fetches sonner) on the first toast only: most visits show none, and
 * sonner shows the toasts created before it mounted.
 */
export function ToasterHost() {
  const requested = useSyncExternalStore(subscribeToToasterRequest, isToasterRequested, notRequested)
  if (!requested) return null
  return (
    <Suspense fallback={null}>
      <AppToaster />
    </Suspense>
  )
}
