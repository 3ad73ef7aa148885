import { Toaster } from 'sonner'
import { TOAST_DURATION_MS } from '../lib/toast.ts'

/** SPEC section 8: toasts last 3 s, top-right, no confirm button; 422 messages keep their line breaks. */
export default function AppToaster() {
  return (
    <Toaster
      position="top-right"
      duration={TOAST_DURATION_MS}
      toastOptions={{ classNames: { title: 'whitespace-pre-line' } }}
    />
  )
}
