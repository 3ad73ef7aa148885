import { useEffect } from 'react'
import { Toaster, toast } from 'sonner'
import { TOAST_DURATION_MS } from '../lib/toast.ts'

const overlaps = (a: DOMRect, b: DOMRect) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom

/**
 * A toast never hides what has the keyboard focus (WCAG 2.4.11): when the focus lands under one
 * (after the browser has scrolled to it), the toasts step aside; screen readers already heard them.
 */
function useToastsClearTheFocus() {
  useEffect(() => {
    function clear() {
      const focused = document.activeElement
      if (!(focused instanceof HTMLElement) || !focused.matches(':focus-visible')) return
      const box = focused.getBoundingClientRect()
      const toasts = document.querySelectorAll('[data-sonner-toast]')
      if ([...toasts].some((shown) => overlaps(shown.getBoundingClientRect(), box))) toast.dismiss()
    }
    const afterFocus = () => requestAnimationFrame(clear)
    document.addEventListener('focusin', afterFocus)
    window.addEventListener('scrollend', clear)
    return () => {
      document.removeEventListener('focusin', afterFocus)
      window.removeEventListener('scrollend', clear)
    }
  }, [])
}

/** SPEC section 8: toasts last 3 s, top-right, no confirm button; 422 messages keep their line breaks. */
export default function AppToaster() {
  useToastsClearTheFocus()
  return (
    <Toaster
      position="top-right"
      // Below the sticky header (its measured height), so a toast never covers the cart button,
      // the user menu or the menu bar.
      offset={{ top: 'calc(var(--header-height, 8rem) + 0.5rem)' }}
      mobileOffset={{ top: 'calc(var(--header-height, 8rem) + 0.5rem)' }}
      duration={TOAST_DURATION_MS}
      // The region's name for screen readers (sonner's default is English).
      containerAriaLabel="Notificações"
      toastOptions={{ classNames: { title: 'whitespace-pre-line' } }}
    />
  )
}
