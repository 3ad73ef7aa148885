import { useRouter } from '@tanstack/react-router'
import { useEffect } from 'react'

/**
 * After a navigation inside the app the link that was pressed is gone, and the focus with it:
 * the new page's anchor target, else its h1, else the main region takes the focus, so a
 * keyboard or screen-reader user starts on the page they asked for. Scrolling stays the router's.
 */
export function RouteFocus() {
  const router = useRouter()
  useEffect(
    () =>
      router.subscribe('onRendered', ({ fromLocation, pathChanged, toLocation }) => {
        // The first page load keeps the browser's own start (the skip link comes first).
        if (!fromLocation || !pathChanged) return
        // A dialog closed by the navigation (the cart's 'Finalizar compra') hands the focus back
        // to its opener in a task of its own: this one runs after it.
        setTimeout(() => focusPageStart(toLocation.hash.replace(/^#/, '')), 0)
      }),
    [router],
  )
  return null
}

function focusPageStart(hash: string) {
  const main = document.getElementById('conteudo')
  if (!main) return
  const anchor = hash ? document.getElementById(decodeURIComponent(hash)) : null
  const target = anchor ?? main.querySelector('h1')
  if (target) return focusQuietly(target)
  // Still loading (an order, a cart): the main region now, its heading once it arrives, unless
  // the person has moved on by then.
  focusQuietly(main)
  const observer = new MutationObserver(() => {
    const heading = main.querySelector('h1')
    if (!heading) return
    observer.disconnect()
    if (document.activeElement === main) focusQuietly(heading)
  })
  observer.observe(main, { childList: true, subtree: true })
  setTimeout(() => observer.disconnect(), 10_000)
}

function focusQuietly(element: HTMLElement) {
  if (!element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1')
  element.focus({ preventScroll: true })
}

/** The header height styles.css and the toaster assume until told otherwise: `var(--header-height, 8rem)`. */
const ASSUMED_HEADER_REM = 8

/**
 * Keeps `--header-height` at the sticky header's height (less the phone menu, which covers the
 * page while open anyway) wherever the CSS's assumed 8rem would fall short: the page's scroll
 * margins and the toaster use it, so a field or an anchor the browser scrolls to is not hidden
 * under the header (WCAG 2.4.11). A property set on <html> restyles the whole page (every element
 * inherits it; 60 ms of a phone's main thread on the home page), so it is set only when needed and
 * only when it changes.
 */
export function StickyHeaderOffset() {
  useEffect(() => {
    const header = document.querySelector('header')
    if (!header) return
    const root = document.documentElement
    const observer = new ResizeObserver(() => {
      const menu = document.getElementById('menu-mobile')
      const height = header.offsetHeight - (menu?.offsetHeight ?? 0)
      const assumed = Number.parseFloat(getComputedStyle(root).fontSize) * ASSUMED_HEADER_REM
      const wanted = height > assumed ? `${height}px` : ''
      if (root.style.getPropertyValue('--header-height') === wanted) return
      if (wanted) root.style.setProperty('--header-height', wanted)
      else root.style.removeProperty('--header-height')
    })
    observer.observe(header)
    return () => observer.disconnect()
  }, [])
  return null
}
