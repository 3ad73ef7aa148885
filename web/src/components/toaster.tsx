import { Toaster } from 'sonner'
import { TOAST_DURATION_MS } from '../lib/toast.ts'

/** SPEC section 8: toasts last 3 s, top-right, no confirm button; 422 messages keep their line breaks. */
export default function AppToaster() {
  return (
    <Toaster
      position="top-right"
      // Below the header, so a toast never covers the cart button or the user menu.
      offset={{ top: '5.5rem' }}
      mobileOffset={{ top: '8.5rem' }}
      duration={TOAST_DURATION_MS}
      toastOptions={{ classNames: { title: 'whitespace-pre-line' } }}
    />
  )
}
