import * as Dialog from '@radix-ui/react-dialog'
import { X } from 'lucide'
import type { RefObject } from 'react'
import { Icon } from '../../components/icons.tsx'
import { CONTACT_COPY } from './contact.copy.ts'
import { ContactForm } from './contact-form.tsx'

type ContactDialogProps = {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** Opened without a Radix Trigger, so focus is handed back explicitly on close. */
  returnFocusTo: RefObject<HTMLElement | null>
}

/**
 * SPEC sections 2, 4 and 9: a full-screen modal over a blurred backdrop (stacking order 1060,
 * ~0.7 s background animation), the form panel at the bottom right on wide screens (45 %) and
 * nearly full width below 996 px (93 %), the close control at the top right. Focus moves into
 * the panel and back to the button on close; Escape closes it.
 */
export default function ContactDialog({ open, onOpenChange, returnFocusTo }: ContactDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="contact-backdrop fixed inset-0 z-[1060] bg-slate-900/45 backdrop-blur-md" />
        <Dialog.Content
          id="contactModal"
          onOpenAutoFocus={(event) => {
            // Straight to the first field, not the close button.
            event.preventDefault()
            ;(event.currentTarget as HTMLElement | null)?.querySelector<HTMLElement>('input')?.focus()
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault()
            returnFocusTo.current?.focus()
          }}
          className="contact-panel fixed right-[3.5%] bottom-3 z-[1060] max-h-[calc(100dvh-1.5rem)] w-[93%] overflow-y-auto rounded-2xl bg-white p-5 shadow-2xl focus:outline-none min-[996px]:right-6 min-[996px]:bottom-6 min-[996px]:w-[45%] min-[996px]:p-7"
        >
          <Dialog.Title className="pr-12 font-extrabold text-2xl text-slate-900">
            {CONTACT_COPY.heading}
          </Dialog.Title>
          <Dialog.Description className="mt-1 mb-5 text-slate-700">{CONTACT_COPY.intro}</Dialog.Description>
          <ContactForm target="chat" onSent={() => onOpenChange(false)} />
          <Dialog.Close className="icon-btn absolute top-3 right-3" aria-label={CONTACT_COPY.close}>
            <Icon drawing={X} className="size-5" />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
