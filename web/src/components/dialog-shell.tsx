import * as Dialog from '@radix-ui/react-dialog'
import { X } from 'lucide'
import type { ComponentProps, RefObject } from 'react'
import { Icon } from './icons.tsx'

/** The props of a dialog its opener loads on demand and opens without a Radix Trigger. */
export type OpenedDialogProps = {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** Opened without a Radix Trigger, so focus is handed back explicitly on close. */
  returnFocusTo: RefObject<HTMLElement | null>
}

type DialogShellProps = Omit<ComponentProps<typeof Dialog.Content>, 'onCloseAutoFocus'> &
  Pick<OpenedDialogProps, 'open' | 'onOpenChange'> & {
    overlayClassName?: string
    /** Where focus goes once it closes: these dialogs open without a Radix Trigger to hand it back to. */
    onClosed: () => void
  }

/** A modal dialog in a portal, over its overlay (by default the dimmed, blurred page). */
export function DialogShell({
  open,
  onOpenChange,
  overlayClassName = 'fixed inset-0 z-[1060] bg-slate-900/50 backdrop-blur-sm',
  onClosed,
  children,
  ...content
}: DialogShellProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={overlayClassName} />
        <Dialog.Content
          {...content}
          onCloseAutoFocus={(event) => {
            event.preventDefault()
            onClosed()
          }}
        >
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

/** The dialog's × button. */
export function DialogCloseButton({ className, label = 'Fechar' }: { className: string; label?: string }) {
  return (
    <Dialog.Close className={className} aria-label={label}>
      <Icon drawing={X} className="size-5" />
    </Dialog.Close>
  )
}
