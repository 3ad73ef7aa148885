import { createContext, type ReactNode, useContext, useEffect, useState } from 'react'

export type FormModalMode = 'store' | 'update' | 'load'
export type OpenModalDetail = { id: string; mode: FormModalMode }

export const OPEN_MODAL_EVENT = 'open-modal'
export const CLOSE_MODAL_EVENT = 'close-modal'

declare global {
  interface WindowEventMap {
    'open-modal': CustomEvent<OpenModalDetail>
    'close-modal': CustomEvent<{ id: string }>
  }
}

/** Opens (or switches the mode of) the modal with this id, from anywhere in the app. */
export function openModal(id: string, mode: FormModalMode = 'store') {
  window.dispatchEvent(new CustomEvent(OPEN_MODAL_EVENT, { detail: { id, mode } }))
}

export function closeModal(id: string) {
  window.dispatchEvent(new CustomEvent(CLOSE_MODAL_EVENT, { detail: { id } }))
}

type ModalState = {
  open: boolean
  mode: FormModalMode
  action: 'store' | 'update'
  /** What had focus when the modal opened: it gets focus back on close (there is no Radix Trigger). */
  opener: Element | null
}
type Registry = { modals: Record<string, ModalState>; close: (id: string) => void }

const FormModalContext = createContext<Registry | null>(null)

/** Mounted once in the root: keeps the open state and mode of every form modal by id. */
export function FormModalProvider({ children }: { children: ReactNode }) {
  const [modals, setModals] = useState<Record<string, ModalState>>({})

  useEffect(() => {
    function onOpen(event: CustomEvent<OpenModalDetail>) {
      const { id, mode } = event.detail
      const focused = document.activeElement
      setModals((current) => {
        const previous = current[id]
        // 'load' keeps showing the button of the action in progress.
        const action = mode === 'load' ? (previous?.action ?? 'store') : mode
        const opener = previous?.open ? previous.opener : focused
        return { ...current, [id]: { open: true, mode, action, opener } }
      })
    }
    function onClose(event: CustomEvent<{ id: string }>) {
      close(event.detail.id)
    }
    function close(id: string) {
      setModals((current) => {
        const modal = current[id]
        return modal ? { ...current, [id]: { ...modal, open: false } } : current
      })
    }
    window.addEventListener(OPEN_MODAL_EVENT, onOpen)
    window.addEventListener(CLOSE_MODAL_EVENT, onClose)
    return () => {
      window.removeEventListener(OPEN_MODAL_EVENT, onOpen)
      window.removeEventListener(CLOSE_MODAL_EVENT, onClose)
    }
  }, [])

  const registry: Registry = { modals, close: closeModal }
  return <FormModalContext value={registry}>{children}</FormModalContext>
}

export function useFormModal(id: string) {
  const registry = useContext(FormModalContext)
  if (!registry) throw new Error('FormModal needs <FormModalProvider> above it')
  const state = registry.modals[id] ?? { open: false, mode: 'store', action: 'store', opener: null }
  return { ...state, close: () => registry.close(id) }
}
