import { type DragEvent, useRef } from 'react'
import type { AdminShowcase, AdminShowcaseCard } from '../../../../worker/contract/admin-showcase.ts'
import type { CardType } from '../../../../worker/domain/catalog.ts'

// The showcase editor's draft: the lists and cards as the admin arranges them before publishing.

export const LIST_MODAL_ID = 'admin-vitrine-lista'
export const CARD_MODAL_ID = 'admin-vitrine-card'
/** What the list's and the card's forms say under their titles. */
export const DRAFT_NOTE = 'A mudança entra no rascunho; a home muda quando você publicar.'

export const TYPE_LABELS: Record<CardType, string> = {
  turma: 'Turma',
  produto: 'Produto',
  pacote: 'Pacote',
  curso: 'Curso',
}

export type DraftCard = Omit<AdminShowcaseCard, 'id' | 'price' | 'img'> & {
  id: number | null
  /** Left undefined: the item's first picture, which the server takes when publishing. */
  img?: string | null | undefined
  key: string
  price: number | null
}
export type DraftList = {
  id: number | null
  key: string
  title: string
  sub_title: string
  cart_mode: boolean
  cards: DraftCard[]
}

export const newKey = () => crypto.randomUUID()

export function draftOf(showcase: AdminShowcase): DraftList[] {
  return showcase.lists.map((list) => ({
    id: list.id,
    key: `lista-${list.id}`,
    title: list.title,
    sub_title: list.sub_title,
    cart_mode: list.cart_mode,
    cards: list.cards.map((card) => ({ ...card, key: `card-${card.id}` })),
  }))
}

/** What the API takes: the lists in order, each with its cards in order. */
export const payloadOf = (lists: DraftList[]) =>
  lists.map((list) => ({
    id: list.id,
    title: list.title,
    sub_title: list.sub_title,
    cart_mode: list.cart_mode,
    cards: list.cards.map((card) => ({
      id: card.id,
      type: card.type,
      item_id: card.item_id,
      name: card.name,
      name_splited: card.name_splited,
      description_title: card.description_title,
      description: card.description,
      img: card.img,
      amount: card.amount,
      open: card.open,
    })),
  }))

export function move<T>(items: T[], from: number, to: number): T[] {
  if (to < 0 || to >= items.length || from === to) return items
  const next = [...items]
  const [item] = next.splice(from, 1)
  next.splice(to, 0, item!)
  return next
}

/** Drag and drop within one list of items (the arrow buttons beside each do the same by keyboard). */
export function useDragSort(onMove: (from: number, to: number) => void) {
  const dragged = useRef<number | null>(null)
  return (index: number) => ({
    draggable: true,
    onDragStart: (event: DragEvent) => {
      dragged.current = index
      event.dataTransfer.effectAllowed = 'move'
      event.dataTransfer.setData('text/plain', String(index))
      event.stopPropagation()
    },
    onDragOver: (event: DragEvent) => {
      if (dragged.current === null) return
      event.preventDefault()
      event.stopPropagation()
    },
    onDrop: (event: DragEvent) => {
      if (dragged.current === null) return
      event.preventDefault()
      event.stopPropagation()
      onMove(dragged.current, index)
      dragged.current = null
    },
    onDragEnd: () => {
      dragged.current = null
    },
  })
}
