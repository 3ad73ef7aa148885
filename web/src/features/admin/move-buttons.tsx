import { ChevronDown } from 'lucide'
import { IconButton } from './icon-button.tsx'

/** 'Mover … para cima' and '… para baixo' of an item in an ordered list; `onMove` gets -1 or 1. */
export function MoveButtons({
  what,
  index,
  count,
  onMove,
}: {
  what: string
  index: number
  count: number
  onMove: (step: -1 | 1) => void
}) {
  return (
    <>
      <IconButton
        icon={ChevronDown}
        label={`Mover ${what} para cima`}
        disabled={index === 0}
        onClick={() => onMove(-1)}
        iconClassName="size-4 rotate-180"
      />
      <IconButton
        icon={ChevronDown}
        label={`Mover ${what} para baixo`}
        disabled={index === count - 1}
        onClick={() => onMove(1)}
      />
    </>
  )
}
