import { LoaderCircle } from 'lucide'
import type { ComponentProps } from 'react'
import { Icon } from '../../components/icons.tsx'

type ActionButtonProps = Omit<ComponentProps<'button'>, 'type'> & { pending?: boolean }

/** A button whose request is under way: disabled, busy, with a spinner before its text. */
export function ActionButton({
  pending = false,
  disabled,
  children,
  className,
  ...button
}: ActionButtonProps) {
  return (
    <button
      {...button}
      type="button"
      disabled={disabled || pending}
      aria-busy={pending || undefined}
      className={className ?? 'btn btn-outline'}
    >
      {pending ? <Icon drawing={LoaderCircle} className="size-4 animate-spin" /> : null}
      {children}
    </button>
  )
}
