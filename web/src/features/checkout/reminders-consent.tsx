import { useEffect, useRef } from 'react'
import type { UseFormReturn } from 'react-hook-form'
import { Payer } from '../../../../worker/contract/checkout.ts'
import { REMINDERS_CONSENT_LABEL } from '../../../../worker/contract/reminders.ts'
import type { CheckoutFormInput, CheckoutFormValues } from './checkout.form.ts'
import { saveAbandonedCheckout } from './checkout.mutations.ts'
import { TickBox } from './checkout-fields.tsx'

type Form = UseFormReturn<CheckoutFormInput, unknown, CheckoutFormValues>

/** How long the typing must pause before the e-mail is sent. */
const DEBOUNCE_MS = 800

type Sent = { hash: string; email: string }

const send = (sent: Sent, consent: boolean) =>
  // In the background: a failure here must never disturb the purchase.
  saveAbandonedCheckout({ ...sent, consent }).catch(() => undefined)

/**
 * Issue 25: with the box ticked and a valid e-mail typed, the e-mail and this cart are sent
 * (debounced) so a reminder can follow if the purchase is left; a corrected e-mail or another cart
 * forgets the previous pair, and unticking forgets it. Without the box, nothing is sent.
 */
function useAbandonedCheckoutCapture(hash: string, typed: string, consent: boolean) {
  const sent = useRef<Sent | null>(null)
  useEffect(() => {
    const timer = window.setTimeout(() => {
      const previous = sent.current
      const email = Payer.shape.email.safeParse(typed)
      if (!consent) {
        sent.current = null
        if (previous) void send(previous, false)
        return
      }
      if (!email.success) return
      const next = { hash, email: email.data }
      if (previous && previous.hash === next.hash && previous.email === next.email) return
      if (previous) void send(previous, false)
      sent.current = next
      void send(next, true)
    }, DEBOUNCE_MS)
    return () => window.clearTimeout(timer)
  }, [hash, typed, consent])
}

/** 'Quero receber lembretes sobre esta compra por e-mail', unticked by default. */
export function RemindersConsent({ form, hash }: { form: Form; hash: string }) {
  const consent = form.watch('reminders_consent')
  const email = form.watch('payer.email')
  useAbandonedCheckoutCapture(hash, email, consent)
  return (
    <TickBox
      label={REMINDERS_CONSENT_LABEL}
      detail="Se a compra ficar pela metade, ou um boleto ou PIX ficar sem pagamento, avisamos por e-mail. Cada lembrete traz um link para parar de recebê-los."
      registration={form.register('reminders_consent')}
    />
  )
}
