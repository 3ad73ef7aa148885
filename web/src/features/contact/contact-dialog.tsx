import * as Dialog from '@radix-ui/react-dialog'
import { DialogCloseButton, DialogShell, type OpenedDialogProps } from '../../components/dialog-shell.tsx'
import { CONTACT_COPY } from './contact.copy.ts'
import { ContactForm } from './contact-form.tsx'

/**
 * SPEC sections 2, 4 and 9: a full-screen modal over a blurred backdrop (stacking order 1060,
 * ~0.7 s background animation), the form panel at the bottom right on wide screens (45 %) and
 * nearly full width below 996 px (93 %), the close control at the top right. Focus moves into
 * the panel and back to the button on close; Escape closes it.
 */
export default function ContactDialog({ returnFocusTo, ...dialog }: OpenedDialogProps) {
  return (
    <DialogShell
      {...dialog}
      overlayClassName="contact-backdrop fixed inset-0 z-[1060] bg-slate-900/45 backdrop-blur-md"
      id="contactModal"
      onOpenAutoFocus={(event) => {
        // Straight to the first field, not the close button.
        event.preventDefault()
        ;(event.currentTarget as HTMLElement | null)?.querySelector<HTMLElement>('input')?.focus()
      }}
      onClosed={() => returnFocusTo.current?.focus()}
      className="contact-panel fixed right-[3.5%] bottom-3 z-[1060] max-h-[calc(100dvh-1.5rem)] w-[93%] overflow-y-auto rounded-2xl bg-white p-5 shadow-2xl focus:outline-none min-[996px]:right-6 min-[996px]:bottom-6 min-[996px]:w-[45%] min-[996px]:p-7"
    >
      <Dialog.Title className="pr-12 font-extrabold text-2xl text-slate-900">
        {CONTACT_COPY.heading}
      </Dialog.Title>
      <Dialog.Description className="mt-1 mb-5 text-slate-700">{CONTACT_COPY.intro}</Dialog.Description>
      <ContactForm target="chat" onSent={() => dialog.onOpenChange(false)} />
      <DialogCloseButton className="icon-btn absolute top-3 right-3" label={CONTACT_COPY.close} />
    </DialogShell>
  )
}
