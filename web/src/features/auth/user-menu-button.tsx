import { ChevronDown } from 'lucide'
import type { ComponentProps } from 'react'
import type { User } from '../../../../worker/contract/auth.ts'
import { Icon } from '../../components/icons.tsx'
import { firstName } from './use-current-user.ts'
import { UserAvatar } from './user-avatar.tsx'

/**
 * The user menu's button (SPEC section 2: greeting, first name, photo). The header draws it at
 * once; the menu itself (Radix, user-menu.tsx) loads when the visitor reaches for it and takes
 * this same button over as its trigger.
 */
export function UserMenuButton({
  user,
  className = '',
  ...props
}: ComponentProps<'button'> & { user: User }) {
  return (
    <button
      id="user-menu-trigger"
      type="button"
      aria-haspopup="menu"
      className={`inline-flex min-h-11 items-center gap-2 rounded-full py-1 pr-2 pl-1 text-left text-slate-800 hover:bg-slate-100 data-[state=open]:bg-slate-100 ${className}`}
      {...props}
    >
      <UserAvatar photo={user.photo} size={36} />
      <span className="sr-only sm:not-sr-only sm:flex sm:flex-col sm:leading-tight">
        <span className="text-slate-600 text-xs">Seja bem-vindo</span>{' '}
        <span className="max-w-32 truncate font-semibold text-sm">{firstName(user.name)}</span>
      </span>
      <Icon drawing={ChevronDown} className="size-4 text-slate-600" />
    </button>
  )
}
