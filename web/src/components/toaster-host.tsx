import { lazy, Suspense, useSyncExternalStore } from 'react'
import { isToasterRequested, subscribeToToasterRequest } from '../lib/toast.ts'

const AppToaster = lazy(() => import('./toaster.tsx'))
// The confirm dialog's host (SPEC section 8) comes with it: no public page asks for a
// confirmation, so its code stays out of the first load; confirm() asks for both at once.
const ConfirmProvider = lazy(() => import('../lib/confirm.tsx').then((m) => ({ default: m.ConfirmProvider })))
/** Pages rendered by the Worker never include the Toaster: the browser mounts it after hydration. */
const notRequested = () => false

/**
 * Mounts the Toaster (and fetches sonner) and the confirm dialog's host on the first toast or
 * confirm() only: most visits show none, and sonner shows the toasts created before it mounted.
 */
export function ToasterHost() {
  const requested = useSyncExternalStore(subscribeToToasterRequest, isToasterRequested, notRequested)
  if (!requested) return null
  return (
    <Suspense fallback={null}>
      <AppToaster />
      <ConfirmProvider />
    </Suspense>
  )
}
