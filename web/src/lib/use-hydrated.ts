import { useSyncExternalStore } from 'react'

const subscribe = () => () => {}

/**
 * False while React renders on the server and while it hydrates a page the Worker rendered
 * (its first render must match that HTML), true from then on and in the browser's own renders.
 * What the shared page cannot know (who the visitor is) waits for it.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  )
}
