import { MessageCircle } from 'lucide'
import { lazy, Suspense, useRef, useState } from 'react'
import { Icon } from '../../components/icons.tsx'
import { CONTACT_COPY } from './contact.copy.ts'

// The dialog, the form and their libraries load on the first press (or hover), never with the page.
const loadDialog = () => import('./contact-dialog.tsx')
const ContactDialog = lazy(loadDialog)

/**
 * SPEC sections 2 and 4: the round contact button fixed at the bottom right of every page (3.5rem),
 * opening the 'Fale com a gente' modal; its messages are leads of target 'chat'.
 */
export function ContactWidget() {
  const [open, setOpen] = useState(false)
  const [requested, setRequested] = useState(false)
  const buttonRef = useRef<HTMLButtonElement>(null)
  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        aria-label={CONTACT_COPY.open}
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        onClick={() => {
          setRequested(true)
          setOpen(true)
        }}
        className="fixed right-4 bottom-4 z-[1050] grid size-14 place-items-center rounded-full bg-teal-700 text-white shadow-lg shadow-slate-900/25 transition-colors hover:bg-teal-800 sm:right-6 sm:bottom-6"
      >
        <Icon drawing={MessageCircle} className="size-7" />
      </button>
      {requested ? (
        <Suspense fallback={null}>
          <ContactDialog open={open} onOpenChange={setOpen} returnFocusTo={buttonRef} />
        </Suspense>
      ) : null}
    </>
  )
}
