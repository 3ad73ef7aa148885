import { useRouterState } from '@tanstack/react-router'
import { useEffect } from 'react'

/**
 * Pages whose anchors only exist once their data arrives (/cursos#…, /ebooks#ebook-3): the
 * browser's and the router's own jump to the hash ran before, so it is re-applied when `ready`
 * turns true and whenever the hash changes (a client-side link to another anchor of the page).
 */
export function useScrollToHash(ready: boolean) {
  const hash = useRouterState({ select: (state) => state.location.hash })
  useEffect(() => {
    if (!ready || !hash) return
    const id = decodeURIComponent(hash.replace(/^#/, ''))
    // One frame later the freshly rendered cards have their size, so the target stays in place.
    const frame = requestAnimationFrame(() => document.getElementById(id)?.scrollIntoView())
    return () => cancelAnimationFrame(frame)
  }, [ready, hash])
}
