import type { IconNode } from 'lucide'
import { Icon } from '../../components/icons.tsx'

/** The square outline button of an admin list's row that shows only its icon; `label` names it. */
export function IconButton({
  icon,
  label,
  onClick,
  disabled,
  iconClassName = 'size-4',
}: {
  icon: IconNode
  label: string
  onClick: () => void
  disabled?: boolean
  iconClassName?: string
}) {
  return (
    <button
      type="button"
      className="icon-btn icon-btn-outline"
      aria-label={label}
      disabled={disabled}
      onClick={onClick}
    >
      <Icon drawing={icon} className={iconClassName} />
    </button>
  )
}
