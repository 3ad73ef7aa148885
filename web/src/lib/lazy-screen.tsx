import type { ComponentType, LazyExoticComponent } from 'react'
import { Suspense } from 'react'

/**
 * A screen fetched when its route is opened (the admin screens: the route file's own
 * `lazy(() => import(…))`), with 'Carregando...' until it arrives: the route's own chunk holds
 * only this, so the public first load does not list the screen's files.
 */
export function LazyScreen({ screen: Screen }: { screen: LazyExoticComponent<ComponentType> }) {
  return (
    <Suspense fallback={<ScreenPending />}>
      <Screen />
    </Suspense>
  )
}

function ScreenPending() {
  return (
    <p className="container-page py-12 text-slate-700" role="status">
      Carregando...
    </p>
  )
}
